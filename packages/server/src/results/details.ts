/**
 * `GET …/ResultDetails` (spec 4 §1, PascalCase): `{StartDate, EndDate, SubHourlyDetails, HourlyDetails,
 * DailyDetails, MonthlyDetails, YearlyDetails, Total}` from the plant's stored series of the first
 * year, and the later years from the summary's loss tree.
 *
 * Each row: `TimeStamp` (start of the period, project standard time), `POAI` front plane-of-array
 * irradiation, transposed, before shading [kWh/m²] (× 1000 = the mean W/m² of a one-hour period),
 * `EnergyGenerated` at the point of interconnection, night consumption included [kWh],
 * `SpecificYieldDC` [kWh/kWp], `PerformanceRatio` and `ACCapacityFactor` [%], and the losses of the
 * period in % of the stage before them (+ loss, − gain), as the loss tree states them:
 * `NearShadingLoss`, `SpectralLoss`, `ModuleIrradianceLoss`, `ModuleTemperatureLoss`,
 * `InverterEfficiencyLoss`, `InverterLimitationLoss`. Steps of an hour or longer are the hourly rows;
 * shorter steps are summed into hours, and listed in `SubHourlyDetails`.
 */
import { civilFromDays, MS_PER_DAY, MS_PER_HOUR } from '@sunfield/engine';
import type { StoredResult } from './load.ts';
import type { RunDetails } from './types.ts';

type Json = Record<string, unknown>;

/** Sums of one period. */
class PeriodSums {
  start = Number.NaN;
  hours = 0;
  energy = 0;
  poa = 0;
  far = 0;
  near = 0;
  iam = 0;
  spectral = 0;
  effective = 0;
  dcIrradiance = 0;
  dcTemperature = 0;
  dc = 0;
  acInverter = 0;
  acLimited = 0;
}

/** Per-step columns used (W/m², W) */
interface Columns {
  time: Float64Array;
  plantAcPower: Float64Array;
  poaGlobal: Float64Array;
  poaAfterFarShading: Float64Array;
  poaAfterNearShading: Float64Array;
  poaAfterIam: Float64Array;
  poaAfterSpectral: Float64Array;
  effectiveIrradiance: Float64Array;
  dcAfterIrradiance: Float64Array;
  dcAfterTemperature: Float64Array;
  dcPower: Float64Array;
  acInverterOutput: Float64Array;
  acAfterLimitation: Float64Array;
}

export const DETAIL_COLUMNS = [
  'plantAcPower',
  'poaGlobal',
  'poaAfterFarShading',
  'poaAfterNearShading',
  'poaAfterIam',
  'poaAfterSpectral',
  'effectiveIrradiance',
  'dcAfterIrradiance',
  'dcAfterTemperature',
  'dcPower',
  'acInverterOutput',
  'acAfterLimitation',
] as const;

function add(s: PeriodSums, c: Columns, i: number, h: number, start: number): void {
  if (Number.isNaN(s.start)) s.start = start;
  s.hours += h;
  s.energy += c.plantAcPower[i]! * h;
  s.poa += c.poaGlobal[i]! * h;
  s.far += c.poaAfterFarShading[i]! * h;
  s.near += c.poaAfterNearShading[i]! * h;
  s.iam += c.poaAfterIam[i]! * h;
  s.spectral += c.poaAfterSpectral[i]! * h;
  s.effective += c.effectiveIrradiance[i]! * h;
  s.dcIrradiance += c.dcAfterIrradiance[i]! * h;
  s.dcTemperature += c.dcAfterTemperature[i]! * h;
  s.dc += c.dcPower[i]! * h;
  s.acInverter += c.acInverterOutput[i]! * h;
  s.acLimited += c.acAfterLimitation[i]! * h;
}

/** 100·(1 − after/before), 0 when nothing came in. */
const loss = (after: number, before: number): number => (before > 0 ? 100 * (1 - after / before) : 0);

const iso = (t: number): string => new Date(t).toISOString().slice(0, 19);

function row(s: PeriodSums, d: RunDetails): Json {
  const kwp = d.dcCapacity / 1000;
  const kwAc = d.acCapacity / 1000;
  const energyKwh = s.energy / 1000;
  const poaKwh = s.poa / 1000;
  return {
    TimeStamp: iso(s.start),
    POAI: poaKwh,
    EnergyGenerated: energyKwh,
    SpecificYieldDC: kwp > 0 ? energyKwh / kwp : 0,
    PerformanceRatio: kwp > 0 && poaKwh > 0 ? (100 * energyKwh) / (kwp * poaKwh) : 0,
    InverterLimitationLoss: loss(s.acLimited, s.acInverter),
    ACCapacityFactor: kwAc > 0 && s.hours > 0 ? (100 * energyKwh) / (kwAc * s.hours) : 0,
    NearShadingLoss: loss(s.near, s.far),
    ModuleIrradianceLoss: loss(s.dcIrradiance, (d.dcCapacity * s.effective) / 1000),
    ModuleTemperatureLoss: loss(s.dcTemperature, s.dcIrradiance),
    InverterEfficiencyLoss: loss(s.acInverter, s.dc),
    SpectralLoss: loss(s.spectral, s.iam),
  };
}

/** Groups the steps by a key of their local (standard time) middle; one row per group. */
function grouped(
  c: Columns,
  d: RunDetails,
  key: (localMid: number) => number,
  start: (k: number) => number,
): Json[] {
  const out: Json[] = [];
  const offset = d.utcOffsetHours * MS_PER_HOUR + d.midShiftMs;
  let current: PeriodSums | undefined;
  let currentKey = Number.NaN;
  for (let i = 0; i < c.time.length; i++) {
    const k = key(c.time[i]! + offset);
    if (k !== currentKey) {
      if (current) out.push(row(current, d));
      current = new PeriodSums();
      currentKey = k;
    }
    add(current!, c, i, d.stepHours, start(k));
  }
  if (current) out.push(row(current, d));
  return out;
}

const monthKey = (t: number): number => {
  const c = civilFromDays(Math.floor(t / MS_PER_DAY));
  return c.year * 12 + (c.month - 1);
};
const monthStart = (k: number): number => Date.UTC(Math.floor(k / 12), k % 12, 1);

/** A later year's row from the summary's year (its loss tree and P50 factors). */
function yearRow(year: Json, d: RunDetails): Json {
  const factors = (year.summaryFactors as Json[] | undefined) ?? [];
  const p50 = factors.find((f) => f.pValue === 50) ?? factors[0] ?? {};
  const num = (v: unknown) => (typeof v === 'number' ? v : 0);
  const energyKwh = num(year.totalEnergy);
  const hours = 8760 * (d.length * d.stepHours >= 8784 ? 8784 / 8760 : 1);
  return {
    TimeStamp: `${num(year.year)}-01-01T00:00:00`,
    POAI: num(p50.poAInsolation),
    EnergyGenerated: energyKwh,
    SpecificYieldDC: d.dcCapacity > 0 ? energyKwh / (d.dcCapacity / 1000) : 0,
    PerformanceRatio: num(p50.performanceRatio),
    InverterLimitationLoss: num(year.inverterLimitationLoss),
    ACCapacityFactor: d.acCapacity > 0 ? (100 * energyKwh) / ((d.acCapacity / 1000) * hours) : 0,
    NearShadingLoss: num(year.nearShadingLoss),
    ModuleIrradianceLoss: num(year.moduleIrradianceLoss),
    ModuleTemperatureLoss: num(year.moduleTemperatureLoss),
    InverterEfficiencyLoss: num(year.inverterEfficiencyLoss),
    SpectralLoss: num(year.spectralLoss),
  };
}

/**
 * The details of a result.
 * @param result the stored result
 * @param series the plant's columns (`plantSeries`)
 * @param options `subHourly`: list the sub-hourly steps (they are many for 1-minute weather)
 */
export function resultDetails(
  result: StoredResult,
  series: Map<string, Float64Array>,
  options: { subHourly?: boolean } = {},
): Json {
  const d = result.details;
  const time = series.get('time') ?? new Float64Array(0);
  const zeros = new Float64Array(time.length);
  const c = { time } as Columns;
  for (const name of DETAIL_COLUMNS) c[name] = series.get(name) ?? zeros;
  const hourly = grouped(
    c,
    d,
    (t) => Math.floor(t / MS_PER_HOUR),
    (k) => k * MS_PER_HOUR,
  );
  const subHourly =
    d.stepHours < 1 && options.subHourly
      ? grouped(
          c,
          d,
          (t) => Math.floor(t / (d.stepHours * MS_PER_HOUR)),
          (k) => k * d.stepHours * MS_PER_HOUR,
        )
      : [];
  const daily = grouped(
    c,
    d,
    (t) => Math.floor(t / MS_PER_DAY),
    (k) => k * MS_PER_DAY,
  );
  const monthly = grouped(c, d, monthKey, monthStart);
  const firstYear = grouped(
    c,
    d,
    () => 0,
    () => 0,
  )[0];
  const years = ((result.summary.years as Json[] | undefined) ?? []).map((y, k) => {
    if (k === 0 && firstYear) return { ...firstYear, TimeStamp: `${String(y.year)}-01-01T00:00:00` };
    return yearRow(y, d);
  });
  const total: Json = {};
  if (years.length === 1) Object.assign(total, years[0]);
  else if (years.length > 1) {
    const sum = (k: string) => years.reduce((a, y) => a + (y[k] as number), 0);
    const mean = (k: string) => sum(k) / years.length;
    Object.assign(total, {
      TimeStamp: years[0]!.TimeStamp,
      POAI: sum('POAI'),
      EnergyGenerated: sum('EnergyGenerated'),
      SpecificYieldDC: sum('SpecificYieldDC'),
      PerformanceRatio: mean('PerformanceRatio'),
      InverterLimitationLoss: mean('InverterLimitationLoss'),
      ACCapacityFactor: mean('ACCapacityFactor'),
      NearShadingLoss: mean('NearShadingLoss'),
      ModuleIrradianceLoss: mean('ModuleIrradianceLoss'),
      ModuleTemperatureLoss: mean('ModuleTemperatureLoss'),
      InverterEfficiencyLoss: mean('InverterEfficiencyLoss'),
      SpectralLoss: mean('SpectralLoss'),
    });
  }
  return {
    StartDate: result.summary.start ?? null,
    EndDate: result.summary.end ?? null,
    SubHourlyDetails: subHourly,
    HourlyDetails: hourly,
    DailyDetails: daily,
    MonthlyDetails: monthly,
    YearlyDetails: years,
    Total: total,
  };
}
