/**
 * Exports and reports of a prediction's result: the 8760 workbook (`…/Export`, read back with
 * exceljs: its sheets, 8,760 data rows each, the plant AC power column equal to the stored series to
 * the last digit), the nodal CSV (`…/NodalExport`, the same values as NodalJson), and the reports
 * that `report.generate` workers write (`…/GenerateReports` → poll `…/ReportURL/{type}` → download
 * `…/Report/{type}`): the PDFs' text read with pdf-parse, the 8760 workbooks opened with exceljs.
 * Before a run: 204 (409 for GenerateReports); another company: 404 everywhere.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startWorkers, type Workers } from '../../src/jobs/index.ts';
import { runReports } from '../../src/models/predictionReport.ts';
import { plantHeader } from '../../src/reports/columns.ts';
import { TRANSPOSITION_LABEL } from '../../src/reports/inputsAssumptionsPdf.ts';
import {
  energyMwhText,
  LOSS_DIAGRAM_TITLE,
  MONTHLY_ENERGY_TITLE,
  MONTHLY_IRRADIATION_TITLE,
} from '../../src/reports/plantSummaryPdf.ts';
import { findResult, plantSeries } from '../../src/results/load.ts';
import { call, describeEachDatabase, type TestContext } from './harness.ts';
import { FIXED_INVERTER, predictionUrl, predictionWorld, TRACKER_MODULE } from './predictionFactory.ts';
import { runnablePrediction, runToSuccess, runWorkers, type RunnablePrediction } from './runHelpers.ts';

type Json = Record<string, unknown>;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_OPTIONS = {
  exportSystem: true,
  blockExportOptions: [
    { name: 1, exportBlock: true, exportArrays: true, exportInverters: true, exportDCFields: true },
  ],
};
const NODE_SHEETS = ['Block 1', 'B1 A1', 'B1 A1 Inv A', 'B1 A1 A DC1'];

/** Starts `report.generate` workers for the suite, stopped after it. */
function reportWorkers(ctx: () => TestContext) {
  let workers: Workers | undefined;
  beforeAll(async () => {
    workers = await startWorkers(
      ctx().database,
      { info: () => {} },
      { names: ['report.generate'], pollingIntervalSeconds: 0.5 },
    );
  });
  afterAll(async () => {
    await workers?.stop();
  });
}

/** An xlsx body opened with exceljs. */
async function workbookOf(body: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

/** The text of a PDF body. */
async function pdfTextOf(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const get = (app: FastifyInstance, p: RunnablePrediction, path: string, token = p.world.token) =>
  call(app, { method: 'GET', url: predictionUrl(p.world, p.id, path), token });

/** Polls ReportURL until the report is ready; returns its url. */
async function waitForReport(app: FastifyInstance, p: RunnablePrediction, type: string): Promise<string> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await get(app, p, `/ReportURL/${type}`);
    if (res.statusCode === 200) return (res.json() as { url: string }).url;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.body).toBe(`The ${type} report is being generated.`);
    if (Date.now() > deadline) throw new Error(`${type} not ready`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeEachDatabase('prediction exports and reports', (ctx) => {
  runWorkers(ctx);
  reportWorkers(ctx);
  let p: RunnablePrediction;

  it('answers 204 (409 to generate, 404 for a report) before a run', async () => {
    const { app } = ctx();
    p = await runnablePrediction(app);
    expect((await get(app, p, '/Export')).statusCode).toBe(204);
    expect((await get(app, p, '/NodalExport?blockNumber=1')).statusCode).toBe(204);
    expect((await get(app, p, '/ReportInfo')).statusCode).toBe(204);
    const generate = await call(app, {
      method: 'POST',
      url: predictionUrl(p.world, p.id, '/GenerateReports'),
      token: p.world.token,
    });
    expect(generate.statusCode).toBe(409);
    const url = await get(app, p, '/ReportURL/PlantSummary');
    expect(url.statusCode).toBe(404);
    expect(url.body).toBe('The PlantSummary report has not been generated.');
  });

  it('exports the 8760 workbook: a Plant sheet and one per stored node, 8,760 rows each', async () => {
    const { app, database } = ctx();
    await runToSuccess(app, p, EXPORT_OPTIONS);
    const started = performance.now();
    const res = await get(app, p, '/Export');
    const ms = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toContain('filename="Contracted_PlantSummary8760_Draft.xlsx"');
    console.log(
      `[${ctx().kind}] Export streamed ${(res.rawPayload.length / 1e6).toFixed(2)} MB in ${ms.toFixed(0)} ms`,
    );

    const wb = await workbookOf(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Plant', ...NODE_SHEETS]);
    for (const ws of wb.worksheets) expect(ws.rowCount, ws.name).toBe(8761);

    const result = (await findResult(database.db, p.world.companyId, p.id))!;
    const series = await plantSeries(database.db, result);
    const plant = wb.getWorksheet('Plant')!;
    const headers = (plant.getRow(1).values as unknown[]).slice(1);
    expect(headers[0]).toBe('Timestamp (UTC-05:00, standard time)');
    expect(headers).toHaveLength(result.details.plantColumns.length);
    const column = headers.indexOf(plantHeader('plantAcPower')) + 1;
    expect(headers).toContain('Plant AC power [W]');
    const stored = series.get('plantAcPower')!;
    const values = Float64Array.from(
      { length: 8760 },
      (_, i) => plant.getCell(i + 2, column).value as number,
    );
    expect(values).toEqual(stored);

    // Timestamps: the project's standard time, the times NodalJson shows.
    const nodal = (await get(app, p, '/NodalJson?nodalParameters=SystemPowerOutput')).json() as Json;
    const rows = nodal.SystemData as Json[];
    for (const i of [0, 4000, 8759]) {
      const cell = plant.getCell(i + 2, 1).value as Date;
      expect(cell.toISOString().slice(0, 19)).toBe(rows[i]!.TimeStamp);
    }

    // A node's sheet: its stored columns with units, to the last digit.
    const block = wb.getWorksheet('Block 1')!;
    expect((block.getRow(1).values as unknown[]).slice(2)).toEqual([
      'BlockPower [W]',
      'WeightedPOAI [W/m²]',
      'EffectiveIrradiance [W/m²]',
    ]);
    const blockJson = (await get(app, p, '/NodalJson?blockNumber=1')).json() as Json;
    const blockRows = blockJson.BlockData as Json[];
    for (const i of [0, 4000, 8759]) expect(block.getCell(i + 2, 2).value).toBe(blockRows[i]!.BlockPower);
  });

  it('exports a level of the plant as CSV, with NodalJson’s values', async () => {
    const { app } = ctx();
    const res = await get(app, p, '/NodalExport?blockNumber=1&arrayNumber=1&inverterName=a');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      'filename="Contracted_Nodal_Block1_Array1_InverterA.csv"',
    );
    const lines = res.body.replace(/\r\n$/, '').split('\r\n');
    expect(lines).toHaveLength(8761);
    const json = (await get(app, p, '/NodalJson?blockNumber=1&arrayNumber=1&inverterName=A')).json() as Json;
    const data = json.InverterData as Json[];
    const names = Object.keys(data[0]!);
    expect(lines[0]).toBe(names.join(','));
    for (const i of [0, 4000, 8759]) {
      const cells = lines[i + 1]!.split(',');
      expect(cells[0]).toBe(data[i]!.TimeStamp);
      names.slice(1).forEach((name, k) => expect(Number(cells[k + 1]), name).toBe(data[i]![name]));
    }
    const system = await get(app, p, '/NodalExport?nodal_parameters=SystemPowerOutput,GHI');
    expect(system.headers['content-disposition']).toContain('filename="Contracted_Nodal_System.csv"');
    expect(system.body.split('\r\n')[0]).toBe('TimeStamp,SystemPowerOutput,GHI');
    expect((await get(app, p, '/NodalExport?blockNumber=2')).statusCode).toBe(404);
    expect((await get(app, p, '/NodalExport?blockNumber=1&nodalParameters=Nope')).statusCode).toBe(400);
    expect((await get(app, p, '/NodalExport?arrayNumber=1')).statusCode).toBe(400);
  });

  it('generates the four reports; their files read back', async () => {
    const { app, database } = ctx();
    const started = performance.now();
    const generate = await call(app, {
      method: 'POST',
      url: predictionUrl(p.world, p.id, '/GenerateReports'),
      token: p.world.token,
    });
    expect(generate.statusCode, generate.body).toBe(200);
    const list = generate.json() as Json[];
    expect(list.map((r) => r.reportType)).toEqual([
      'PlantSummary',
      'PlantSummary8760',
      'BlockSummary8760',
      'InputsAssumptions',
    ]);
    for (const r of list) expect(['Queued', 'Running', 'Success']).toContain(r.status);

    const base = `/api/Project/${p.world.projectId}/Prediction/${p.id}/Report`;
    for (const type of ['PlantSummary', 'PlantSummary8760', 'BlockSummary8760', 'InputsAssumptions'])
      expect(await waitForReport(app, p, type)).toBe(`${base}/${type}`);
    const allMs = performance.now() - started;

    const info = (await get(app, p, '/ReportInfo')).json() as Json[];
    expect(info.map((r) => [r.status, r.fileName])).toEqual([
      ['Success', 'Contracted_PlantSummary_Draft.pdf'],
      ['Success', 'Contracted_PlantSummary8760_Draft.xlsx'],
      ['Success', 'Contracted_BlockSummary8760_Draft.xlsx'],
      ['Success', 'Contracted_InputsAssumptions_Draft.pdf'],
    ]);
    const download = async (type: string) => {
      const res = await call(app, { method: 'GET', url: `${base}/${type}`, token: p.world.token });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-disposition']).toContain('attachment; filename="Contracted_');
      return res;
    };

    const summary = (await get(app, p, '/ResultSummary')).json() as Json;
    const plantPdf = await download('PlantSummary');
    expect(plantPdf.headers['content-type']).toBe('application/pdf');
    const plantText = await pdfTextOf(plantPdf.rawPayload);
    for (const text of [
      'Plant Summary',
      'Greensboro',
      'Contracted',
      'DRAFT',
      LOSS_DIAGRAM_TITLE,
      energyMwhText((summary.years as Json[])[0]!.totalEnergy as number),
      MONTHLY_ENERGY_TITLE,
      MONTHLY_IRRADIATION_TITLE,
      'Near shading',
      'Energy at the point of interconnection',
    ])
      expect(plantText, text).toContain(text);

    const inputsText = await pdfTextOf((await download('InputsAssumptions')).rawPayload);
    for (const text of [
      'Inputs and Assumptions',
      TRACKER_MODULE,
      FIXED_INVERTER,
      `${TRANSPOSITION_LABEL} ${summary.transpositionModel as string}`,
      'Monthly albedo, soiling and spectral factors',
      'B1 A1 Inv A DC1',
      'Total uncertainty',
    ])
      expect(inputsText, text).toContain(text);

    const plant8760 = await workbookOf((await download('PlantSummary8760')).rawPayload);
    expect(plant8760.worksheets.map((w) => w.name)).toEqual(['Plant', ...NODE_SHEETS]);
    for (const ws of plant8760.worksheets) expect(ws.rowCount, ws.name).toBe(8761);
    const block8760 = await workbookOf((await download('BlockSummary8760')).rawPayload);
    expect(block8760.worksheets.map((w) => w.name)).toEqual(['Block 1']);
    expect(block8760.worksheets[0]!.rowCount).toBe(8761);

    const result = (await findResult(database.db, p.world.companyId, p.id))!;
    const rows = await runReports(database.db, result.run.id);
    console.log(
      `[${ctx().kind}] reports ready in ${allMs.toFixed(0)} ms; build: ` +
        rows.map((r) => `${r.kind} ${Math.round(r.buildMs ?? 0)} ms`).join(', '),
    );

    // Current reports are not generated again; the 8760 export serves the stored one.
    const again = (await get(app, p, '/GenerateReports')).json() as Json[];
    expect(again.map((r) => r.status)).toEqual(['Success', 'Success', 'Success', 'Success']);
    const exported = await get(app, p, '/Export');
    expect(Buffer.compare(exported.rawPayload, (await download('PlantSummary8760')).rawPayload)).toBe(0);
    const unknown = await get(app, p, '/ReportURL/Nope');
    expect(unknown.statusCode).toBe(400);
  });

  it('renamed, the prediction’s reports are generated again under the new name', async () => {
    const { app } = ctx();
    const renamed = await call(app, {
      method: 'PUT',
      url: predictionUrl(p.world, p.id, '/TitleUpdate'),
      token: p.world.token,
      payload: { name: 'Évora 2' },
    });
    expect(renamed.statusCode).toBe(200);
    const exported = await get(app, p, '/Export');
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="Evora 2_PlantSummary8760_Draft.xlsx"; filename*=UTF-8''%C3%89vora%202_PlantSummary8760_Draft.xlsx`,
    );
    const list = (await get(app, p, '/GenerateReports')).json() as Json[];
    // Stale reports are dropped; a fast report may already be done under the new name (jobs start at once).
    expect(list.every((r) => r.fileName === null || String(r.fileName).startsWith('Évora 2_'))).toBe(true);
    const deadline = Date.now() + 90_000;
    let info: Json[] = [];
    while (Date.now() < deadline) {
      info = (await get(app, p, '/ReportInfo')).json() as Json[];
      if (info.every((r) => r.status === 'Success')) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(info.map((r) => r.fileName)).toEqual([
      'Évora 2_PlantSummary_Draft.pdf',
      'Évora 2_PlantSummary8760_Draft.xlsx',
      'Évora 2_BlockSummary8760_Draft.xlsx',
      'Évora 2_InputsAssumptions_Draft.pdf',
    ]);
  });

  it('another company’s user gets 404 for every export and report route', async () => {
    const { app } = ctx();
    const other = await predictionWorld(app);
    for (const path of [
      '/Export',
      '/NodalExport',
      '/GenerateReports',
      '/ReportInfo',
      '/ReportURL/PlantSummary',
      '/Report/PlantSummary',
    ]) {
      const res = await get(app, p, path, other.token);
      expect(res.statusCode, path).toBe(404);
    }
    const post = await call(app, {
      method: 'POST',
      url: predictionUrl(p.world, p.id, '/GenerateReports'),
      token: other.token,
    });
    expect(post.statusCode).toBe(404);
  });
});
