/**
 * Inverter and AC-side benchmark (issue 4, inverter/plant/storage part): the Sandia inverter model,
 * the efficiency-curve inverter (bilinear), the full inverter stage (window, limits, setpoint, kVA
 * curves), the array and plant AC chain, and the storage dispatch, over one hourly year (8,760 steps)
 * and one 1-minute year (525,600 steps) on synthetic DC power. Prints nanoseconds per step (best of
 * several runs).
 *
 *   npx tsx bench/src/inverter.ts
 */
import { pathToFileURL } from 'node:url';
import {
  arrayAcSeries,
  efficiencyCurveInverterSeries,
  essDispatchSeries,
  inverterSeries,
  plantAcSeries,
  plantElementsFromSpec,
  preparePlantAc,
  sandiaEfficiencyCurves,
  sandiaInverterSeries,
  type ArrayAcParams,
  type EssParams,
  type InverterParams,
  type PlantAcParams,
  type SandiaInverterParams,
} from '@sunfield/engine';

/** A 3.2 MW central inverter in the Sandia form (CEC-list-like coefficients). */
const SANDIA: SandiaInverterParams = {
  paco: 3_201_170,
  pdco: 3_256_000,
  vdco: 934,
  pso: 11_384,
  c0: -3.2e-9,
  c1: 1.4e-5,
  c2: 1.1e-3,
  c3: -1.2e-3,
  pnt: 960,
};

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

/** Synthetic DC input: a clear-ish day shape with clouds, Vmp and ambient temperature. */
function syntheticDc(steps: number) {
  const pMp = new Float64Array(steps);
  const vMp = new Float64Array(steps);
  const tempAir = new Float64Array(steps);
  const month = new Uint8Array(steps);
  const hour = new Uint8Array(steps);
  for (let i = 0; i < steps; i++) {
    const d = (i * 365) / steps;
    const h = (d % 1) * 24;
    const sun = Math.sin(((h - 6) / 12) * Math.PI);
    const cloud = 0.5 + 0.5 * Math.sin(i * 0.37) * Math.sin(i * 0.011);
    pMp[i] = sun > 0 ? 4.2e6 * sun * cloud : 0;
    vMp[i] = sun > 0 ? 880 + 200 * (1 - sun) : 0;
    tempAir[i] = 15 + 10 * Math.sin(((d - 100) / 365) * 2 * Math.PI) + 8 * Math.max(0, sun);
    month[i] = Math.min(12, 1 + Math.floor(d / 30.42));
    hour[i] = Math.floor(h);
  }
  return { pMp, vMp, tempAir, month, hour };
}

export function benchInverter(steps: number, reps: number): Record<string, number> {
  const y = syntheticDc(steps);
  const ac = new Float64Array(steps);
  const curves = sandiaEfficiencyCurves({ voltages: [850, 934, 1300] }, SANDIA);
  const stage: InverterParams = {
    efficiency: { type: 'curves', efficiencyCurves: curves },
    dcLimits: { minVoltage: 850, maxMPPVoltage: 1300, maxAbsoluteVoltage: 1500, maxCurrent: 4000 },
    setpoint: 3.1e6,
    powerFactor: 0.95,
    nightTare: 960,
    kva: {
      elevation: 300,
      kVACurves: [
        {
          elevation: 0,
          kVAPoints: [
            { temperature: 25, kVA: 3420 },
            { temperature: 50, kVA: 3000 },
          ],
        },
        {
          elevation: 1000,
          kVAPoints: [
            { temperature: 25, kVA: 3300 },
            { temperature: 50, kVA: 2850 },
          ],
        },
      ],
    },
  };
  const out = {
    acPower: ac,
    dcPower: new Float64Array(steps),
    vDc: new Float64Array(steps),
    region: new Uint8Array(steps),
    offMppLoss: new Float64Array(steps),
    efficiencyLoss: new Float64Array(steps),
    clippingLoss: new Float64Array(steps),
  };
  const arr: ArrayAcParams = {
    dasLoad: 800,
    coolingLoad: 2000,
    trackerMotorPower: 1500,
    additionalLosses: 0,
    additionalNightLosses: 0,
    transformer: { rating: 10 * 3.42e6, noLoadLoss: 0.2, fullLoadLoss: 0.7 },
    acCollectionLoss: 1,
    powerFactor: 0.95,
  };
  const plant: PlantAcParams = {
    elements: plantElementsFromSpec({
      transformers: [{ rating: 120, highSideVoltage: 138, noLoadLoss: 0.1, fullLoadLoss: 0.5, ordinal: 1 }],
      transmissionLines: [{ length: 15, resistance: null, numberOfConductorsPerPhase: 1, ordinal: 2 }],
    }),
    powerFactor: 0.95,
    availabilityLoss: 1,
    lgiaLimit: 100e6,
    maxArrayVoltage: 34.5e3,
    acCapacity: 100e6,
  };
  const prepared = { ...plant, prepared: preparePlantAc(plant) };
  const inv10 = new Float64Array(steps);
  const arrOut = {
    power: new Float64Array(steps),
    auxiliaryLoss: new Float64Array(steps),
    transformerLoss: new Float64Array(steps),
    collectionLoss: new Float64Array(steps),
  };
  const plantIn = new Float64Array(steps);
  const plantOut = {
    power: new Float64Array(steps),
    transformerLoss: new Float64Array(steps),
    lineLoss: new Float64Array(steps),
    availabilityLoss: new Float64Array(steps),
    lgiaLoss: new Float64Array(steps),
  };
  const ess: EssParams = {
    coupling: 'ac',
    inverterCapacity: 20e6,
    nameplateEnergyCapacity: 100e6,
    usableEnergyCapacityYear1: 80e6,
    usableEnergyCapacityCalendarDeg: 2,
    usableEnergyCapacityCycleDeg: 0.02,
    roundtripDCEfficiencyYear1: 88,
    hvacNoLoadLoss: 0.1,
    hvacFullLoadLoss: 0.5,
    mvNoLoadLoss: 0.1,
    mvFullLoadLoss: 0.6,
    mvCapacity: 22e6,
    inverterEfficiency: 97.5,
    chargeAlgorithm: 'lgiaExcess',
    dispatchTable: new Uint8Array(288).map((_, k) => (k % 24 >= 17 && k % 24 <= 21 ? 1 : 0)),
  };
  const essOut = {
    power: new Float64Array(steps),
    batteryPower: new Float64Array(steps),
    soc: new Float64Array(steps),
  };
  const r: Record<string, number> = {};
  r['sandiaInverterSeries'] = time(
    () => sandiaInverterSeries({ vDc: y.vMp, pDc: y.pMp }, SANDIA, ac),
    steps,
    reps,
  );
  r['efficiencyCurveInverterSeries (bilinear, 3 curves × 6 points)'] = time(
    () => efficiencyCurveInverterSeries({ vDc: y.vMp, pDc: y.pMp }, { efficiencyCurves: curves }, ac),
    steps,
    reps,
  );
  r['inverterSeries (Sandia, no limits)'] = time(
    () => inverterSeries(y, { efficiency: { type: 'sandia', params: SANDIA } }, { acPower: ac }),
    steps,
    reps,
  );
  r['inverterSeries (curves + window, limits, setpoint, kVA(T), losses)'] = time(
    () => inverterSeries(y, stage, out),
    steps,
    reps,
  );
  r['AC chain: arrayAcSeries + plantAcSeries (transformer, line, LGIA)'] = time(
    () => {
      for (let i = 0; i < steps; i++) inv10[i] = 10 * ac[i]!;
      arrayAcSeries({ inverterAc: inv10 }, arr, arrOut);
      for (let i = 0; i < steps; i++) plantIn[i] = 3 * arrOut.power[i]!;
      plantAcSeries({ power: plantIn }, prepared, plantOut);
    },
    steps,
    reps,
  );
  r['essDispatchSeries (AC coupled, LGIA excess)'] = time(
    () =>
      essDispatchSeries(
        { pv: plantOut.power, month: y.month, hour: y.hour },
        ess,
        { intervalHours: 8760 / steps, limit: 90e6 },
        essOut,
      ),
    steps,
    reps,
  );
  return r;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [label, steps, reps] of [
    ['hourly year', 8760, 41],
    ['1-minute year', 525600, 7],
  ] as const) {
    const r = benchInverter(steps, reps);
    console.log(`\n${label} (${steps.toLocaleString('en')} steps), ns/step:`);
    for (const [k, v] of Object.entries(r)) console.log(`  ${k.padEnd(70)} ${v.toFixed(1).padStart(8)}`);
  }
}
