/**
 * Sun benchmark (issue 3, sun part): NREL SPA series form and DIRINT over one hourly year (8,760
 * steps) and one 1-minute year (525,600 steps), Float64Arrays throughout. Each piece is warmed up,
 * then timed several times; prints the median in nanoseconds per step.
 *
 *   npx tsx bench/src/sun.ts
 */
import { pathToFileURL } from 'node:url';
import {
  dayOfYearSeries,
  dirintSeries,
  extraterrestrialSpencerSeries,
  haurwitzSeries,
  spaSeries,
  sunInstantSeries,
  yearTimestamps,
} from '@sunfield/engine';

/** Greensboro NC (the reference TMY3 site). */
const SITE = {
  latitude: 36.1,
  longitude: -79.95,
  altitude: 273,
  pressure: 98_000,
  temperature: 15,
  deltaT: 67,
};
const UTC_OFFSET = -5;

function median(fn: () => void, reps: number): number {
  for (let w = 0; w < 3; w++) fn();
  const runs: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    fn();
    runs.push(performance.now() - t0);
  }
  runs.sort((a, b) => a - b);
  return runs[runs.length >> 1]!;
}

/**
 * Times the sun part of the chain for a year of `intervalMinutes` steps: spaSeries (zenith, apparent
 * zenith, azimuth), day of year + Spencer extraterrestrial irradiance, DIRINT (with Δkt′ and the
 * dew-point bin). Returns ms per year and ns per step for each piece and their sum.
 */
export function benchSun(
  intervalMinutes: number,
  reps: number,
): Record<string, { ms: number; nsPerStep: number }> {
  const stamps = yearTimestamps({
    year: 2021,
    utcOffsetHours: UTC_OFFSET,
    intervalMinutes,
    definition: 'intervalEnd',
  });
  const n = stamps.length;
  const times = sunInstantSeries(stamps, { definition: 'intervalEnd', intervalMinutes }, new Float64Array(n));
  const sun = {
    zenith: new Float64Array(n),
    apparentZenith: new Float64Array(n),
    azimuth: new Float64Array(n),
  };
  const doy = new Float64Array(n);
  const dniExtra = new Float64Array(n);
  const dni = new Float64Array(n);
  const ktPrime = new Float64Array(n);
  // Weather: Haurwitz clear sky times a slowly varying cloudiness, dew point around 8 °C.
  spaSeries(times, SITE, sun);
  const ghi = haurwitzSeries(sun.apparentZenith, new Float64Array(n));
  const tempDew = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    ghi[i] = ghi[i]! * (0.55 + 0.45 * Math.abs(Math.sin(i * 0.37 * (intervalMinutes / 60))));
    tempDew[i] = 8 + 6 * Math.sin((2 * Math.PI * i) / n);
  }
  const pieces: Record<string, () => void> = {
    'spaSeries (zenith, apparent zenith, azimuth)': () => spaSeries(times, SITE, sun),
    'day of year + Spencer dniExtra': () => {
      dayOfYearSeries(times, UTC_OFFSET, doy);
      extraterrestrialSpencerSeries(doy, {}, dniExtra);
    },
    'dirintSeries (Δkt′, dew point)': () =>
      dirintSeries(
        { ghi, zenith: sun.zenith, dayOfYear: doy, pressure: SITE.pressure, tempDew },
        { useDeltaKtPrime: true, water: 'dewPoint' },
        dni,
        ktPrime,
      ),
  };
  const result: Record<string, { ms: number; nsPerStep: number }> = {};
  let total = 0;
  for (const [name, fn] of Object.entries(pieces)) {
    const ms = median(fn, reps);
    total += ms;
    result[name] = { ms, nsPerStep: (ms * 1e6) / n };
  }
  result['sun total'] = { ms: total, nsPerStep: (total * 1e6) / n };
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [label, interval, reps] of [
    ['hourly year', 60, 51],
    ['1-minute year', 1, 9],
  ] as const) {
    const r = benchSun(interval, reps);
    const steps = (525_600 / interval).toLocaleString('en');
    console.log(`\n${label} (${steps} steps), median of ${reps} runs after warm-up:`);
    for (const [k, v] of Object.entries(r)) {
      console.log(
        `  ${k.padEnd(48)} ${v.ms.toFixed(3).padStart(9)} ms ${v.nsPerStep.toFixed(1).padStart(8)} ns/step`,
      );
    }
  }
}
