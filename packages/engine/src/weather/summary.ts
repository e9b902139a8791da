/**
 * Weather summary (annual and monthly sums and means), daily profiles (mean by month × hour) and the
 * hour × day heat map, for the weather screen's tables and charts and the spec 3 Weather sums.
 * Irradiation = Σ irradiance × interval: kWh/m² = Σ G [W/m²] · Δt [min] / 60 / 1000.
 */
import { calendarIndex, type CalendarIndex } from './calendarIndex.ts';
import type { WeatherData, WeatherSeriesKey } from './types.ts';

/** Sums and means of one period; NaN where the series is absent or has no value in the period. */
export interface WeatherStats {
  /** irradiation [kWh/m²] */
  ghi: number;
  dni: number;
  dhi: number;
  poa: number;
  /** means */
  tempAir: number;
  tempAirMax: number;
  tempAirMin: number;
  windSpeed: number;
  relativeHumidity: number;
  pressure: number;
  tempDew: number;
  precipitableWater: number;
  albedo: number;
  /** rainfall sum [mm] */
  rainfall: number;
  /** records in the period */
  count: number;
}

export interface WeatherMonthStats extends WeatherStats {
  /** 1–12 */
  month: number;
}

export interface WeatherYearStats extends WeatherStats {
  year: number;
  months: WeatherMonthStats[];
}

/**
 * Summary of a weather series. `monthly` is the mean over the years that hold each month (sums are
 * per month, not added over years); `annual` adds the twelve monthly sums and weights the monthly
 * means by their record counts. `years` is per civil year (one entry for a typical year).
 */
export interface WeatherSummary {
  annual: WeatherStats;
  monthly: WeatherMonthStats[];
  years: WeatherYearStats[];
}

const SUM_KEYS = ['ghi', 'dni', 'dhi', 'poa', 'rainfall'] as const;
const MEAN_KEYS = [
  'tempAir',
  'windSpeed',
  'relativeHumidity',
  'pressure',
  'tempDew',
  'precipitableWater',
  'albedo',
] as const;
const KEYS = [...SUM_KEYS, ...MEAN_KEYS] as const;
const NK = KEYS.length;

/** Accumulators of one bin: Σ and count per key, temperature min and max, records. */
class Bin {
  readonly sum = new Float64Array(NK);
  readonly cnt = new Float64Array(NK);
  tMax = -Infinity;
  tMin = Infinity;
  count = 0;
  add(o: Bin): void {
    for (let k = 0; k < NK; k++) {
      this.sum[k]! += o.sum[k]!;
      this.cnt[k]! += o.cnt[k]!;
    }
    this.tMax = Math.max(this.tMax, o.tMax);
    this.tMin = Math.min(this.tMin, o.tMin);
    this.count += o.count;
  }
}

function statsOf(b: Bin, hoursPerStep: number, divisor = 1): WeatherStats {
  const out: Record<string, number> = {};
  for (let k = 0; k < NK; k++) {
    const key = KEYS[k]!;
    const has = b.cnt[k]! > 0;
    if (key === 'rainfall') out[key] = has ? b.sum[k]! / divisor : NaN;
    else if ((SUM_KEYS as readonly string[]).includes(key))
      out[key] = has ? (b.sum[k]! * hoursPerStep) / 1000 / divisor : NaN;
    else out[key] = has ? b.sum[k]! / b.cnt[k]! : NaN;
  }
  return {
    ...(out as Omit<WeatherStats, 'tempAirMax' | 'tempAirMin' | 'count'>),
    tempAirMax: Number.isFinite(b.tMax) ? b.tMax : NaN,
    tempAirMin: Number.isFinite(b.tMin) ? b.tMin : NaN,
    count: b.count / divisor,
  } as WeatherStats;
}

/**
 * Annual, monthly and per-year sums (kWh/m² for GHI, DNI, DHI, POA; mm for rainfall) and means
 * (air and dew-point temperature, wind, humidity, pressure, precipitable water, albedo), in the
 * site's standard time with each record placed at the middle of its interval.
 * @param index optional precomputed calendar index of `data`
 */
export function weatherSummary(
  data: WeatherData,
  index: CalendarIndex = calendarIndex(data),
): WeatherSummary {
  const n = data.time.length;
  const hoursPerStep = data.meta.intervalMinutes / 60;
  const years = data.meta.typicalYear ? [0] : index.years;
  const yearPos = new Map(years.map((y, i) => [y, i]));
  const bins = years.map(() => Array.from({ length: 12 }, () => new Bin()));
  const series = KEYS.map((k) => (data as unknown as Partial<Record<string, Float64Array>>)[k]);
  // Bin of each record (year × 12 + month − 1), computed once.
  const binOf = new Int32Array(n);
  let lastYear = NaN;
  let lastPos = 0;
  for (let i = 0; i < n; i++) {
    const y = index.year[i]!;
    if (y !== lastYear) {
      lastYear = y;
      lastPos = data.meta.typicalYear ? 0 : yearPos.get(y)!;
    }
    binOf[i] = lastPos * 12 + index.month[i]! - 1;
  }
  const flat = bins.flat();
  const sums = new Float64Array(flat.length);
  const cnts = new Float64Array(flat.length);
  for (let k = 0; k < NK; k++) {
    const col = series[k];
    if (!col) continue;
    sums.fill(0);
    cnts.fill(0);
    for (let i = 0; i < n; i++) {
      const v = col[i]!;
      if (v !== v) continue;
      const j = binOf[i]!;
      sums[j]! += v;
      cnts[j]!++;
    }
    for (let j = 0; j < flat.length; j++) {
      flat[j]!.sum[k] = sums[j]!;
      flat[j]!.cnt[k] = cnts[j]!;
    }
  }
  const temp = data.tempAir;
  for (let i = 0; i < n; i++) {
    const b = flat[binOf[i]!]!;
    b.count++;
    const t = temp[i]!;
    if (t > b.tMax) b.tMax = t;
    if (t < b.tMin) b.tMin = t;
  }
  const yearStats: WeatherYearStats[] = years.map((year, yi) => {
    const total = new Bin();
    const months = bins[yi]!.map((b, mi) => {
      total.add(b);
      return { month: mi + 1, ...statsOf(b, hoursPerStep) };
    });
    return {
      year: data.meta.typicalYear ? (index.years[0] ?? 0) : year,
      ...statsOf(total, hoursPerStep),
      months,
    };
  });
  // Monthly means over the years holding each month.
  const monthly: WeatherMonthStats[] = [];
  const annualBin = new Bin();
  const monthlyBins: { bin: Bin; yearsWith: number }[] = [];
  for (let mi = 0; mi < 12; mi++) {
    const bin = new Bin();
    let yearsWith = 0;
    for (let yi = 0; yi < years.length; yi++) {
      const b = bins[yi]![mi]!;
      if (b.count > 0) {
        bin.add(b);
        yearsWith++;
      }
    }
    monthlyBins.push({ bin, yearsWith });
    monthly.push({ month: mi + 1, ...statsOf(bin, hoursPerStep, Math.max(1, yearsWith)) });
  }
  // Annual: sums of the monthly means; means weighted by records.
  for (const { bin, yearsWith } of monthlyBins) {
    const d = Math.max(1, yearsWith);
    const scaled = new Bin();
    for (let k = 0; k < NK; k++) {
      scaled.sum[k] = bin.sum[k]! / d;
      scaled.cnt[k] = bin.cnt[k]! / d;
    }
    scaled.tMax = bin.tMax;
    scaled.tMin = bin.tMin;
    scaled.count = bin.count / d;
    annualBin.add(scaled);
  }
  return { annual: statsOf(annualBin, hoursPerStep), monthly, years: yearStats };
}

/** Spec 3 Weather summary fields from a {@link WeatherSummary} (annual values; NaN → null). */
export function weatherSummaryFields(s: WeatherSummary): Record<string, number | null | boolean> {
  const v = (x: number): number | null => (Number.isFinite(x) ? x : null);
  const a = s.annual;
  return {
    globalHorizontalIrradianceSum: v(a.ghi),
    diffuseHorizontalIrradianceSum: v(a.dhi),
    directNormalIrradianceSum: v(a.dni),
    planeOfArrayIrradianceSum: v(a.poa),
    averageAirTemperature: v(a.tempAir),
    maxAirTemperature: v(a.tempAirMax),
    averageRelativeHumidity: v(a.relativeHumidity),
    averageWindSpeed: v(a.windSpeed),
    averagePrecipitableWater: v(a.precipitableWater),
    averageDewpoint: v(a.tempDew),
    rainfallSum: v(a.rainfall),
    averageAlbedo: v(a.albedo),
    hasAlbedoData: Number.isFinite(a.albedo),
  };
}

/** Mean of a series by month × hour: `values[(month − 1)·24 + hour]`, NaN where no value. */
export interface DailyProfile {
  key: WeatherSeriesKey;
  values: Float64Array;
}

/**
 * Daily profiles: the mean of each series at each hour of the day, per month (12 × 24), local
 * standard time at mid-interval.
 * @param keys series to profile (default GHI, DNI, DHI, air temperature, wind speed)
 */
export function dailyProfiles(
  data: WeatherData,
  keys: readonly WeatherSeriesKey[] = ['ghi', 'dni', 'dhi', 'tempAir', 'windSpeed'],
  index: CalendarIndex = calendarIndex(data),
): DailyProfile[] {
  const out: DailyProfile[] = [];
  const n = data.time.length;
  for (const key of keys) {
    const col = (data as unknown as Partial<Record<string, Float64Array>>)[key];
    if (!col) continue;
    const sum = new Float64Array(288);
    const cnt = new Float64Array(288);
    for (let i = 0; i < n; i++) {
      const v = col[i]!;
      if (v !== v) continue;
      const j = (index.month[i]! - 1) * 24 + index.hour[i]!;
      sum[j]! += v;
      cnt[j]!++;
    }
    for (let j = 0; j < 288; j++) sum[j] = cnt[j]! > 0 ? sum[j]! / cnt[j]! : NaN;
    out.push({ key, values: sum });
  }
  return out;
}

/** Hour × day matrix: `values[hour·days + (dayOfYear − 1)]`, hourly means over the years. */
export interface HeatMap {
  key: WeatherSeriesKey;
  hours: 24;
  /** 365, or 366 when a leap day is present */
  days: number;
  values: Float32Array;
  min: number;
  max: number;
}

const MONTH_START = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/**
 * Hour × day-of-year heat map of one series (mean of the records in each hour and day, over the
 * years of a multi-year file), NaN where there is no value. A typical year, whose months come from
 * different (leap or not) years, is laid on a 365-day calendar (29 February joins the 28th).
 */
export function heatMap(
  data: WeatherData,
  key: WeatherSeriesKey,
  index: CalendarIndex = calendarIndex(data),
): HeatMap {
  const n = data.time.length;
  const typical = data.meta.typicalYear;
  const dayIndex = new Int16Array(n);
  let days = 365;
  for (let i = 0; i < n; i++) {
    const mo = index.month[i]!;
    dayIndex[i] = typical
      ? Math.min(MONTH_START[mo - 1]! + index.day[i]! - 1, mo === 2 ? 58 : 364)
      : index.dayOfYear[i]! - 1;
    if (dayIndex[i] === 365) days = 366;
  }
  const sum = new Float64Array(24 * days);
  const cnt = new Float64Array(24 * days);
  const col = (data as unknown as Partial<Record<string, Float64Array>>)[key];
  if (col) {
    for (let i = 0; i < n; i++) {
      const v = col[i]!;
      if (v !== v) continue;
      const j = index.hour[i]! * days + dayIndex[i]!;
      sum[j]! += v;
      cnt[j]!++;
    }
  }
  const values = new Float32Array(24 * days);
  let min = Infinity;
  let max = -Infinity;
  for (let j = 0; j < values.length; j++) {
    const v = cnt[j]! > 0 ? sum[j]! / cnt[j]! : NaN;
    values[j] = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return {
    key,
    hours: 24,
    days,
    values,
    min: Number.isFinite(min) ? min : NaN,
    max: Number.isFinite(max) ? max : NaN,
  };
}
