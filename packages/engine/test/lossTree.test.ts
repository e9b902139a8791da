import { describe, expect, it } from 'vitest';
import {
  accumulateLossTree,
  blockResultSummaryYear,
  capacityFactor,
  createLossTree,
  inverseNormalCdf,
  LOSS_TREE_STAGES,
  lossTree,
  performanceRatio,
  predictionResultSummaryFields,
  predictionResultSummaryYear,
  resetLossTree,
  specificYield,
  syntheticLossTreeColumns,
  UNCERTAINTY_DEFAULTS,
  type LossTree,
  type SyntheticLosses,
} from '../src/index.ts';

const P0 = 1.95e6;
const PAC = 1.5e6;

/** Losses shaped like the OA example (tracker, 1.95 MWdc / 1.5 MWac) [%]. */
const EXAMPLE: SyntheticLosses = {
  transpositionOnPlane: -33.39906193172364,
  nearShadingLoss: 3.415010544667114,
  soilingLoss: 2.124869768017325,
  iamFactorLoss: 1.6377524309067946,
  spectralLoss: -1.0148008378121767,
  moduleIrradianceLoss: 0.6468938283773886,
  moduleTemperatureLoss: 4.892633443721294,
  moduleMismatchLoss: 0.4742915334455463,
  dcWiringLoss: 0.9757620328698026,
  dcHealthLoss: 0.9485830668910926,
  inverterEfficiencyLoss: 1.3265712574422033,
  inverterLimitationLoss: 3.2677104358153457,
  trackerMotorLoss: 0.09591772994869588,
  dataAcquisitionAuxLoss: 1.3598168239123245,
  mvTransformersLoss: 1.067128156576251,
  acCollectionLinesLoss: 0.988957626904007,
};

/** Π (1 − L/100) over every chain field of a tree, the plant elements included. */
function chainProduct(t: LossTree): number {
  let prod = 1;
  const fields = new Set(LOSS_TREE_STAGES.map((s) => s.field).filter((f) => f !== null));
  for (const f of fields) prod *= 1 - t[f] / 100;
  for (const e of t.transformerTransmissionLineLoss) prod *= 1 - e.loss / 100;
  return prod;
}

function build(p: Parameters<typeof syntheticLossTreeColumns>[0]) {
  const cols = syntheticLossTreeColumns(p);
  const acc = accumulateLossTree(
    cols,
    cols,
    createLossTree({ elementCount: cols.plantElements?.length ?? 0 }),
  );
  return { cols, acc };
}

const sum = (a: Float64Array, dt: number) => a.reduce((s, v) => s + v * dt, 0);

describe('loss tree (spec 3 PredictionResultSummaryYear, sign + = loss)', () => {
  it('reports each stage relative to the previous one, with the API sign', () => {
    const { acc } = build({ dcCapacity: P0, losses: { ...EXAMPLE, degradationLoss: 0.25, leTIDLoss: 0.4 } });
    const t = lossTree(acc, { dcCapacity: P0 });
    for (const [field, loss] of Object.entries(EXAMPLE))
      expect(t[field as keyof SyntheticLosses]).toBeCloseTo(loss, 10);
    expect(t.degradationLoss).toBeCloseTo(0.25, 10);
    expect(t.leTIDLoss).toBeCloseTo(0.4, 10);
    expect(t.transpositionOnPlane).toBeLessThan(0);
    expect(t.farShadingLoss).toBe(0);
    expect(t.correctedTranspositionOnPlane).toBe(t.transpositionOnPlane);
  });

  it('identity: E_final = H_GHI·P0/1000·Π(1 − L/100), for the year and for each month', () => {
    const { cols, acc } = build({
      dcCapacity: P0,
      losses: {
        ...EXAMPLE,
        availabilityLoss: 0.5,
        lgiaLimitationLoss: 0.2,
        structureShadingLoss: 5,
        biFacialityLoss: 30,
      },
      rearFraction: 0.12,
      elementLosses: [0.8, 0.3, 0.4],
      nightConsumption: 8000,
    });
    const dt = cols.stepHours;
    const ghi = sum(cols.ghi, dt);
    const final = sum(cols.acAfterLgia!, dt);
    const t = lossTree(acc, { dcCapacity: P0 });
    expect(t.transformerTransmissionLineLoss.map((e) => e.type)).toEqual([
      'Transformer',
      'Transmission Line',
      'Transformer',
    ]);
    expect(t.backsideIrradiance).toBeLessThan(0);
    expect(t.structureShadingLoss).toBeGreaterThan(0);
    expect(final / ((ghi * P0) / 1000)).toBeCloseTo(chainProduct(t), 12);
    for (let m = 1; m <= 12; m++) {
      const tm = lossTree(acc, { dcCapacity: P0, months: 1 << (m - 1) });
      let g = 0;
      let e = 0;
      for (let i = 0; i < cols.ghi.length; i++)
        if (cols.month[i] === m) {
          g += cols.ghi[i]! * dt;
          e += cols.acAfterLgia![i]! * dt;
        }
      expect(e / ((g * P0) / 1000)).toBeCloseTo(chainProduct(tm), 12);
    }
  });

  it('missing stages report 0 and the identity still holds', () => {
    const full = syntheticLossTreeColumns({ dcCapacity: P0, losses: EXAMPLE });
    const cols = {
      month: full.month,
      ghi: full.ghi,
      poa: full.poa,
      poaAfterSpectral: full.poaAfterSpectral,
      acAfterLimitation: full.acAfterLimitation,
    };
    const acc = accumulateLossTree(cols, { stepHours: 1 }, createLossTree());
    const t = lossTree(acc, { dcCapacity: P0 });
    expect(t.nearShadingLoss).toBe(0);
    expect(t.moduleTemperatureLoss).toBe(0);
    expect(t.dataAcquisitionAuxLoss).toBe(0);
    expect(t.soilingLoss).toBe(0);
    const irradiance = ['nearShadingLoss', 'soilingLoss', 'iamFactorLoss', 'spectralLoss'] as const;
    const lumped = 1 - irradiance.reduce((f, k) => f * (1 - EXAMPLE[k]! / 100), 1);
    expect(t.spectralLoss).toBeCloseTo(lumped * 100, 10);
    expect(sum(full.acAfterLimitation!, 1) / ((sum(full.ghi, 1) * P0) / 1000)).toBeCloseTo(
      chainProduct(t),
      12,
    );
  });

  it('degradation and LeTID applied on the AC side land in the same fields', () => {
    const { acc } = build({
      dcCapacity: P0,
      losses: { degradationLoss: 1.2, leTIDLoss: 0.3 },
      degradationApplication: 'ac',
    });
    const t = lossTree(acc, { dcCapacity: P0 });
    expect(t.degradationLoss).toBeCloseTo(1.2, 10);
    expect(t.leTIDLoss).toBeCloseTo(0.3, 10);
  });

  it('sums each month step by step, also when a month comes back and steps have no valid month', () => {
    const month = Uint8Array.of(12, 12, 1, 1, 0, 2, 2, 12, 13, 1);
    const ghi = Float64Array.of(0.1, 0.2, 0.3, 0.7, 5, 1.1, 1.3, 0.3, 9, 0.9);
    const acc = accumulateLossTree({ month, ghi, poa: ghi }, { stepHours: 0.25 }, createLossTree());
    const expected = new Float64Array(12);
    for (let i = 0; i < month.length; i++) {
      const m = month[i]!;
      if (m >= 1 && m <= 12) expected[m - 1]! += ghi[i]! * 0.25;
    }
    expect(acc.sums.subarray(0, 12)).toEqual(expected);
    expect(acc.hours[11]).toBe(0.75);
  });

  it('a column given for several stages gives each the sums of a copy, bit for bit, also accumulated in parts', () => {
    const month = Uint8Array.of(1, 1, 1, 2, 2, 3, 3, 3);
    const ghi = Float64Array.of(0, 0.1, 0.7, 1 / 3, 2.2, 0.3, Math.PI, 1e-9);
    const poa = Float64Array.of(0.2, 0.1, 0.3, 1 / 7, 2.9, 0.6, Math.E, 3e-9);
    const copy = () => Float64Array.from(poa);
    // poa given for four stages (no far or near shading, no soiling), and the same values as copies
    const aliased = {
      month,
      ghi,
      poa,
      poaAfterFarShading: poa,
      poaAfterNearShading: poa,
      poaAfterSoiling: poa,
    };
    const copies = {
      month,
      ghi,
      poa,
      poaAfterFarShading: copy(),
      poaAfterNearShading: copy(),
      poaAfterSoiling: copy(),
    };
    const a = accumulateLossTree(aliased, { stepHours: 0.1 }, createLossTree());
    const b = accumulateLossTree(copies, { stepHours: 0.1 }, createLossTree());
    expect(a.sums).toEqual(b.sums);
    expect(a.present).toEqual(b.present);
    // a second part on top: the stages' sums started equal, so they stay equal to the copies' sums
    accumulateLossTree(aliased, { stepHours: 0.1 }, a);
    accumulateLossTree(copies, { stepHours: 0.1 }, b);
    expect(a.sums).toEqual(b.sums);
    // stages whose sums started different are summed, not copied
    const c = createLossTree();
    c.sums[2 * 12] = 0.5; // poaAfterFarShading, January
    const d = createLossTree();
    d.sums[2 * 12] = 0.5;
    accumulateLossTree(aliased, { stepHours: 0.1 }, c);
    accumulateLossTree(copies, { stepHours: 0.1 }, d);
    expect(c.sums).toEqual(d.sums);
    expect(c.sums[2 * 12]).not.toBe(c.sums[1 * 12]);
  });

  it('sums four columns a pass as one at a time: the same additions in the same order, bit for bit', () => {
    const n = 1000;
    const month = new Uint8Array(n);
    for (let i = 0; i < n; i++) month[i] = 1 + Math.floor((i * 12) / n);
    const names = [
      'ghi',
      'poa',
      'poaAfterFarShading',
      'poaAfterNearShading',
      'poaAfterSoiling',
      'poaAfterIam',
      'poaAfterSpectral',
    ] as const;
    const cols: Record<string, Float64Array | Uint8Array> = { month };
    names.forEach((name, k) => {
      cols[name] = Float64Array.from({ length: n }, (_, i) => Math.sin(i * 0.37 + k) * 977.3 + k / 3);
    });
    const acc = accumulateLossTree(cols as never, { stepHours: 1 / 60 }, createLossTree());
    names.forEach((name, k) => {
      const expected = new Float64Array(12);
      const c = cols[name]!;
      for (let i = 0; i < n; i++) expected[month[i]! - 1]! += c[i]! * (1 / 60);
      const stage = LOSS_TREE_STAGES.findIndex((st) => st.column === name);
      expect(Array.from(acc.sums.subarray(stage * 12, stage * 12 + 12)), `${name} (${k})`).toEqual(
        Array.from(expected),
      );
    });
  });

  it('the accumulators are reusable', () => {
    const { cols, acc } = build({ dcCapacity: P0, losses: EXAMPLE });
    const first = lossTree(acc, { dcCapacity: P0 });
    resetLossTree(acc);
    accumulateLossTree(cols, cols, acc);
    expect(lossTree(acc, { dcCapacity: P0 })).toEqual(first);
    expect(() =>
      accumulateLossTree({ ...cols, plantElements: [{ type: 'x', power: cols.ghi }] }, cols, acc),
    ).toThrow(RangeError);
  });
});

describe('summary year: sums, specific yield, PR, capacity factor, P-values', () => {
  const params = {
    year: 2005,
    yearIndex: 1,
    dcCapacity: P0,
    acCapacity: PAC,
    numArrays: 10,
    uncertainty: UNCERTAINTY_DEFAULTS,
  };

  it('PR of a lossless plant is 1 (100 %)', () => {
    const { acc, cols } = build({ dcCapacity: P0 });
    const y = predictionResultSummaryYear(acc, params);
    const p50 = y.summaryFactors[0]!;
    expect(p50.pValueString).toBe('P50');
    expect(p50.performanceRatio).toBeCloseTo(100, 10);
    const energy = sum(cols.acAfterLgia!, 1);
    expect(p50.specificYieldDC).toBeCloseTo(energy / P0, 6);
    expect(p50.acCapacityFactor).toBeCloseTo((energy / (PAC * 8760)) * 100, 9);
    expect(y.totalEnergy).toBeCloseTo(energy / 1000, 6);
  });

  it('PR = Π(1 − L) after transposition when nothing is drawn at night', () => {
    const { acc } = build({ dcCapacity: P0, losses: EXAMPLE });
    const y = predictionResultSummaryYear(acc, params);
    const prod = chainProduct(y) / (1 - y.transpositionOnPlane / 100);
    expect(y.summaryFactors[0]!.performanceRatio).toBeCloseTo(prod * 100, 10);
    expect(y.summaryFactors[0]!.performanceRatio).toBeGreaterThan(78);
    expect(y.summaryFactors[0]!.performanceRatio).toBeLessThan(82);
  });

  it('monthly sums add to the year; night consumption goes to nighttimeLosses', () => {
    const { acc, cols } = build({ dcCapacity: P0, losses: EXAMPLE, nightConsumption: 8000 });
    const y = predictionResultSummaryYear(acc, params);
    const p50 = y.summaryFactors[0]!;
    const energySum = y.monthlySums.energySums.reduce((s, m) => s + m.sum, 0);
    const ghiSum = y.monthlySums.ghiSums.reduce((s, m) => s + m.sum, 0);
    expect(energySum).toBeCloseTo(p50.plantNetEnergy * 1000, 9);
    expect(ghiSum).toBeCloseTo(p50.ghiSum * 1000, 6);
    expect(y.monthlySums.energySums.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const final = cols.acAfterLgia!;
    const negative = final.reduce((s, v) => s + Math.min(v, 0), 0);
    expect(p50.nighttimeLosses).toBeCloseTo(-negative / 1e6, 9);
    expect(y.totalEnergy).toBeCloseTo(energySum * 1000 - p50.nighttimeLosses * 1000, 6);
    expect(p50.arrayNetEnergy).toBeCloseTo(p50.plantNetEnergy / 10, 15);
    expect(y.monthlyFactors[5]!.spectralShift).toBeCloseTo(EXAMPLE.spectralLoss!, 10);
    expect(y.monthlyFactors[5]!.monthName).toBe('Jun');
  });

  it('P-values: irradiance scales with σ_irr, energy with σ_total', () => {
    const { acc } = build({ dcCapacity: P0, losses: EXAMPLE });
    const y = predictionResultSummaryYear(acc, params);
    expect(y.summaryFactors.map((f) => f.pValue)).toEqual([50, 75, 90, 95, 99]);
    const [p50, , p90] = y.summaryFactors;
    const z = inverseNormalCdf({ probability: 0.9 });
    const fIrr = 1 - (z * Math.sqrt(42)) / 100;
    const fTot = 1 - z * 0.071;
    expect(p90!.ghiSum).toBeCloseTo(p50!.ghiSum * fIrr, 9);
    expect(p90!.poAInsolation).toBeCloseTo(p50!.poAInsolation * fIrr, 9);
    expect(p90!.specificYieldDC).toBeCloseTo(p50!.specificYieldDC * fTot, 9);
    expect(p90!.acCapacityFactor).toBeCloseTo(p50!.acCapacityFactor * fTot, 9);
    expect(p90!.performanceRatio).toBeCloseTo((p50!.performanceRatio * fTot) / fIrr, 9);
  });

  it('the OA example figures follow the definitions', () => {
    const energy = 54.89939552416966e6;
    expect(performanceRatio({ energy, poaInsolation: 35229.625063672756 }, { dcCapacity: P0 })).toBeCloseTo(
      0.7991437920601527,
      9,
    );
    expect(specificYield({ energy }, { capacity: P0 })).toBeCloseTo(28.153536166240844, 9);
    expect(specificYield({ energy }, { capacity: PAC })).toBeCloseTo(36.599597016113094, 9);
    expect(capacityFactor({ energy, hours: 96 }, { acCapacity: PAC })).toBeCloseTo(0.381245802251178, 9);
  });

  it('max 3-hour short-circuit current, block spelling and the prediction fields', () => {
    const cols = syntheticLossTreeColumns({ dcCapacity: P0, days: 2 });
    const isc = new Float64Array(cols.ghi.length);
    isc.set([1, 2, 3, 4, 5], 10);
    const acc = accumulateLossTree({ ...cols, moduleShortCircuitCurrent: isc }, cols, createLossTree());
    const y = predictionResultSummaryYear(acc, params);
    expect(y.summaryFactors[0]!.max3hrShortCircuitCurrent).toBeCloseTo(4, 14);
    const b = blockResultSummaryYear(acc, { ...params, name: 1 });
    expect(b.backSideIrradiance).toBe(y.backsideIrradiance);
    expect(b.summaryFactors[0]!.blockNetEnergy).toBe(y.summaryFactors[0]!.plantNetEnergy);
    expect(b.summaryFactors[0]!.blockName).toBe(1);
    const s = predictionResultSummaryFields({
      years: [y, y],
      degradation: { model: 'linearDc', rate: 0.5, firstYearDegradation: false },
      uncertainty: UNCERTAINTY_DEFAULTS,
      dcCapacity: P0,
      acCapacity: PAC,
      numArrays: 10,
    });
    expect(s.degradationModel).toBe('Linear DC');
    expect(s.degradationRate).toBeCloseTo(0.005, 15);
    expect(s.errorTotal).toBeCloseTo(0.071, 15);
    expect(s.dcacRatio).toBeCloseTo(1.3, 15);
    expect(s.lgiaLimitation).toBe('Off');
    expect(s.lifetimeEnergy).toBeCloseTo(2 * y.totalEnergy, 6);
  });
});
