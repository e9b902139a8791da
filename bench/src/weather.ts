/**
 * Weather-file parsing benchmark (issue 6 input, engine weather parsers): a synthetic 1-minute year
 * (525,600 records, 10 quantities) written as an NSRDB PSM v3 CSV, a SolarAnywhere SA-format CSV
 * and an EPW with 60 records per hour, each parsed by `parseWeather` (format recognised by content).
 * Each is warmed up, then timed several times; prints the median in ms and ns per record.
 *
 *   npx tsx bench/src/weather.ts
 */
import { pathToFileURL } from 'node:url';
import { parseWeather } from '@sunfield/engine';

const MINUTES = 525_600;
const TZ = -7;

/** Deterministic pseudo-weather for minute k of 2019 (local standard time). */
function sample(k: number): number[] {
  const dayFrac = (k % 1440) / 1440;
  const sun = Math.max(0, Math.sin(Math.PI * (dayFrac - 0.25) * 2));
  const ghi = Math.round(900 * sun * (0.75 + 0.25 * Math.sin(k / 97)));
  return [
    ghi,
    Math.round(ghi * 0.8),
    Math.round(ghi * 0.2),
    +(10 + 8 * Math.sin(k / 2000)).toFixed(1),
    +(2 + 3 * Math.sin(k / 3000)).toFixed(1),
    +(50 + 30 * Math.sin(k / 777)).toFixed(2),
    780 + (k % 7),
    +(3 + Math.sin(k / 50)).toFixed(1),
    k % 360,
    1.2,
  ];
}

function civil(k: number): [number, number, number, number, number] {
  const date = new Date(Date.UTC(2019, 0, 1) + k * 60_000);
  return [
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
  ];
}

/** NSRDB PSM v3 CSV with 1-minute records stamped at the interval start. */
export function psmMinuteYear(): string {
  const out: string[] = [
    'Source,Location ID,City,State,Country,Latitude,Longitude,Time Zone,Elevation,Local Time Zone,Pressure Units,Version',
    'NSRDB,401182,-,-,-,40.53,-108.54,-7,2168,-7,mbar,v3.2.2',
    'Year,Month,Day,Hour,Minute,GHI,DNI,DHI,Temperature,Dew Point,Relative Humidity,Pressure,Wind Speed,Wind Direction,Precipitable Water',
  ];
  for (let k = 0; k < MINUTES; k++) out.push(`${civil(k).join(',')},${sample(k).join(',')}`);
  return out.join('\n') + '\n';
}

/** SolarAnywhere SA-format CSV, 1-minute, stamped at the interval end. */
export function solarAnywhereMinuteYear(): string {
  const out: string[] = [
    `0,Synthetic  Site,NA,${TZ},40.53,-108.54,2168,"Data Version: 3.6 / Type: Timeseries / Time Resolution: 1 minutes / Averaging Method: End of Period"`,
    'ObservationTime(LST),Global Horizontal Irradiance (GHI) W/m2,Direct Normal Irradiance (DNI) W/m2,' +
      'Diffuse Horizontal Irradiance (DIF) W/m2,AmbientTemperature (deg C),DewPoint (deg C),Relative Humidity (%),' +
      'Pressure (mbar),WindSpeed (m/s),WindDirection (degrees),Albedo',
  ];
  const p2 = (v: number): string => String(v).padStart(2, '0');
  for (let k = 1; k <= MINUTES; k++) {
    const [y, m, d, h, mi] = civil(k);
    const s = sample(k);
    out.push(`${p2(m)}/${p2(d)}/${y} ${p2(h)}:${p2(mi)},${s.slice(0, 9).join(',')},0.2`);
  }
  return out.join('\n') + '\n';
}

/** EPW with 60 records per hour (minute 1…60 ends each sub-interval). */
export function epwMinuteYear(): string {
  const out: string[] = [
    'LOCATION,Synthetic,-,USA,Bench,000000,40.53,-108.54,-7.0,2168',
    'DESIGN CONDITIONS,0',
    'TYPICAL/EXTREME PERIODS,0',
    'GROUND TEMPERATURES,0',
    'HOLIDAYS/DAYLIGHT SAVINGS,No,0,0,0',
    'COMMENTS 1,synthetic',
    'COMMENTS 2,synthetic',
    'DATA PERIODS,1,60,Data,Tuesday, 1/ 1,12/31',
  ];
  for (let k = 0; k < MINUTES; k++) {
    const [y, m, d, h, mi] = civil(k);
    const [ghi, dni, dhi, t, td, rh, p, ws, wd] = sample(k);
    out.push(
      `${y},${m},${d},${h + 1},${mi + 1},?9?9?9?9E0?9?9?9?9?9?9?9?9?9?9?9?9?9?9*9*9?9?9?9,${t},${td},${rh},${p! * 100},` +
        `9999,9999,9999,${ghi},${dni},${dhi},999999,999999,999999,9999,${wd},${ws},99,99,9999,99999,9,999999999,12,0.999,999,99,0.2,999,99`,
    );
  }
  return out.join('\n') + '\n';
}

function median(fn: () => void, reps: number): number {
  for (let w = 0; w < 2; w++) fn();
  const runs: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    fn();
    runs.push(performance.now() - t0);
  }
  runs.sort((a, b) => a - b);
  return runs[runs.length >> 1]!;
}

/** Times `parseWeather` on each synthetic 1-minute year; returns ms and ns per record. */
export function benchWeather(reps: number): Record<string, { mb: number; ms: number; nsPerRecord: number }> {
  const files: Record<string, string> = {
    'NSRDB PSM v3 CSV': psmMinuteYear(),
    'SolarAnywhere SA CSV': solarAnywhereMinuteYear(),
    'EPW, 60 records/hour': epwMinuteYear(),
  };
  const result: Record<string, { mb: number; ms: number; nsPerRecord: number }> = {};
  for (const [name, text] of Object.entries(files)) {
    let rows = 0;
    const ms = median(() => {
      rows = parseWeather(text).meta.rowCount;
    }, reps);
    if (rows !== MINUTES) throw new Error(`${name}: ${rows} records parsed, ${MINUTES} expected`);
    result[name] = { mb: text.length / 1e6, ms, nsPerRecord: (ms * 1e6) / rows };
  }
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const reps = 7;
  const r = benchWeather(reps);
  console.log(
    `\n1-minute year (${MINUTES.toLocaleString('en')} records), parseWeather, median of ${reps} runs after warm-up:`,
  );
  for (const [k, v] of Object.entries(r)) {
    console.log(
      `  ${k.padEnd(24)} ${v.mb.toFixed(1).padStart(6)} MB ${v.ms.toFixed(0).padStart(7)} ms ${v.nsPerRecord.toFixed(0).padStart(6)} ns/record`,
    );
  }
}
