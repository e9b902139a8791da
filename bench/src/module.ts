/**
 * Module benchmark (issue 4, module part): cell temperature and the maximum power point of one module
 * (CEC form, PVsyst form of c-Si, PVsyst form of CdTe with recombination) over one hourly year
 * (8,760 steps) and one 1-minute year (525,600 steps), on synthetic inputs (night steps included, as
 * in a real year). Prints nanoseconds per step, best of several runs, CPU time.
 *
 *   npx tsx bench/src/module.ts
 */
import { pathToFileURL } from 'node:url';
import {
  heatBalanceCellSeries,
  moduleMppSeries,
  pvsystReference,
  sapmCellSeries,
  type ModuleModel,
} from '@sunfield/engine';

const DEG = Math.PI / 180;

/** Synthetic year at 35° N: plane-of-array irradiance with clouds, air temperature and wind. */
export function syntheticYear(steps: number) {
  const poa = new Float64Array(steps);
  const tempAir = new Float64Array(steps);
  const wind = new Float64Array(steps);
  const lat = 35 * DEG;
  const perDay = steps / 365;
  let cloud = 1;
  for (let i = 0; i < steps; i++) {
    const day = Math.floor(i / perDay);
    const hour = ((i % perDay) + 0.5) * (24 / perDay);
    const decl = 23.45 * DEG * Math.sin((2 * Math.PI * (284 + day)) / 365);
    const ha = (hour - 12) * 15 * DEG;
    const cz = Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(ha);
    // A slowly varying cloud factor (random walk) so consecutive steps differ as in real data.
    cloud = Math.min(
      1,
      Math.max(
        0.15,
        cloud +
          (Math.sin(i * 12.9898) * 43758.5453 - Math.floor(Math.sin(i * 12.9898) * 43758.5453) - 0.5) *
            (perDay > 24 ? 0.05 : 0.6),
      ),
    );
    poa[i] = cz > 0 ? 1050 * Math.pow(cz, 0.6) * cloud : 0;
    tempAir[i] = 15 + 10 * Math.sin((2 * Math.PI * (day - 100)) / 365) + 6 * Math.sin(ha);
    wind[i] = 2 + 1.5 * Math.sin(i * 0.37);
  }
  return { poa, tempAir, wind };
}

/** Nanoseconds per step: best of `reps` samples of ≥ 20 ms CPU each. */
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

/** CEC module of the reference list (Canadian Solar CS3U-400MS, SAM 2021 CEC library). */
export const CEC_MODULE: ModuleModel = {
  model: 'cec',
  alphaSc: 0.0038221,
  aRef: 1.79878,
  iLRef: 10.3337,
  iORef: 1.89e-11,
  rShRef: 617.894,
  rS: 0.223553,
  adjust: 6.09187,
};

/** PVsyst form of the ET-M772BH550GL .PAN file (c-Si, 550 W), Iph and I0 fitted to Isc and Voc. */
export function pvsystCsi(): ModuleModel {
  const base = { rS: 0.203, rShRef: 300, gammaRef: 0.98, cellsInSeries: 72 };
  return {
    model: 'pvsyst',
    pvModel: 1,
    ...base,
    ...pvsystReference({ ...base, isc: 14, voc: 49.9 }),
    muGamma: -0.0001,
    rSh0: 2000,
    rShExp: 5.5,
    alphaSc: 0.00728,
    egRef: 1.12,
  };
}

/** PVsyst form with recombination: the OA example First Solar FS-7505A-TR1 (CdTe, 505 W). */
export function pvsystCdte(): ModuleModel {
  const base = {
    rS: 3.885,
    rShRef: 11500,
    gammaRef: 1.452,
    cellsInSeries: 268,
    d2MuTau: 2.15,
    builtInVoltage: 0.9,
  };
  return {
    model: 'pvsyst',
    pvModel: 0,
    ...base,
    ...pvsystReference({ ...base, isc: 3.013, i0: 4.91147e-10 }),
    rSh0: 12000,
    rShExp: 5.5,
    alphaSc: 0.0012,
    egRef: 1.5,
  };
}

/** Runs the benchmark; returns ns/step per case. */
export function benchModule(steps: number, reps = 7): Record<string, number> {
  const y = syntheticYear(steps);
  const tempCell = new Float64Array(steps);
  heatBalanceCellSeries(
    { poaGlobal: y.poa, tempAir: y.tempAir, windSpeed: y.wind },
    { uC: 29, uV: 0, alpha: 0.9, efficiency: 0.2 },
    tempCell,
  );
  const out = { pmp: new Float64Array(steps), vmp: new Float64Array(steps), imp: new Float64Array(steps) };
  const full = { ...out, voc: new Float64Array(steps), isc: new Float64Array(steps) };
  const x = { effectiveIrradiance: y.poa, tempCell };
  const r: Record<string, number> = {};
  r['cell temperature heat balance'] = time(
    () =>
      heatBalanceCellSeries(
        { poaGlobal: y.poa, tempAir: y.tempAir, windSpeed: y.wind },
        { uC: 29, uV: 0, alpha: 0.9, efficiency: 0.2 },
        tempCell,
      ),
    steps,
    reps,
  );
  r['cell temperature sapm'] = time(
    () =>
      sapmCellSeries(
        { poaGlobal: y.poa, tempAir: y.tempAir, windSpeed: y.wind },
        { a: -3.47, b: -0.0594, deltaT: 3 },
        out.pmp,
      ),
    steps,
    reps,
  );
  const models: [string, ModuleModel][] = [
    ['CEC (CS3U-400MS)', CEC_MODULE],
    ['PVsyst c-Si (ET 550 W)', pvsystCsi()],
    ['PVsyst CdTe + recombination (FS-7505A)', pvsystCdte()],
  ];
  for (const [name, m] of models) {
    r[`MPP ${name}`] = time(() => moduleMppSeries(x, m, out), steps, reps);
    r[`MPP+Voc+Isc ${name}`] = time(() => moduleMppSeries(x, m, full), steps, reps);
  }
  let day = 0;
  for (let i = 0; i < steps; i++) if (y.poa[i]! > 0) day++;
  r['(daylight share)'] = day / steps;
  return r;
}

function main(): void {
  for (const [label, steps] of [
    ['hourly year (8,760 steps)', 8760],
    ['1-minute year (525,600 steps)', 525_600],
  ] as const) {
    const r = benchModule(steps);
    console.log(`\n${label}: ns/step (all steps, night included)`);
    for (const [k, v] of Object.entries(r)) {
      if (k.startsWith('(')) console.log(`  ${k.padEnd(52)} ${(v * 100).toFixed(0)} %`);
      else
        console.log(
          `  ${k.padEnd(52)} ${v.toFixed(1).padStart(7)}  (${((v * steps) / 1e6).toFixed(2)} ms/year)`,
        );
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
