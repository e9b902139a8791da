/**
 * The weather of a simulation: a parsed weather file (`WeatherData`) turned into the chain's inputs,
 * once per run.
 *
 * - A typical year (TMY, months from different years) is simulated as one calendar year: each record
 *   keeps its month, day and time (local standard time of the middle of its interval) and takes the
 *   year `coerceYear` (default 1990, as the reference systems; 1992 when the file holds 29 February;
 *   weather/typicalYear.ts).
 * - A file that states an irradiance time offset (PVGIS) gets the sun at the middle of the interval
 *   plus that offset (its records are then marked as interval middles at that instant).
 * - Missing air temperature and wind speed values are interpolated linearly in time between the
 *   nearest valid neighbours (held constant before the first and after the last); a column that is
 *   missing altogether is an error for the temperature and 1 m/s for the wind, with a warning.
 */
import type { OpticsWeather } from '../chain/opticsSeries.ts';
import { MS_PER_MINUTE } from '../time/calendar.ts';
import { midIntervalShiftMs } from '../time/weatherTimestamps.ts';
import { coerceTypicalYear, defaultTypicalYear } from '../weather/typicalYear.ts';
import type { WeatherData } from '../weather/types.ts';
import { resultColumn } from './scratch.ts';

export { coerceTypicalYear } from '../weather/typicalYear.ts';

/** The weather as the chain reads it. */
export interface SimulationWeather {
  /** the records' timestamps as the file defines them (typical years moved to one year) [ms] */
  time: Float64Array;
  /** the optics chain's input (same columns as the file, times possibly shifted for PVGIS) */
  optics: OpticsWeather;
  /** air temperature and wind speed without gaps [°C, m/s] */
  tempAir: Float64Array;
  windSpeed: Float64Array;
  /** step length [h] */
  intervalHours: number;
  /** site standard-time offset [h] */
  utcOffsetHours: number;
  /** year the typical year was moved to, or undefined */
  coercedYear: number | undefined;
  warnings: string[];
}

/** @internal Linear interpolation over NaN gaps, in place; returns the number of values filled. */
export function fillGaps(a: Float64Array): number {
  const n = a.length;
  let filled = 0;
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (a[i]! !== a[i]!) continue;
    if (i - last > 1) {
      const from = last < 0 ? a[i]! : a[last]!;
      for (let k = last + 1; k < i; k++) {
        a[k] = last < 0 ? from : from + ((a[i]! - from) * (k - last)) / (i - last);
        filled++;
      }
    }
    last = i;
  }
  if (last >= 0) for (let k = last + 1; k < n; k++, filled++) a[k] = a[last]!;
  return filled;
}

/** @internal Whether a column holds a NaN (a missing value). */
function hasGap(a: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i]! !== a[i]!) return true;
  return false;
}

/**
 * @internal A column with its gaps filled ({@link fillGaps}) and the number filled: the file's own
 * column when it has none (the simulation never writes it; a copy would be the same values in a new
 * column, 4.2 MB of a 1-minute year: issue 17, first run), else a copy in a result column
 * (`resultColumn`: a recycled result's when there is one).
 */
function withoutGaps(c: Float64Array): { column: Float64Array; filled: number } {
  if (!hasGap(c)) return { column: c, filled: 0 };
  const out = resultColumn(c.length);
  out.set(c);
  return { column: out, filled: fillGaps(out) };
}

/**
 * The chain's weather from a parsed file.
 * @param w the parsed weather file
 * @param p.utcOffsetHours the site's standard-time offset [h] (months and hours are local standard time)
 * @param p.coerceYear year for a typical year (see the module comment)
 * @returns the weather columns (air temperature and wind speed are the file's own columns when they
 *          have no gap); the file's columns are not modified
 * @throws RangeError when the file has no air temperature at all
 */
export function prepareWeather(
  w: WeatherData,
  p: { utcOffsetHours: number; coerceYear?: number | undefined },
): SimulationWeather {
  const warnings: string[] = [];
  const convention = { definition: w.meta.timestampDefinition, intervalMinutes: w.meta.intervalMinutes };
  const shift = midIntervalShiftMs(convention);
  let time = w.time;
  let coercedYear: number | undefined;
  if (w.meta.typicalYear) {
    coercedYear = p.coerceYear ?? defaultTypicalYear(time, shift, p.utcOffsetHours);
    time = coerceTypicalYear(time, shift, p.utcOffsetHours, coercedYear);
  }
  const { column: tempAir, filled: tFilled } = withoutGaps(w.tempAir);
  if (tFilled === tempAir.length) throw new RangeError('the weather file has no air temperature');
  if (tFilled > 0) warnings.push(`${tFilled} missing air temperatures interpolated`);
  const { column: windSpeed, filled: wFilled } = withoutGaps(w.windSpeed);
  if (wFilled === windSpeed.length && windSpeed.length > 0) {
    windSpeed.fill(1);
    warnings.push('the weather file has no wind speed: 1 m/s assumed');
  } else if (wFilled > 0) warnings.push(`${wFilled} missing wind speeds interpolated`);
  const offset = w.meta.sunOffsetMinutes;
  let opticsTime = time;
  let opticsConvention = convention;
  if (offset !== 0) {
    const d = shift + offset * MS_PER_MINUTE;
    opticsTime = time.map((t) => t + d);
    opticsConvention = { definition: 'intervalMiddle', intervalMinutes: convention.intervalMinutes };
  }
  const optics: OpticsWeather = {
    time: opticsTime,
    convention: opticsConvention,
    utcOffsetHours: p.utcOffsetHours,
    ghi: w.ghi,
    dni: w.dni,
    dhi: w.dhi,
    tempAir,
    windSpeed,
    pressure: w.pressure,
    ...(w.poa ? { poaGlobal: w.poa } : {}),
    ...(w.relativeHumidity ? { relativeHumidity: w.relativeHumidity } : {}),
    ...(w.tempDew ? { tempDew: w.tempDew } : {}),
    ...(w.precipitableWater ? { precipitableWater: w.precipitableWater } : {}),
    ...(w.albedo ? { albedo: w.albedo } : {}),
  };
  return {
    time,
    optics,
    tempAir,
    windSpeed,
    intervalHours: convention.intervalMinutes / 60,
    utcOffsetHours: p.utcOffsetHours,
    coercedYear,
    warnings,
  };
}
