/**
 * Weather import and analysis benchmark (issue 6): a synthetic 1-minute year (525,600 records,
 * 10 columns) as a generic CSV with ISO stamps, parsed with a column mapping (`parseGenericCsv`),
 * then the quality check, the summary with daily profiles and heat map, and the global tilted plane
 * on the parsed year. Each is warmed up, then timed; prints the median in ms.
 *
 *   npx tsx bench/src/weatherImport.ts
 */
import { pathToFileURL } from 'node:url';
import { parseGenericCsv, type GenericCsvMapping } from '@sunfield/engine/weather/genericCsv.ts';
import { dailyProfiles, heatMap, weatherSummary } from '@sunfield/engine/weather/summary.ts';
import { globalTiltedPlane } from '@sunfield/engine/weather/tiltedPlane.ts';
import { qualityCheck } from '@sunfield/engine/weatherQuality/qualityCheck.ts';

const MINUTES = 525_600;
const p2 = (v: number): string => String(v).padStart(2, '0');

/** Generic CSV: ISO stamp + 9 quantities, 1-minute, UTC−7 local standard time. */
export function genericMinuteYear(): string {
  const out: string[] = ['time,ghi,dni,dhi,temp,wind,rh,pressure,wdir,pwat'];
  const start = Date.UTC(2019, 0, 1);
  for (let k = 0; k < MINUTES; k++) {
    const d = new Date(start + k * 60_000);
    const h = d.getUTCHours() + d.getUTCMinutes() / 60;
    const ghi =
      h > 6 && h < 18
        ? Math.round(850 * Math.sin(((h - 6) / 12) * Math.PI) * (0.8 + 0.2 * Math.sin(k / 97)))
        : 0;
    out.push(
      `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}T${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())},` +
        `${ghi},${Math.round(ghi * 0.8)},${Math.round(ghi * 0.2)},${(10 + 8 * Math.sin(k / 2000)).toFixed(1)},` +
        `${(2 + Math.sin(k / 3000)).toFixed(1)},${(50 + 30 * Math.sin(k / 777)).toFixed(1)},${1012 + (k % 7)},${k % 360},1.2`,
    );
  }
  return out.join('\n') + '\n';
}

export const MAPPING: GenericCsvMapping = {
  delimiter: ',',
  headerRow: 0,
  timestamp: { format: 'iso', column: 0 },
  timeZone: -7,
  timestampDefinition: 'intervalBegin',
  columns: [
    { index: 1, key: 'ghi', unit: 'W/m2' },
    { index: 2, key: 'dni', unit: 'W/m2' },
    { index: 3, key: 'dhi', unit: 'W/m2' },
    { index: 4, key: 'tempAir', unit: 'C' },
    { index: 5, key: 'windSpeed', unit: 'm/s' },
    { index: 6, key: 'relativeHumidity', unit: '%' },
    { index: 7, key: 'pressure', unit: 'hPa' },
    { index: 8, key: 'windDirection', unit: 'deg' },
    { index: 9, key: 'precipitableWater', unit: 'cm' },
  ],
  latitude: 40.53,
  longitude: -108.54,
  elevation: 2168,
};

function median(fn: () => void, reps: number): number {
  fn();
  const runs: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    fn();
    runs.push(performance.now() - t0);
  }
  runs.sort((a, b) => a - b);
  return runs[runs.length >> 1]!;
}

/** Times each step on the 1-minute year [ms]. */
export function benchWeatherImport(reps: number): Record<string, number> {
  const text = genericMinuteYear();
  const w = parseGenericCsv(text, MAPPING);
  if (w.meta.rowCount !== MINUTES) throw new Error(`${w.meta.rowCount} records parsed, ${MINUTES} expected`);
  return {
    [`parseGenericCsv (${(text.length / 1e6).toFixed(1)} MB)`]: median(
      () => parseGenericCsv(text, MAPPING),
      reps,
    ),
    qualityCheck: median(() => qualityCheck(w), reps),
    'weatherSummary + dailyProfiles + heatMap': median(() => {
      weatherSummary(w);
      dailyProfiles(w);
      heatMap(w, 'ghi');
    }, reps),
    'globalTiltedPlane (Perez)': median(() => globalTiltedPlane(w, { tilt: 30 }), reps),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const reps = 5;
  const r = benchWeatherImport(reps);
  console.log(
    `\nWeather import, 1-minute year (${MINUTES.toLocaleString('en')} records × 10 columns), median of ${reps}:`,
  );
  for (const [k, v] of Object.entries(r)) console.log(`  ${k.padEnd(44)} ${v.toFixed(0).padStart(7)} ms`);
}
