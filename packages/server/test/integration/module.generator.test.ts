/**
 * The module generator calls (spec 2 §7.8 Generator/*): datasheet → single-diode parameters
 * (default, advanced, tuned series resistance), IV curve, effective irradiance response, and the
 * fits to key IV points and full IV curves uploaded as CSV or XLSX, with the round trip
 * parameters → curves → key points → parameters reproducing Pmp, Voc and Isc within 0.1 %.
 */
import { zipSync, strToU8 } from 'fflate';
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { multipart } from './moduleHelpers.ts';
import { createCompanyUser } from './projectFactory.ts';

/** Datasheet of the shared PAN file's module (ET-M772BH550GL: 72 cells, 550 W). */
const DATASHEET = {
  name: 'Generated 550',
  stcShortCircuitCurrent: 14.0,
  stcOpenCircuitVoltage: 49.9,
  stcmppCurrent: 13.11,
  stcmppVoltage: 41.96,
  numberOfCellsInSeries: 72,
  stcShortCircuitCurrentTempCoef: 0.045,
  stcOpenCircuitVoltageTempCoef: -0.28,
  stcPowerTempCoef: -0.35,
  cellTechnologyType: 1,
};

type Answer = {
  module: Record<string, number | unknown[]>;
  reference: { isc: number; voc: number; imp: number; vmp: number; pmp: number };
  warnings: string[];
};
type Curve = { voltage: number[]; current: number[]; isc: number; voc: number; pmp: number };

const rel = (a: number, b: number) => Math.abs(a / b - 1);

/** A minimal XLSX workbook with one sheet of rows (first row text, the rest numbers). */
function xlsx(rows: (string | number)[][], sheetXmlOverride?: string): Buffer {
  const strings: string[] = [];
  const col = (k: number) => String.fromCharCode(65 + k);
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((v, k) => {
          const ref = `${col(k)}${r + 1}`;
          if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
          strings.push(v);
          return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const files = {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0"?><workbook xmlns="${ns}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="worksheet" Target="worksheets/data.xml"/></Relationships>',
    ),
    'xl/sharedStrings.xml': strToU8(
      `<?xml version="1.0"?><sst xmlns="${ns}">${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
    ),
    'xl/worksheets/data.xml': strToU8(
      sheetXmlOverride ??
        `<?xml version="1.0"?><worksheet xmlns="${ns}"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  };
  return Buffer.from(zipSync(files));
}

describeEachDatabase('module generator', (ctx) => {
  async function post(token: string, path: string, payload: unknown) {
    return call(ctx().app, {
      method: 'POST',
      url: `/api/Module/Generator/${path}`,
      token,
      payload: payload as object,
    });
  }
  async function upload(
    token: string,
    path: string,
    name: string,
    bytes: Buffer | string,
    fields: Record<string, string>,
  ) {
    const body = multipart({ name, bytes }, fields);
    return call(ctx().app, {
      method: 'POST',
      url: `/api/Module/Generator/${path}`,
      token,
      payload: body.payload,
      headers: body.headers,
    });
  }

  it('fits single-diode parameters that reproduce the datasheet (default and public-API names)', async () => {
    const user = await createCompanyUser(ctx().app);
    const res = await post(user.token, 'SingleDiodeParameters', DATASHEET);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Answer;
    expect(answer.warnings).toEqual([]);
    // Tolerance 0.1 %: the generator solves Isc, Voc and the MPP exactly (to its root tolerance).
    expect(rel(answer.reference.pmp, 13.11 * 41.96)).toBeLessThan(1e-3);
    expect(rel(answer.reference.voc, 49.9)).toBeLessThan(1e-3);
    expect(rel(answer.reference.isc, 14.0)).toBeLessThan(1e-3);
    expect(answer.module.seriesResistanceAtSTC).toBeGreaterThan(0);
    expect(answer.module.shuntResistanceAtSTC).toBeGreaterThan(0);
    expect(answer.module.numberOfCellsInSeries).toBe(72);
    expect(answer.module.effectiveIrradianceResponse).toHaveLength(12);
    // The answer's module fields save as a module as they are.
    const saved = await call(ctx().app, {
      method: 'POST',
      url: '/api/Module',
      token: user.token,
      payload: { ...DATASHEET, ...answer.module },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The public API's name answers the module's fields flat (spec 4 §1: the SDK merges them).
    const alias = await post(user.token, 'GenerateSingleDiodeParametersDefault', { module: DATASHEET });
    expect(alias.statusCode).toBe(200);
    expect((alias.json() as Record<string, number>).seriesResistanceAtSTC).toBeCloseTo(
      answer.module.seriesResistanceAtSTC as number,
      9,
    );
  });

  it('refuses missing and impossible datasheet values with the field and the reason', async () => {
    const user = await createCompanyUser(ctx().app);
    const missing = await post(user.token, 'SingleDiodeParameters', {
      ...DATASHEET,
      stcShortCircuitCurrent: null,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().modelState.stcShortCircuitCurrent).toEqual([
      'Short-circuit current (Isc) is required.',
    ]);
    const impossible = await post(user.token, 'SingleDiodeParameters', { ...DATASHEET, stcmppCurrent: 14.5 });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().modelState.stcmppCurrent[0]).toMatch(/below the short-circuit current/);
    const cells = await post(user.token, 'SingleDiodeParameters', {
      ...DATASHEET,
      numberOfCellsInSeries: 7.5,
    });
    expect(cells.statusCode).toBe(400);
    expect(cells.json().modelState.numberOfCellsInSeries).toBeDefined();
    const anonymous = await call(ctx().app, {
      method: 'POST',
      url: '/api/Module/Generator/SingleDiodeParameters',
      payload: DATASHEET,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the parameters the user fixes (advanced) and tunes Rs to a target response', async () => {
    const user = await createCompanyUser(ctx().app);
    const res = await post(user.token, 'SingleDiodeParametersAdvanced', {
      ...DATASHEET,
      seriesResistanceAtSTC: 0.25,
      shuntResistanceAtSTC: 400,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Answer;
    expect(answer.module.seriesResistanceAtSTC).toBe(0.25);
    expect(answer.module.shuntResistanceAtSTC).toBe(400);
    expect(rel(answer.reference.pmp, 13.11 * 41.96)).toBeLessThan(1e-3);

    const tuned = await post(user.token, 'SeriesResistance', {
      ...DATASHEET,
      targetRelativeEfficiency: 97,
    });
    expect(tuned.statusCode, tuned.body).toBe(200);
    const response = (tuned.json() as Answer).module.effectiveIrradianceResponse as {
      irradiance: number;
      relativeEfficiency: number;
    }[];
    // Tolerance 0.01 %-points: the root finder's tolerance on Rs is far tighter.
    expect(response.find((p) => p.irradiance === 200)!.relativeEfficiency).toBeCloseTo(97, 2);
    const unreachable = await post(user.token, 'SeriesResistance', {
      ...DATASHEET,
      targetRelativeEfficiency: 119,
    });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().modelState.targetRelativeEfficiency[0]).toMatch(/no series resistance/);
  });

  it('draws IV curves and the effective irradiance response of a module record', async () => {
    const user = await createCompanyUser(ctx().app);
    const fitted = ((await post(user.token, 'SingleDiodeParameters', DATASHEET)).json() as Answer).module;
    const res = await post(user.token, 'IVCurve', {
      module: { ...fitted, pvModel: 1 },
      irradiance: 1000,
      temperature: 25,
      points: 50,
    });
    expect(res.statusCode, res.body).toBe(200);
    const curve = res.json() as Curve;
    expect(curve.voltage).toHaveLength(50);
    expect(rel(curve.pmp, 13.11 * 41.96)).toBeLessThan(1e-3);
    const eir = await post(user.token, 'EffectiveIrradianceResponse', {
      module: { ...fitted, pvModel: 1 },
      irradiances: [200, 1000],
    });
    expect(eir.statusCode, eir.body).toBe(200);
    const points = eir.json() as { irradiance: number; temperature: number; relativeEfficiency: number }[];
    expect(points[1]).toMatchObject({ irradiance: 1000, temperature: 25 });
    expect(points[1]!.relativeEfficiency).toBeCloseTo(100, 6);
    expect(points[0]!.relativeEfficiency).toBeGreaterThan(90);
    const empty = await post(user.token, 'IVCurve', { module: { name: 'nothing' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/no electrical model/);
  });

  it('round trip: parameters → IV curves → key points (CSV) and curves (XLSX) → parameters within 0.1 %', async () => {
    const user = await createCompanyUser(ctx().app);
    const original = ((await post(user.token, 'SingleDiodeParameters', DATASHEET)).json() as Answer).module;
    const conditions = [
      [1000, 25],
      [800, 25],
      [400, 25],
      [200, 25],
      [1000, 50],
      [600, 60],
    ] as const;
    const curves: { g: number; t: number; c: Curve }[] = [];
    for (const [g, t] of conditions) {
      const res = await post(user.token, 'IVCurve', {
        module: { ...original, pvModel: 1 },
        irradiance: g,
        temperature: t,
        points: 200,
      });
      curves.push({ g, t, c: res.json() as Curve });
    }
    const keys = curves.map(({ g, t, c }) => {
      const k = c as Curve & { imp: number; vmp: number };
      return `${g},${t},${k.isc},${k.voc},${k.imp},${k.vmp}`;
    });
    const csv = `Irradiance (W/m2),Temperature (C),Isc (A),Voc (V),Imp (A),Vmp (V)\n${keys.join('\n')}\n`;
    const fit = await upload(user.token, 'KeyIVPoints', 'keys.csv', csv, { numberOfCellsInSeries: '72' });
    expect(fit.statusCode, fit.body).toBe(200);
    const fitted = fit.json() as Answer & { keyIVPoints: unknown[] };
    expect(fitted.keyIVPoints).toHaveLength(conditions.length);
    // Issue 5: the round trip reproduces Pmp, Voc and Isc within 0.1 %.
    expect(rel(fitted.reference.pmp, 13.11 * 41.96)).toBeLessThan(1e-3);
    expect(rel(fitted.reference.voc, 49.9)).toBeLessThan(1e-3);
    expect(rel(fitted.reference.isc, 14.0)).toBeLessThan(1e-3);

    const rows: (string | number)[][] = [
      ['Irradiance (W/m2)', 'Temperature (C)', 'Voltage (V)', 'Current (A)'],
    ];
    for (const { g, t, c } of curves) c.voltage.forEach((v, k) => rows.push([g, t, v, c.current[k]!]));
    const book = await upload(user.token, 'ProcessIVCurves', 'curves.xlsx', xlsx(rows), {
      numberOfCellsInSeries: '72',
    });
    expect(book.statusCode, book.body).toBe(200);
    const fromCurves = book.json() as Answer & { ivCurves: { points: unknown[] }[] };
    expect(fromCurves.ivCurves).toHaveLength(conditions.length);
    expect(rel(fromCurves.reference.pmp, 13.11 * 41.96)).toBeLessThan(1e-3);
    expect(rel(fromCurves.reference.voc, 49.9)).toBeLessThan(1e-3);
    expect(rel(fromCurves.reference.isc, 14.0)).toBeLessThan(1e-3);
  });

  it('refuses malformed and hostile uploads with a 400 naming the problem', async () => {
    const user = await createCompanyUser(ctx().app);
    const fields = { numberOfCellsInSeries: '72' };
    const cases: { name: string; bytes: Buffer | string; fields?: Record<string, string>; expect: RegExp }[] =
      [
        {
          name: 'keys.csv',
          bytes: 'irradiance,temperature,isc,voc\n1000,25,14,49.9\n',
          expect: /missing column.*imp/,
        },
        {
          name: 'keys.csv',
          bytes: 'irradiance,temperature,isc,voc,imp,vmp\n1000,25,14,x,13,41\n',
          expect: /line 2: voc is not a number/,
        },
        { name: 'keys.csv', bytes: '', expect: /empty/ },
        { name: 'keys.bin', bytes: Buffer.from([0, 1, 2, 3, 255, 254, 0, 0, 7]), expect: /binary|UTF-16/ },
        {
          name: 'keys.xlsx',
          bytes: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]),
          expect: /damaged|not an XLSX|no worksheet/,
        },
        {
          name: 'bomb.xlsx',
          bytes: xlsx([], `<worksheet><sheetData>${' '.repeat(70 * 1024 * 1024)}</sheetData></worksheet>`),
          expect: /inflates to more than \d+ MB/,
        },
        {
          name: 'keys.csv',
          bytes: 'irradiance,temperature,isc,voc,imp,vmp\n1000,25,14,49.9,13.11,41.96\n',
          fields: {},
          expect: /Cells in series is required/,
        },
      ];
    for (const c of cases) {
      const res = await upload(user.token, 'KeyIVPoints', c.name, c.bytes, c.fields ?? fields);
      expect(res.statusCode, `${c.name}: ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json()), c.name).toMatch(c.expect);
    }
    const big = await upload(user.token, 'IVCurves', 'big.csv', Buffer.alloc(6 * 1024 * 1024, 49), fields);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toMatch(/too large/);
  });
});
