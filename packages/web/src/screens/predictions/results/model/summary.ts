/**
 * What the result pages read from `GET …/ResultSummary` and `…/ResultDetails` (pure, unit-tested):
 * per-year figures, the P-value table, the loss cascade of a year, monthly rows, and block rows.
 *
 * Units as the server sends them (engine results/summaryTypes.ts, server results/details.ts):
 * `totalEnergy` kWh (at the point of interconnection, night consumption included), summary factors'
 * `plantNetEnergy` GWh (night consumption excluded), `ghiSum` / `poAInsolation` kWh/m², yields
 * kWh/kWp, PR and capacity factor %, `dcSize` / `acSize` MW, losses % of the stage before them
 * (+ loss, − gain: the screens show −L).
 */
import { LOSS_LABELS } from '@sunfield/domain';
import { LOSS_TREE_STAGES } from '@sunfield/engine';
import type { Json } from '../../model/types.ts';
import type { DetailRow, ResultDetails, ResultSummary, ResultSummaryYear, SummaryFactor } from '../types.ts';
import { finite, MONTH_NAMES } from './format.ts';

const list = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((v): v is Json => v !== null && typeof v === 'object') : [];

/** Readable labels of the loss fields (domain: the same words as the PlantSummary report). */
export { LOSS_LABELS };

export const summaryYears = (summary: ResultSummary | null | undefined): ResultSummaryYear[] =>
  list(summary?.years) as ResultSummaryYear[];

/** The P50 factors of a year (else its first factors). */
export function p50Factors(year: ResultSummaryYear | undefined): SummaryFactor | undefined {
  const factors = list(year?.summaryFactors) as SummaryFactor[];
  return factors.find((f) => f.pValue === 50) ?? factors[0];
}

export interface YearRow {
  /** index in `years` */
  index: number;
  year: number;
  label: string;
  /** energy at the point of interconnection [MWh] */
  energyMwh: number | null;
  /** P50 figures */
  specificYield: number | null;
  performanceRatio: number | null;
  capacityFactor: number | null;
}

/** One row per simulated year: energy (totalEnergy) and the P50 yield, PR and capacity factor. */
export function yearRows(summary: ResultSummary | null | undefined): YearRow[] {
  return summaryYears(summary).map((year, index) => {
    const f = p50Factors(year);
    const energy = finite(year.totalEnergy);
    return {
      index,
      year: finite(year.year) ?? index + 1,
      label:
        typeof year.yearIndexString === 'string'
          ? `${year.yearIndexString} (${String(year.year)})`
          : `Year ${index + 1} (${String(year.year)})`,
      energyMwh: energy === null ? null : energy / 1000,
      specificYield: finite(f?.specificYieldDC),
      performanceRatio: finite(f?.performanceRatio),
      capacityFactor: finite(f?.acCapacityFactor),
    };
  });
}

export interface PValueRow {
  pValue: number;
  label: string;
  /** net energy, night consumption excluded [MWh] */
  energyMwh: number | null;
  specificYield: number | null;
  specificYieldAc: number | null;
  performanceRatio: number | null;
  capacityFactor: number | null;
}

/** The figures of each P-value of a year, in P order (P50 first). */
export function pValueRows(year: ResultSummaryYear | undefined): PValueRow[] {
  return (list(year?.summaryFactors) as SummaryFactor[])
    .map((f) => {
      const gwh = finite(f.plantNetEnergy);
      return {
        pValue: f.pValue,
        label: typeof f.pValueString === 'string' && f.pValueString ? f.pValueString : `P${f.pValue}`,
        energyMwh: gwh === null ? null : gwh * 1000,
        specificYield: finite(f.specificYieldDC),
        specificYieldAc: finite(f.specificYieldAC),
        performanceRatio: finite(f.performanceRatio),
        capacityFactor: finite(f.acCapacityFactor),
      };
    })
    .sort((a, b) => a.pValue - b.pValue);
}

/** One step of the loss cascade. */
export interface CascadeStep {
  key: string;
  label: string;
  kind: 'total' | 'loss' | 'gain';
  /** value before and after the step [MWh]; equal for totals */
  before: number;
  after: number;
  /** the stored loss [%] (+ loss, − gain); null for totals */
  loss: number | null;
}

/** One loss of the tree, in chain order. */
export interface LossEntry {
  key: string;
  label: string;
  /** [%] + loss / − gain */
  loss: number;
}

/**
 * The losses of a year in the order of the chain (engine LOSS_TREE_STAGES, spec 4 §2): GHI →
 * transposition, shading, soiling, IAM, spectral, (rear side when bifacial), module, DC, inverter,
 * AC losses, the plant's transformers and lines after AC collection, availability, LGIA, (ESS when
 * present). Degradation and LeTID, which act at DC and AC, appear once with their combined value.
 * @param options.all keep zero losses too (default: only those that show as non-zero)
 */
export function lossEntries(
  summary: ResultSummary | null | undefined,
  year: ResultSummaryYear | undefined,
  options: { all?: boolean } = {},
): LossEntry[] {
  if (!year) return [];
  const out: LossEntry[] = [];
  const seen = new Set<string>();
  const push = (key: string, label: string, value: unknown) => {
    const loss = finite(value);
    if (loss === null) return;
    if (!options.all && Math.abs(loss) < 0.005) return;
    out.push({ key, label, loss });
  };
  for (const stage of LOSS_TREE_STAGES) {
    const field = stage.field;
    if (!field || seen.has(field)) continue;
    seen.add(field);
    if (stage.group === 'rear' && summary?.hasBifacial !== true) continue;
    if (field.startsWith('ess') && summary?.predictionHasESS !== true) continue;
    push(field, LOSS_LABELS[field] ?? field, year[field]);
    if (field === 'acCollectionLinesLoss') {
      // The plant's transformers and lines in their order, each numbered within its type.
      const counts = new Map<string, number>();
      list(year.transformerTransmissionLineLoss).forEach((element, k) => {
        const type = (
          typeof element.type === 'string' && element.type ? element.type : 'Element'
        ).toLowerCase();
        const n = (counts.get(type) ?? 0) + 1;
        counts.set(type, n);
        push(`plantElement${k + 1}`, `Plant ${type} ${n}`, element.loss);
      });
    }
  }
  return out;
}

/** The horizontal irradiation of a year [kWh/m²]: its P50 factors', else the weather's. */
export function yearGhi(summary: ResultSummary | null | undefined, year: ResultSummaryYear | undefined) {
  return finite(p50Factors(year)?.ghiSum) ?? finite(summary?.weatherGHI);
}

/**
 * The loss cascade of a year in MWh, as the PlantSummary report draws it: it starts from the
 * horizontal irradiation times the DC rating (H_GHI·P0/1000 W/m²) and multiplies by (1 − L/100) at
 * each loss; by the loss tree's identity (engine results/lossTree.ts) it ends at the year's energy
 * at the point of interconnection, the last total.
 */
export function lossCascade(summary: ResultSummary | null | undefined, yearIndex = 0): CascadeStep[] {
  const year = summaryYears(summary)[yearIndex];
  const ghi = yearGhi(summary, year);
  const dcMw = finite(summary?.dcSize);
  if (!year || ghi === null || dcMw === null) return [];
  let value = ghi * dcMw;
  const steps: CascadeStep[] = [
    { key: 'start', label: 'GHI × DC rating', kind: 'total', before: value, after: value, loss: null },
  ];
  for (const entry of lossEntries(summary, year)) {
    const before = value;
    value *= 1 - entry.loss / 100;
    steps.push({
      key: entry.key,
      label: entry.label,
      kind: entry.loss >= 0 ? 'loss' : 'gain',
      before,
      after: value,
      loss: entry.loss,
    });
  }
  const total = finite(year.totalEnergy);
  const end = total === null ? value : total / 1000;
  steps.push({
    key: 'end',
    label: 'Energy at the point of interconnection',
    kind: 'total',
    before: end,
    after: end,
    loss: null,
  });
  return steps;
}

export interface MonthRow {
  month: number;
  label: string;
  energyMwh: number;
  performanceRatio: number | null;
  /** front POA irradiation [kWh/m²] */
  poa: number | null;
  specificYield: number | null;
}

/** Monthly rows of the first year from MonthlyDetails (energy kWh → MWh). */
export function monthRows(details: ResultDetails | null | undefined): MonthRow[] {
  return (list(details?.MonthlyDetails) as DetailRow[]).map((row, index) => {
    const month = Number(/^\d{4}-(\d{2})/.exec(String(row.TimeStamp))?.[1] ?? index + 1);
    return {
      month,
      label: MONTH_NAMES[(month - 1) % 12] ?? String(month),
      energyMwh: (finite(row.EnergyGenerated) ?? 0) / 1000,
      performanceRatio: finite(row.PerformanceRatio),
      poa: finite(row.POAI),
      specificYield: finite(row.SpecificYieldDC),
    };
  });
}

/** Monthly delivered energy of a summary year (`monthlySums.energySums`, MWh), Jan…Dec. */
export function monthlyEnergySums(year: ResultSummaryYear | undefined): (number | null)[] {
  const sums = list((year?.monthlySums as Json | undefined)?.energySums);
  return MONTH_NAMES.map((_, m) => finite(sums.find((s) => s.month === m + 1)?.sum));
}

export interface BlockRow {
  name: string;
  repeater: number;
  /** one instance of the block [MW] */
  dcMw: number | null;
  acMw: number | null;
  dcAc: number | null;
  tracking: string;
  tilt: number | null;
  azimuth: number | null;
  gcr: number | null;
  /** one instance's energy at its arrays' outputs [MWh] */
  energyMwh: number | null;
  /** all instances (× repeater) [MWh] */
  totalEnergyMwh: number | null;
  specificYield: number | null;
  /** share of the blocks' energy [%] */
  share: number | null;
  /** the block's own loss fields when the summary has them (spec 3 BlockResultSummaryYear) */
  losses: LossEntry[];
}

/**
 * The blocks of a year (summary.blockResultSummaries): sizes of one instance, tracking, tilt,
 * azimuth, GCR, energy at the arrays' outputs (after array transformers and AC collection, before the
 * plant's transformers, lines, availability and LGIA), specific yield and share.
 */
export function blockRows(summary: ResultSummary | null | undefined, yearIndex = 0): BlockRow[] {
  const blocks = list(summary?.blockResultSummaries);
  const rows = blocks.map((block, index): BlockRow => {
    const years = list(block.years);
    const year = years[yearIndex];
    const kwh = finite(year?.totalEnergy);
    const repeater = finite(block.repeater) ?? 1;
    const dcMw = finite(block.dcSize);
    const energyMwh = kwh === null ? null : kwh / 1000;
    const losses: LossEntry[] = [];
    if (year)
      for (const key of Object.keys(LOSS_LABELS)) {
        const loss = finite(year[key]);
        if (loss !== null) losses.push({ key, label: LOSS_LABELS[key]!, loss });
      }
    return {
      name: block.name === null || block.name === undefined ? String(index + 1) : String(block.name),
      repeater,
      dcMw,
      acMw: finite(block.acSize),
      dcAc: finite(block.dcacRatio),
      tracking: typeof block.trackingType === 'string' ? block.trackingType : '--',
      tilt: finite(block.avgTiltAngle),
      azimuth: finite(block.avgAzimuth),
      gcr: finite(block.avgGCR),
      energyMwh,
      totalEnergyMwh: energyMwh === null ? null : energyMwh * repeater,
      specificYield: energyMwh !== null && dcMw ? energyMwh / dcMw : null,
      share: null,
      losses,
    };
  });
  const sum = rows.reduce((a, r) => a + (r.totalEnergyMwh ?? 0), 0);
  for (const row of rows)
    row.share = sum > 0 && row.totalEnergyMwh !== null ? (100 * row.totalEnergyMwh) / sum : null;
  return rows;
}
