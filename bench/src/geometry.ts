/**
 * Geometry benchmark (issue 3, geometry part): tracker (slope-aware backtracking), fixed tilt, Perez
 * transposition, horizon and near shading (beam, electrical, Schaar–Panchula sky, ground) over one
 * hourly year (8,760 steps) and one 1-minute year (525,600 steps), on synthetic sun positions and
 * weather. Prints nanoseconds per step (best of several runs).
 *
 *   npx tsx bench/src/geometry.ts
 */
import { pathToFileURL } from 'node:url';
import {
  fixedTiltSeries,
  perezSeries,
  planeOfArraySeries,
  preparePlaneOfArray,
  rowShadedFractionSeries,
  singleAxisSeries,
  trackerSeries,
  type PlaneOfArrayOptions,
  type TrackerParams,
} from '@sunfield/engine';

const DEG = Math.PI / 180;

/** Synthetic year at 35° N: sun position from declination and hour angle, clear-ish irradiance, wind. */
export function syntheticYear(steps: number) {
  const c = () => new Float64Array(steps);
  const y = {
    solarZenith: c(),
    solarAzimuth: c(),
    dni: c(),
    dhi: c(),
    ghi: c(),
    dniExtra: c(),
    airmassRelative: c(),
    windSpeed: c(),
    month: new Uint8Array(steps),
  };
  const lat = 35 * DEG;
  for (let i = 0; i < steps; i++) {
    const dayOfYear = (i * 365) / steps;
    const hour = (dayOfYear % 1) * 24;
    const decl = 23.45 * DEG * Math.sin(((2 * Math.PI) / 365) * (dayOfYear - 81));
    const w = (hour - 12) * 15 * DEG;
    const cz = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(w);
    const zen = Math.acos(Math.max(-1, Math.min(1, cz)));
    const az =
      Math.atan2(Math.sin(w), Math.cos(w) * Math.sin(lat) - Math.tan(decl) * Math.cos(lat)) + Math.PI;
    y.solarZenith[i] = zen / DEG;
    y.solarAzimuth[i] = az / DEG;
    const up = cz > 0.01;
    const cloud = 0.5 + 0.5 * Math.sin(i * 0.37) * Math.sin(i * 0.011);
    y.dni[i] = up ? 900 * Math.pow(cz, 0.25) * cloud : 0;
    y.dhi[i] = up ? 50 + 150 * cz * (1.2 - cloud) : 0;
    y.ghi[i] = y.dhi[i]! + y.dni[i]! * Math.max(cz, 0);
    y.dniExtra[i] = 1361 * (1 + 0.033 * Math.cos((2 * Math.PI * dayOfYear) / 365));
    y.airmassRelative[i] = up ? 1 / (cz + 0.50572 * Math.pow(96.07995 - zen / DEG, -1.6364)) : Number.NaN;
    y.windSpeed[i] = 4 + 6 * Math.abs(Math.sin(i * 0.05));
    y.month[i] = Math.min(12, 1 + Math.floor(dayOfYear / 30.42));
  }
  return y;
}

function time(fn: () => void, steps: number, reps: number): number {
  fn();
  let best = Infinity;
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return (best * 1e6) / steps;
}

const tracker: TrackerParams = {
  axisTilt: 0,
  axisAzimuth: 180,
  minAngle: -60,
  maxAngle: 60,
  gcr: 0.4,
  crossAxisTilt: 3,
  control: 'backtracking',
  nightStowAngle: 0,
  windStow: { threshold: 15, angle: 30, dwellSteps: 2 },
};

const poaOptions: PlaneOfArrayOptions = {
  transposition: { model: 'perez', coefficients: 'allsitescomposite1990' },
  circumsolar: 'beam',
  monthlyAlbedo: [0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2],
  horizon: {
    horizon: [
      { azimuth: 0, elevation: 2 },
      { azimuth: 60, elevation: 6 },
      { azimuth: 120, elevation: 9 },
      { azimuth: 180, elevation: 3 },
      { azimuth: 240, elevation: 7 },
      { azimuth: 300, elevation: 4 },
    ],
    axisTilt: 0,
    axisAzimuth: 180,
  },
  rows: {
    gcr: 0.4,
    crossAxisTilt: 3,
    electrical: { response: 'fractional', fractionalEffect: 50, modulesHigh: 1, orientation: 'portrait' },
    diffuse: 'schaarPanchula',
    ground: true,
  },
};

/** Runs the benchmark; returns ns/step per function and for the tracker + POA chain. */
export function benchGeometry(steps: number, reps = 7): Record<string, number> {
  const y = syntheticYear(steps);
  const c = () => new Float64Array(steps);
  const m = {
    trackerTheta: c(),
    surfaceTilt: c(),
    surfaceAzimuth: c(),
    aoi: c(),
    cosAoi: c(),
    projectedZenith: c(),
  };
  const poa = { beamAfterShading: c(), skyAfterShading: c(), groundAfterShading: c(), poaAfterShading: c() };
  const comp = { poaIsotropic: c(), poaCircumsolar: c(), poaHorizon: c() };
  const r: Record<string, number> = {};
  r['singleAxisSeries (raw, backtracking)'] = time(
    () => singleAxisSeries(y, { ...tracker, backtrack: true }, m),
    steps,
    reps,
  );
  r['trackerSeries (backtracking on 3° slope, night + wind stow)'] = time(
    () => trackerSeries(y, tracker, m),
    steps,
    reps,
  );
  const x = { ...y, ...m };
  r['perezSeries (components)'] = time(
    () => perezSeries(x, { coefficients: 'allsitescomposite1990' }, comp),
    steps,
    reps,
  );
  r['rowShadedFractionSeries'] = time(
    () => rowShadedFractionSeries(x, tracker, comp.poaIsotropic),
    steps,
    reps,
  );
  r['preparePlaneOfArray (tables, per call)'] = time(() => preparePlaneOfArray(poaOptions), steps, reps);
  r['planeOfArraySeries (Perez + horizon + beam/elec/sky/ground shading)'] = time(
    () => planeOfArraySeries(x, preparePlaneOfArray(poaOptions), poa),
    steps,
    reps,
  );
  const fixed = { ...poaOptions, horizon: { ...poaOptions.horizon!, axisAzimuth: 90 } };
  r['fixed tilt: fixedTiltSeries + planeOfArraySeries (same options)'] = time(
    () => {
      fixedTiltSeries(y, { surfaceTilt: 25, surfaceAzimuth: 180 }, m);
      planeOfArraySeries({ ...y, ...m }, preparePlaneOfArray(fixed), poa);
    },
    steps,
    reps,
  );
  r['tracker chain: trackerSeries + prepare + planeOfArraySeries'] = time(
    () => {
      trackerSeries(y, tracker, m);
      planeOfArraySeries(x, preparePlaneOfArray(poaOptions), poa);
    },
    steps,
    reps,
  );
  return r;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [label, steps, reps] of [
    ['hourly year', 8760, 21],
    ['1-minute year', 525600, 5],
  ] as const) {
    const r = benchGeometry(steps, reps);
    console.log(`\n${label} (${steps.toLocaleString('en')} steps), ns/step:`);
    for (const [k, v] of Object.entries(r)) console.log(`  ${k.padEnd(70)} ${v.toFixed(1).padStart(8)}`);
    const chain = Object.entries(r).at(-1)![1];
    console.log(`  → tracker chain for the year: ${((chain * steps) / 1e6).toFixed(2)} ms`);
  }
}
