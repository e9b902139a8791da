/**
 * The PlantSummary report (PDF) of a result:
 *
 * 1. title page: project, prediction, location, weather, plant sizes and equipment;
 * 2. energy summary per simulated year (energy, specific yield, PR, AC capacity factor) and the
 *    delivered energy at each P-value;
 * 3. loss diagram of year 1: the loss tree (spec 3 `PredictionResultSummaryYear`) as a cascade that
 *    starts from the horizontal irradiation times the DC rating and multiplies by (1 − L/100) at each
 *    stage. By the loss tree's identity (engine results/lossTree.ts) it ends exactly at the year's
 *    energy at the point of interconnection, `totalEnergy`;
 * 4. monthly energy, GHI and POA irradiation of year 1 as bar charts and a table, from the stored
 *    plant series (months of the steps' middles in the project's standard time, as ResultDetails).
 *
 * Losses are printed with the UI's sign (−: loss, +: gain); the summary stores the raw sign.
 */
import {
  civilFromDays,
  LOSS_TREE_STAGES,
  MONTH_ABBREVIATIONS,
  MS_PER_DAY,
  MS_PER_HOUR,
} from '@sunfield/engine';
import { isDraftPredictionStatus } from '@sunfield/domain';
import type { Db } from '../db/index.ts';
import { loadSeries } from '../models/predictionRun.ts';
import { LOSS_LABELS } from '@sunfield/domain';
import type { ReportContext } from './context.ts';
import {
  barChart,
  COLORS,
  createDoc,
  finishDoc,
  formatNumber,
  heading,
  keyValues,
  MARGIN,
  note,
  pdfText,
  table,
  waterfall,
  type Doc,
  type WaterfallStep,
} from './pdfDraw.ts';

type Json = Record<string, unknown>;

export const LOSS_DIAGRAM_TITLE = 'Loss diagram';
export const MONTHLY_ENERGY_TITLE = 'Monthly energy';
export const MONTHLY_IRRADIATION_TITLE = 'Monthly irradiation (GHI and POA)';

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN);
const str = (v: unknown): string => (v === null || v === undefined || v === '' ? '–' : String(v));
const list = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/** An energy in kWh as the report prints it in MWh ("21,488.344" for 21,488,344 kWh). */
export function energyMwhText(kwh: number): string {
  return formatNumber(kwh / 1000, 3);
}

/** The P50 factors of a summary year (or its first ones). */
function p50(year: Json): Json {
  const factors = list(year.summaryFactors);
  return factors.find((f) => f.pValue === 50) ?? factors[0] ?? {};
}

/** "UTC-05:00" */
function utcText(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours)) return '–';
  const sign = hours < 0 ? '-' : '+';
  const a = Math.abs(hours);
  return `UTC${sign}${String(Math.floor(a)).padStart(2, '0')}:${String(Math.round((a % 1) * 60)).padStart(2, '0')}`;
}

/** Monthly sums of year 1 from the plant series [kWh/m², kWh]. */
export interface MonthlyValues {
  ghi: number[];
  poa: number[];
  energy: number[];
}

/** Sums the stored series of year 1 by month of the steps' middles (project standard time). */
export function monthlyValues(ctx: ReportContext, series: Map<string, Float64Array>): MonthlyValues {
  const d = ctx.result.details;
  const out: MonthlyValues = {
    ghi: new Array(12).fill(0),
    poa: new Array(12).fill(0),
    energy: new Array(12).fill(0),
  };
  const time = series.get('time') ?? new Float64Array(0);
  const ghi = series.get('ghi');
  const poa = series.get('poaGlobal');
  const power = series.get('plantAcPower');
  const offset = d.utcOffsetHours * MS_PER_HOUR + d.midShiftMs;
  for (let i = 0; i < time.length; i++) {
    const m = civilFromDays(Math.floor((time[i]! + offset) / MS_PER_DAY)).month - 1;
    out.ghi[m]! += ((ghi?.[i] ?? 0) * d.stepHours) / 1000;
    out.poa[m]! += ((poa?.[i] ?? 0) * d.stepHours) / 1000;
    out.energy[m]! += ((power?.[i] ?? 0) * d.stepHours) / 1000;
  }
  return out;
}

/** Year 1's horizontal irradiation [kWh/m²] (its P50 factors', else the weather's). */
function ghiOf(ctx: ReportContext): number {
  const s = ctx.result.summary;
  const ghi = num(p50(list(s.years)[0] ?? {}).ghiSum);
  return Number.isFinite(ghi) ? ghi : num(s.weatherGHI);
}

/**
 * The cascade of year 1's loss tree (see the file comment) in MWh: a start total, one change per
 * stage whose loss prints as non-zero, and the final total.
 */
export function lossCascade(ctx: ReportContext): WaterfallStep[] {
  const s = ctx.result.summary;
  const year = list(s.years)[0];
  if (!year) return [];
  const ghi = ghiOf(ctx);
  const kwp = ctx.result.details.dcCapacity / 1000;
  let value = (ghi * kwp) / 1000;
  const steps: WaterfallStep[] = [
    {
      label: 'GHI × DC rating',
      kind: 'total',
      value,
      note: formatNumber(value, 3),
    },
  ];
  const add = (label: string, loss: number) => {
    if (!Number.isFinite(loss) || Math.abs(loss) < 0.005) return;
    value *= 1 - loss / 100;
    const shown = -loss;
    steps.push({ label, kind: 'change', value, note: `${shown > 0 ? '+' : ''}${shown.toFixed(2)} %` });
  };
  const seen = new Set<string>();
  for (const stage of LOSS_TREE_STAGES) {
    const field = stage.field;
    if (!field || seen.has(field)) continue;
    seen.add(field);
    if (stage.group === 'rear' && s.hasBifacial !== true) continue;
    if (field.startsWith('ess') && s.predictionHasESS !== true) continue;
    add(LOSS_LABELS[field] ?? field, num(year[field]));
    if (field === 'acCollectionLinesLoss')
      for (const [k, e] of list(year.transformerTransmissionLineLoss).entries())
        add(`Plant ${str(e.type).toLowerCase()} ${k + 1}`, num(e.loss));
  }
  const total = num(year.totalEnergy) / 1000;
  steps.push({
    label: 'Energy at the point of interconnection',
    kind: 'total',
    value: Number.isFinite(total) ? total : value,
    note: energyMwhText(num(year.totalEnergy)),
  });
  return steps;
}

function titlePage(doc: Doc, ctx: ReportContext): void {
  const s = ctx.result.summary;
  const year = list(s.years)[0] ?? {};
  const f = p50(year);
  doc.font('Helvetica-Bold').fontSize(24).fillColor(COLORS.text).text('Plant Summary', MARGIN, 90);
  doc.moveDown(0.2);
  doc.font('Helvetica').fontSize(14).fillColor(COLORS.muted).text(pdfText(ctx.project.name));
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.text).text(pdfText(ctx.prediction.name));
  if (isDraftPredictionStatus(ctx.prediction.status))
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(12).fillColor(COLORS.draft).text('DRAFT');
  doc.moveDown(1.2);
  heading(doc, 'Result');
  keyValues(doc, [
    ['Energy, year 1', `${energyMwhText(num(year.totalEnergy))} MWh at the point of interconnection`],
    ['Specific yield', `${formatNumber(num(f.specificYieldDC), 1)} kWh/kWp`],
    ['Performance ratio', `${formatNumber(num(f.performanceRatio), 2)} %`],
    ['AC capacity factor', `${formatNumber(num(f.acCapacityFactor), 2)} %`],
  ]);
  heading(doc, 'Project');
  keyValues(doc, [
    ['Project', ctx.project.name],
    ['Location', ctx.project.place || '–'],
    [
      'Coordinates',
      `${formatNumber(ctx.project.latitude, 4)}°, ${formatNumber(ctx.project.longitude, 4)}° (latitude, longitude)`,
    ],
    ['Elevation', ctx.project.elevation === null ? '–' : `${formatNumber(ctx.project.elevation, 0)} m`],
    ['Time zone', `${utcText(ctx.result.details.utcOffsetHours)} (standard time)`],
  ]);
  heading(doc, 'Prediction');
  keyValues(doc, [
    ['Prediction', ctx.prediction.name],
    ['Status', ctx.prediction.statusName],
    ['Run', `${str(s.execDate).replace('T', ' ').slice(0, 16)} UTC by ${str(s.runBy)}`],
    ['Tool', `${str(s.toolName)} ${str(s.toolVersion)}`],
    ['Period simulated', `${str(s.start)} to ${str(s.end)}, ${str(s.yearRepeater)} year(s)`],
  ]);
  heading(doc, 'Weather');
  const w = ctx.weather;
  keyValues(doc, [
    ['Weather file', w.name],
    ['Provider', w.provider || '–'],
    [
      'Coordinates',
      w.latitude === null || w.longitude === null
        ? '–'
        : `${formatNumber(w.latitude, 4)}°, ${formatNumber(w.longitude, 4)}°`,
    ],
    ['Time step', w.intervalMinutes === null ? '–' : `${w.intervalMinutes} min`],
    [
      'GHI, DNI, DHI',
      `${formatNumber(num(s.weatherGHI), 1)}, ${formatNumber(num(s.weatherDNI), 1)}, ${formatNumber(num(s.weatherDHI), 1)} kWh/m²`,
    ],
  ]);
  heading(doc, 'Plant');
  keyValues(doc, [
    ['DC size', `${formatNumber(num(s.dcSize), 3)} MWp`],
    ['AC size', `${formatNumber(num(s.acSize), 3)} MWac`],
    ['DC/AC ratio', formatNumber(num(s.dcacRatio), 3)],
    ['Arrays', str(s.numArrays)],
    ['Tracking', str(s.trackingType)],
    [
      'Tilt, azimuth, GCR (mean)',
      `${formatNumber(num(s.avgTiltAngle), 1)}°, ${formatNumber(num(s.avgAzimuth), 1)}°, ${formatNumber(num(s.avgGCR), 3)}`,
    ],
    [
      'Modules',
      list(s.moduleResultSummaries)
        .map((m) => str(m.name))
        .join('; ') || '–',
    ],
    [
      'Inverters',
      list(s.inverterResultSummaries)
        .map((m) => str(m.name))
        .join('; ') || '–',
    ],
  ]);
}

function energyPages(doc: Doc, ctx: ReportContext): void {
  const s = ctx.result.summary;
  const years = list(s.years);
  doc.addPage();
  heading(doc, 'Energy summary');
  table(
    doc,
    [
      { header: 'Year', width: 1.3 },
      { header: 'Energy [MWh]', width: 1.3, align: 'right' },
      { header: 'Delivered P50 [MWh]', width: 1.5, align: 'right' },
      { header: 'Specific yield [kWh/kWp]', width: 1.7, align: 'right' },
      { header: 'PR [%]', width: 0.9, align: 'right' },
      { header: 'AC capacity factor [%]', width: 1.6, align: 'right' },
    ],
    years.map((y) => {
      const f = p50(y);
      return [
        `${str(y.yearIndexString)} (${str(y.year)})`,
        energyMwhText(num(y.totalEnergy)),
        formatNumber(num(f.plantNetEnergy) * 1000, 3),
        formatNumber(num(f.specificYieldDC), 1),
        formatNumber(num(f.performanceRatio), 2),
        formatNumber(num(f.acCapacityFactor), 2),
      ];
    }),
  );
  note(
    doc,
    'Energy: at the point of interconnection, night consumption included. Delivered: night consumption ' +
      'excluded; specific yield, PR and capacity factor are those of the delivered P50 energy.',
  );
  const pValues = list(years[0]?.summaryFactors).map((f) => str(f.pValueString));
  if (pValues.length > 0) {
    heading(doc, 'P-values');
    table(
      doc,
      [
        { header: 'Year', width: 1.4 },
        ...pValues.map((p) => ({ header: `${p} [MWh]`, width: 1, align: 'right' as const })),
      ],
      years.map((y) => [
        `${str(y.yearIndexString)} (${str(y.year)})`,
        ...list(y.summaryFactors).map((f) => formatNumber(num(f.plantNetEnergy) * 1000, 3)),
      ]),
    );
    note(
      doc,
      `Delivered energy exceeded with the given probability; total uncertainty ${formatNumber(num(s.errorTotal) * 100, 2)} % ` +
        `(irradiance ${formatNumber(num(s.errorIrrAcc) * 100, 2)} %).`,
    );
  }
}

function lossPage(doc: Doc, ctx: ReportContext): void {
  const steps = lossCascade(ctx);
  if (steps.length === 0) return;
  doc.addPage();
  heading(doc, `${LOSS_DIAGRAM_TITLE} (year 1)`);
  waterfall(doc, steps, 'MWh');
  note(
    doc,
    `Each stage in % of the stage before it (−: loss, +: gain), drawn as energy: the horizontal irradiation ` +
      `(${formatNumber(ghiOf(ctx), 1)} kWh/m²) times the DC rating (${formatNumber(ctx.result.details.dcCapacity / 1000, 2)} kWp) ` +
      'over 1 kW/m², then times (1 − loss) at each stage; the last bar is the year’s energy at the point of ' +
      'interconnection. Stages without loss are left out.',
  );
}

function monthlyPage(doc: Doc, ctx: ReportContext, m: MonthlyValues): void {
  const months = [...MONTH_ABBREVIATIONS];
  doc.addPage();
  heading(doc, 'Monthly values, year 1', 250);
  barChart(doc, {
    title: MONTHLY_ENERGY_TITLE,
    unit: 'MWh',
    categories: months,
    series: [{ name: 'Energy', color: COLORS.primary, values: m.energy.map((e) => e / 1000) }],
  });
  barChart(doc, {
    title: MONTHLY_IRRADIATION_TITLE,
    unit: 'kWh/m²',
    categories: months,
    series: [
      { name: 'GHI', color: COLORS.secondary, values: m.ghi },
      { name: 'POA', color: COLORS.primary, values: m.poa },
    ],
  });
  const kwp = ctx.result.details.dcCapacity / 1000;
  table(
    doc,
    [
      { header: 'Month', width: 1 },
      { header: 'GHI [kWh/m²]', width: 1.3, align: 'right' },
      { header: 'POA [kWh/m²]', width: 1.3, align: 'right' },
      { header: 'Energy [MWh]', width: 1.3, align: 'right' },
      { header: 'PR [%]', width: 1, align: 'right' },
    ],
    months.map((name, k) => [
      name,
      formatNumber(m.ghi[k]!, 1),
      formatNumber(m.poa[k]!, 1),
      formatNumber(m.energy[k]! / 1000, 3),
      formatNumber(kwp > 0 && m.poa[k]! > 0 ? (100 * m.energy[k]!) / (kwp * m.poa[k]!) : 0, 2),
    ]),
  );
  note(
    doc,
    'POA: front plane-of-array irradiation, transposed, before shading. Energy at the point of interconnection.',
  );
}

/** Builds the PlantSummary PDF. */
export async function plantSummaryPdf(db: Db, ctx: ReportContext): Promise<Buffer> {
  const series = await loadSeries(db, ctx.result.run.id, 'plant', [
    'time',
    'ghi',
    'poaGlobal',
    'plantAcPower',
  ]);
  const monthly = monthlyValues(ctx, series);
  const doc = createDoc({
    title: `${ctx.prediction.name} – Plant Summary`,
    subject: `${ctx.project.name}, ${ctx.prediction.name}`,
  });
  titlePage(doc, ctx);
  energyPages(doc, ctx);
  lossPage(doc, ctx);
  monthlyPage(doc, ctx, monthly);
  return finishDoc(
    doc,
    `${ctx.project.name} › ${ctx.prediction.name} · Plant Summary · ${ctx.generatedAt.toISOString().slice(0, 10)}`,
  );
}
