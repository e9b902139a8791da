/**
 * Optics benchmark (issue 3, optics part): incidence-angle modifiers, diffuse IAM, spectral factors,
 * precipitable water, soiling and rear irradiance over one hourly year (8,760 steps) and one 1-minute
 * year (525,600 steps), on synthetic inputs. Prints nanoseconds per step (best of several runs).
 *
 *   npx tsx bench/src/optics.ts
 */
import { pathToFileURL } from 'node:url';
import {
  FIRST_SOLAR_SPECTRAL_COEFFICIENTS,
  PHYSICAL_IAM_DEFAULTS,
  SANDIA_IAM_GENERIC_GLASS,
  firstSolarSeries,
  gueymard94PwSeries,
  iamSeries,
  marionDiffuseIamSeries,
  marionRearIrradianceSeries,
  marionRearViewFactors,
  sandiaSpectralSeries,
  soilingMonthlySeries,
  type IamModel,
} from '@sunfield/engine';

const DEG = Math.PI / 180;
const CHAIN = 'optics chain (tracker: IAM physical, diffuse IAM, firstSolar, PW, soiling, rear)';

/** Synthetic year at latitude 35° N: sun position, clear-ish irradiance, a tracker and weather. */
export function syntheticYear(steps: number) {
  const s = {
    zenith: new Float64Array(steps),
    azimuth: new Float64Array(steps),
    dni: new Float64Array(steps),
    dhi: new Float64Array(steps),
    aoiFixed: new Float64Array(steps),
    aoiTracker: new Float64Array(steps),
    trackerTilt: new Float64Array(steps),
    trackerAzimuth: new Float64Array(steps),
    airmass: new Float64Array(steps),
    tempAir: new Float64Array(steps),
    relativeHumidity: new Float64Array(steps),
    precipitableWater: new Float64Array(steps),
    month: new Uint8Array(steps),
  };
  const lat = 35 * DEG;
  const perDay = steps / 365;
  for (let i = 0; i < steps; i++) {
    const day = Math.floor(i / perDay);
    const hour = ((i % perDay) + 0.5) * (24 / perDay);
    const decl = 23.45 * DEG * Math.sin((2 * Math.PI * (284 + day)) / 365);
    const ha = (hour - 12) * 15 * DEG;
    const cz = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(ha);
    const z = Math.acos(Math.max(-1, Math.min(1, cz)));
    const sinAz = (-Math.cos(decl) * Math.sin(ha)) / Math.max(1e-9, Math.sin(z));
    const cosAz = (Math.sin(decl) - Math.sin(lat) * cz) / Math.max(1e-9, Math.cos(lat) * Math.sin(z));
    const az = (Math.atan2(-sinAz, cosAz) / DEG + 360) % 360;
    s.zenith[i] = z / DEG;
    s.azimuth[i] = az;
    const up = cz > 0.01;
    const am = up ? 1 / (cz + 0.50572 * (96.07995 - z / DEG) ** -1.6364) : 0;
    s.airmass[i] = am;
    s.dni[i] = up ? 900 * Math.exp(-0.12 * am) : 0;
    s.dhi[i] = up ? 60 + 80 * cz : 0;
    // Fixed tilt 25° south: cos θ = cos z cos β + sin z sin β cos(γs − 180°).
    const cf = cz * Math.cos(25 * DEG) + Math.sin(z) * Math.sin(25 * DEG) * Math.cos((az - 180) * DEG);
    s.aoiFixed[i] = Math.acos(Math.max(-1, Math.min(1, cf))) / DEG;
    // True-tracking N–S axis, ±60°: rotation = atan(sx/cz), sx the eastward component.
    const sx = Math.sin(z) * Math.sin(az * DEG);
    const rot = Math.max(-60, Math.min(60, Math.atan2(sx, Math.max(cz, 1e-6)) / DEG));
    s.trackerTilt[i] = up ? Math.abs(rot) : 0;
    s.trackerAzimuth[i] = rot >= 0 ? 90 : 270;
    const ct =
      cz * Math.cos(s.trackerTilt[i]! * DEG) +
      Math.sin(z) * Math.sin(s.trackerTilt[i]! * DEG) * Math.cos((az - s.trackerAzimuth[i]!) * DEG);
    s.aoiTracker[i] = Math.acos(Math.max(-1, Math.min(1, ct))) / DEG;
    s.tempAir[i] = 15 + 10 * Math.sin((2 * Math.PI * (day - 100)) / 365) + 6 * Math.sin(ha);
    s.relativeHumidity[i] = 55 - 20 * Math.sin(ha);
    s.precipitableWater[i] = 1.5 + Math.sin((2 * Math.PI * day) / 365);
    s.month[i] = Math.min(12, 1 + Math.floor(day / 30.42));
  }
  return s;
}

/**
 * Nanoseconds per step: the best of `reps` samples, each repeating `fn` until it has used ≥ 20 ms of
 * CPU. CPU time (process.cpuUsage) rather than wall time, so that other processes on a shared machine
 * inflate the figures less.
 */
function time(fn: () => void, steps: number, reps: number): number {
  fn();
  let best = Infinity;
  for (let r = 0; r < reps; r++) {
    let runs = 0;
    const c0 = process.cpuUsage();
    let used: number;
    do {
      fn();
      runs++;
      const c = process.cpuUsage(c0);
      used = c.user + c.system;
    } while (used < 20_000);
    best = Math.min(best, (used * 1e3) / (runs * steps));
  }
  return best;
}

/**
 * CPU milliseconds of the first run of the optics chain of a tracker in a fresh process: view-factor and
 * diffuse-IAM tables built, code not yet optimised.
 */
export function benchColdChain(steps: number): number {
  const s = syntheticYear(steps);
  const out = new Float64Array(steps);
  const out2 = new Float64Array(steps);
  const rear = {
    poaRear: new Float64Array(steps),
    poaRearIam: new Float64Array(steps),
    rearEffective: new Float64Array(steps),
  };
  const phys: IamModel = { model: 'physical', ...PHYSICAL_IAM_DEFAULTS };
  const c0 = process.cpuUsage();
  iamSeries(phys, { aoi: s.aoiTracker }, out);
  marionDiffuseIamSeries({ surfaceTilt: s.trackerTilt }, { iam: phys }, { sky: out, ground: out2 });
  gueymard94PwSeries({ tempAir: s.tempAir, relativeHumidity: s.relativeHumidity }, out2);
  firstSolarSeries(
    { precipitableWater: out2, airmassAbsolute: s.airmass },
    { coefficients: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.cdte },
    out,
  );
  soilingMonthlySeries({ month: s.month }, { monthlyLoss: new Array<number>(12).fill(2) }, out);
  marionRearIrradianceSeries(
    {
      solarZenith: s.zenith,
      solarAzimuth: s.azimuth,
      surfaceTilt: s.trackerTilt,
      surfaceAzimuth: s.trackerAzimuth,
      dni: s.dni,
      dhi: s.dhi,
      albedo: 0.25,
    },
    { postHeight: 2.05, pitch: 6, collectorWidth: 2.2, bifacialityFactor: 0.7 },
    rear,
  );
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e3;
}

/** Runs the benchmark; returns ns/step per function and for the whole optics chain. */
export function benchOptics(steps: number, reps = 7): Record<string, number> {
  const s = syntheticYear(steps);
  const out = new Float64Array(steps);
  const out2 = new Float64Array(steps);
  const rear = {
    poaRear: new Float64Array(steps),
    poaRearIam: new Float64Array(steps),
    rearEffective: new Float64Array(steps),
  };
  const models: Record<string, IamModel> = {
    'iam ashrae': { model: 'ashrae', b0: 0.05 },
    'iam sandia': { model: 'sandia', ...SANDIA_IAM_GENERIC_GLASS },
    'iam physical (ARC)': { model: 'physical', ...PHYSICAL_IAM_DEFAULTS },
    'iam tabular': {
      model: 'tabular',
      angles: [0, 30, 50, 60, 70, 80, 90],
      factors: [1, 0.998, 0.987, 0.963, 0.91, 0.77, 0],
    },
  };
  const geo = {
    postHeight: 2,
    pitch: 6,
    collectorWidth: 2.2,
    bifacialityFactor: 0.7,
    transmissionFactor: 0.05,
  };
  const r: Record<string, number> = {};
  for (const [name, m] of Object.entries(models))
    r[name] = time(() => iamSeries(m, { aoi: s.aoiTracker }, out), steps, reps);
  const phys = models['iam physical (ARC)']!;
  r['diffuse iam (tracker tilt)'] = time(
    () => marionDiffuseIamSeries({ surfaceTilt: s.trackerTilt }, { iam: phys }, { sky: out, ground: out2 }),
    steps,
    reps,
  );
  const fs = { coefficients: FIRST_SOLAR_SPECTRAL_COEFFICIENTS.cdte };
  r['spectral firstSolar'] = time(
    () => firstSolarSeries({ precipitableWater: s.precipitableWater, airmassAbsolute: s.airmass }, fs, out),
    steps,
    reps,
  );
  const sapm = { a0: 0.93, a1: 0.068, a2: -0.0158, a3: 0.00126, a4: -3.46e-5 };
  r['spectral sandia'] = time(
    () => sandiaSpectralSeries({ airmassAbsolute: s.airmass }, sapm, out),
    steps,
    reps,
  );
  r['precipitable water (T, RH)'] = time(
    () => gueymard94PwSeries({ tempAir: s.tempAir, relativeHumidity: s.relativeHumidity }, out),
    steps,
    reps,
  );
  const monthlyLoss = [2, 2, 2, 1.5, 1.5, 1, 1, 1, 1.5, 2, 2, 2];
  r['soiling monthly'] = time(
    () => soilingMonthlySeries({ month: s.month }, { monthlyLoss }, out),
    steps,
    reps,
  );
  const rearFixed = () =>
    marionRearIrradianceSeries(
      {
        solarZenith: s.zenith,
        solarAzimuth: s.azimuth,
        surfaceTilt: 25,
        surfaceAzimuth: 180,
        dni: s.dni,
        dhi: s.dhi,
        albedo: 0.25,
      },
      geo,
      rear,
    );
  const rearTracker = () =>
    marionRearIrradianceSeries(
      {
        solarZenith: s.zenith,
        solarAzimuth: s.azimuth,
        surfaceTilt: s.trackerTilt,
        surfaceAzimuth: s.trackerAzimuth,
        dni: s.dni,
        dhi: s.dhi,
        albedo: 0.25,
      },
      geo,
      rear,
    );
  r['rear irradiance fixed tilt'] = time(rearFixed, steps, reps);
  r['rear irradiance tracker'] = time(rearTracker, steps, reps);
  r[CHAIN] = time(
    () => {
      iamSeries(phys, { aoi: s.aoiTracker }, out);
      marionDiffuseIamSeries({ surfaceTilt: s.trackerTilt }, { iam: phys }, { sky: out2, ground: out2 });
      gueymard94PwSeries({ tempAir: s.tempAir, relativeHumidity: s.relativeHumidity }, out2);
      firstSolarSeries({ precipitableWater: out2, airmassAbsolute: s.airmass }, fs, out);
      soilingMonthlySeries({ month: s.month }, { monthlyLoss }, out);
      rearTracker();
    },
    steps,
    reps,
  );
  return r;
}

/** One-off cost [ms of CPU] of the rear view-factor tables of a tracker (61 whole-degree tilts), per new geometry. */
export function benchRearTables(postHeight: number): number {
  const geo = { postHeight, pitch: 6.2, collectorWidth: 2.3 };
  const c0 = process.cpuUsage();
  for (let k = 0; k <= 60; k++) marionRearViewFactors({ surfaceTilt: k }, geo);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e3;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(
    `first hourly tracker run in a fresh process (tables built, JIT cold): ${benchColdChain(8760).toFixed(1)} ms`,
  );
  const cold = benchRearTables(2.1);
  const warm = Math.min(...[2.2, 2.3, 2.4].map(benchRearTables));
  console.log(
    `rear view-factor tables, 61 tilts, one-off per new geometry: ${cold.toFixed(1)} ms, then ${warm.toFixed(1)} ms`,
  );
  for (const [label, steps, reps] of [
    ['hourly year', 8760, 21],
    ['1-minute year', 525600, 5],
  ] as const) {
    const r = benchOptics(steps, reps);
    console.log(`\n${label} (${steps.toLocaleString('en')} steps), ns/step:`);
    for (const [k, v] of Object.entries(r)) console.log(`  ${k.padEnd(86)} ${v.toFixed(1).padStart(8)}`);
    const chain = r[CHAIN]!;
    console.log(`  → optics chain for the year: ${((chain * steps) / 1e6).toFixed(2)} ms`);
  }
}
