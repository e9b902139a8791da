import { describe, expect, it } from 'vitest';
import {
  acCollectionLoss,
  apparentPower,
  arrayAc,
  arrayAcSeries,
  auxiliaryLoad,
  defaultLineResistance,
  lineCurrent,
  lineLoss,
  LINE_RESISTANCE_POLYNOMIAL,
  matchedTransformerRating,
  plantAc,
  plantAcSeries,
  plantElementsFromSpec,
  preparePlantAc,
  reactivePower,
  trackerMotorPower,
  transformerLoss,
  transformerSeries,
  type ArrayAcParams,
  type PlantAcParams,
} from '../src/index.ts';

// Hand-computed cases (values worked out from the equations in the doc comments); tolerance 1e-6 W
// absolute unless stated.
const W = 6;

describe('array transformer: no-load + load² (% of rating)', () => {
  const tr = { rating: 1e6, noLoadLoss: 0.2, fullLoadLoss: 0.7 };
  it('hand cases', () => {
    // 1 MVA at 800 kW, pf 1: 1e6·(0.2 + 0.7·0.8²)/100 = 6480 W
    expect(transformerLoss({ power: 800e3 }, tr)).toBeCloseTo(6480, W);
    // pf 0.9: S = 888.9 kVA → 1e6·(0.2 + 0.7·(0.8/0.9)²)/100 = 7530.864 W
    expect(transformerLoss({ power: 800e3 }, { ...tr, powerFactor: 0.9 })).toBeCloseTo(7530.864197530864, W);
    // no load: 2000 W; night reverse flow counts |P|; disconnected: 0
    expect(transformerLoss({ power: 0 }, tr)).toBe(2000);
    expect(transformerLoss({ power: -800e3 }, tr)).toBeCloseTo(6480, W);
    expect(transformerLoss({ power: 800e3, energized: false }, tr)).toBe(0);
    const out = transformerSeries(
      { power: Float64Array.of(800e3, 0) },
      tr,
      new Float64Array(2),
      new Float64Array(2),
    );
    expect(out[0]).toBeCloseTo(800e3 - 6480, W);
    expect(out[1]).toBe(-2000);
  });
  it('rating matched to the inverters (matchTotalInverterkVA)', () => {
    expect(
      matchedTransformerRating({
        inverters: [
          { apparentPower: 275e3, repeater: 8 },
          { apparentPower: 110e3, repeater: 2 },
        ],
      }),
    ).toBe(2.42e6);
  });
});

describe('transmission line I²R and default resistance (spec 2 §9.3)', () => {
  it('loss = S²·Rph/V², Rph = r·(L/1000 ft)/n', () => {
    // 10 km, 0.1 Ω/1000 ft, 2 conductors, 138 kV, 100 MW at pf 1: Rph = 1.64042 Ω → 861,384.135 W
    const line = { lengthKm: 10, resistance: 0.1, numberOfConductorsPerPhase: 2, voltage: 138e3 };
    expect(lineLoss({ power: 100e6 }, line)).toBeCloseTo(861384.135426676, 4);
    // pf 0.95 scales by 1/pf²
    expect(lineLoss({ power: 100e6 }, { ...line, powerFactor: 0.95 })).toBeCloseTo(
      861384.135426676 / 0.9025,
      4,
    );
  });
  it('default resistance: end values, the ACSR curve between, rounded to 5 decimals', () => {
    expect(LINE_RESISTANCE_POLYNOMIAL.reduce((a, b) => a + b, 0)).toBeCloseTo(0.0165, 12);
    expect(defaultLineResistance({ current: 100 })).toBe(0.477);
    expect(defaultLineResistance({ current: 144 / 1.045 })).toBe(0.477);
    expect(defaultLineResistance({ current: 145 / 1.045 })).toBe(0.477);
    expect(defaultLineResistance({ current: 1200 / 1.045 })).toBe(0.0165);
    expect(defaultLineResistance({ current: 1300 })).toBe(0.0165);
    // 100 MVA at 138 kV: I = 418.37 A, I′ = 437.20 A → between Penguin (357 A, 0.119) and Linnet (529 A, 0.0618)
    const i = lineCurrent({ apparentPower: 100e6, voltage: 138e3 });
    expect(i).toBeCloseTo(418.36976028, 6);
    expect(defaultLineResistance({ current: i })).toBe(0.08047);
    // monotone decreasing
    let prev = Infinity;
    for (let a = 100; a < 1400; a += 25) {
      const r = defaultLineResistance({ current: a });
      expect(r).toBeLessThanOrEqual(prev);
      prev = r;
    }
  });
});

describe('auxiliary loads, collection, power factor', () => {
  const aux = {
    dasLoad: 800,
    coolingLoad: 1000,
    trackerMotorPower: 500,
    additionalLosses: 200,
    additionalNightLosses: 50,
  };
  it('day, night and disconnect', () => {
    expect(auxiliaryLoad({ acPower: 1e6 }, aux)).toBe(2500);
    expect(auxiliaryLoad({ acPower: -100 }, aux)).toBe(850);
    expect(auxiliaryLoad({ acPower: -100, disconnected: true }, aux)).toBe(0);
    // 5 MWh/MWp/yr on 2 MWp over 4000 producing hours: 10 MWh / 4000 h = 2500 W
    expect(trackerMotorPower({ producingHours: 4000 }, { trackerMotorLosses: 5, dcCapacity: 2e6 })).toBe(
      2500,
    );
  });
  it('flat and quadratic collection; apparent and reactive power', () => {
    expect(acCollectionLoss({ power: 1e6 }, { acCollectionLoss: 1, model: 'flat' })).toBe(1e4);
    expect(
      acCollectionLoss({ power: 1e6 }, { acCollectionLoss: 1, model: 'quadratic', ratedPower: 2e6 }),
    ).toBe(5e3);
    expect(apparentPower({ activePower: 900 }, { powerFactor: 0.9 })).toBeCloseTo(1000, 12);
    expect(reactivePower({ activePower: 800 }, { powerFactor: 0.8 })).toBeCloseTo(600, 12);
    expect(reactivePower({ activePower: 800 }, { powerFactor: -0.8 })).toBeCloseTo(-600, 12);
  });
});

describe('array AC chain: loads → transformer → collection', () => {
  const p: ArrayAcParams = {
    dasLoad: 800,
    coolingLoad: 1000,
    trackerMotorPower: 500,
    additionalLosses: 200,
    additionalNightLosses: 50,
    transformer: { rating: 2.2e6, noLoadLoss: 0.2, fullLoadLoss: 0.7 },
    acCollectionLoss: 1,
  };
  it('hand cases, day and night', () => {
    // P1 = 2e6 − 2500; transformer 2.2e6·(0.2 + 0.7·(P1/2.2e6)²)/100 = 17095.474 W; collection 1 %
    expect(arrayAc({ inverterAc: 2e6 }, p)).toBeCloseTo(1960600.4803125, W);
    // night: −100 − 800 − 50 = −950; transformer 4400.003; collection 1 % of |P2|
    expect(arrayAc({ inverterAc: -100 }, p)).toBeCloseTo(-5403.502900306819, W);
    expect(arrayAc({ inverterAc: -100 }, { ...p, nighttimeDisconnect: true })).toBe(0);
  });
  it('series with loss columns; output + losses = input', () => {
    const n = 4;
    const inv = Float64Array.of(2e6, 5e5, 0, -100);
    const o = {
      power: new Float64Array(n),
      auxiliaryLoss: new Float64Array(n),
      transformerLoss: new Float64Array(n),
      collectionLoss: new Float64Array(n),
      disconnected: new Uint8Array(n),
    };
    arrayAcSeries({ inverterAc: inv }, { ...p, nighttimeDisconnect: true }, o);
    expect(Array.from(o.disconnected)).toEqual([0, 0, 1, 1]);
    for (let i = 0; i < n; i++) {
      if (o.disconnected[i]) expect(o.power[i]).toBe(0);
      else
        expect(o.power[i]! + o.auxiliaryLoss[i]! + o.transformerLoss[i]! + o.collectionLoss[i]!).toBeCloseTo(
          inv[i]!,
          W,
        );
    }
  });
});

describe('plant: transformers and lines by ordinal → availability → LGIA', () => {
  const elements = plantElementsFromSpec({
    // listed out of order on purpose: the line (ordinal 2) follows the transformer (ordinal 1)
    transmissionLines: [{ length: 20, resistance: null, numberOfConductorsPerPhase: 1, ordinal: 2 }],
    transformers: [{ rating: 120, highSideVoltage: 138, noLoadLoss: 0.1, fullLoadLoss: 0.5, ordinal: 1 }],
  });
  const p: PlantAcParams = {
    elements,
    availabilityLoss: 1,
    lgiaLimit: 95e6,
    maxArrayVoltage: 34.5e3,
    acCapacity: 100e6,
  };
  it('resolves the default line resistance from the preceding transformer', () => {
    const q = preparePlantAc(p);
    expect(q.resolved.map((r) => r.kind)).toEqual(['transformer', 'line']);
    // I = 120 MVA/(√3·138 kV)·1.045 = 524.64 A → 0.06207 Ω/1000 ft (Linnet, 529 A: 0.0618), 20 km → 4.07283 Ω
    expect(q.resolved[1]!.resistance).toBe(0.06207);
    expect(q.resolved[1]!.voltage).toBe(138e3);
    expect(q.resolved[1]!.phaseResistance).toBeCloseTo((0.06207 * 20000) / 304.8, 12);
    // before any transformer: the array voltage and the plant AC capacity
    const lineFirst = preparePlantAc({
      ...p,
      elements: [{ kind: 'line', ordinal: 0, lengthKm: 1, numberOfConductorsPerPhase: 1 }],
    });
    expect(lineFirst.resolved[0]!.voltage).toBe(34.5e3);
    expect(lineFirst.resolved[0]!.resistance).toBe(0.0165); // 100 MW at 34.5 kV ≈ 1749 A
  });
  it('hand case and LGIA (constant and series)', () => {
    // transformer 536,666.7 W; line (P − 536,666.7)²·4.07283/138 kV² = 2,115,751.3 W; availability 1 %
    expect(plantAc({ power: 100e6 }, { ...p, lgiaLimit: undefined })).toBeCloseTo(96374106.1712827, 4);
    expect(plantAc({ power: 100e6 }, p)).toBe(95e6);
    expect(plantAc({ power: 100e6, lgiaLimit: 50e6 }, p)).toBe(50e6);
    expect(plantAc({ power: 100e6, lgiaLimit: Number.NaN }, p)).toBe(95e6);
    // night: no availability loss; no-load loss drawn unless disconnected
    expect(plantAc({ power: -1000 }, p)).toBeLessThan(-1000 - 120e6 * 0.001 + 1);
    expect(plantAc({ power: -1000 }, { ...p, nighttimeDisconnect: true })).toBe(0);
  });
  it('invariant: AC ≤ LGIA at every step, and the losses add up', () => {
    const n = 2000;
    const power = new Float64Array(n);
    const lgia = new Float64Array(n).fill(Number.NaN);
    for (let i = 0; i < n; i++) {
      power[i] = i % 3 === 0 ? -2e4 : 130e6 * Math.abs(Math.sin(i * 0.37));
      if (i % 7 === 0) lgia[i] = 60e6 * Math.abs(Math.cos(i));
    }
    const o = {
      power: new Float64Array(n),
      transformerLoss: new Float64Array(n),
      lineLoss: new Float64Array(n),
      availabilityLoss: new Float64Array(n),
      lgiaLoss: new Float64Array(n),
      elementLoss: [new Float64Array(n), new Float64Array(n)],
    };
    plantAcSeries({ power, lgiaLimit: lgia }, { ...p, prepared: preparePlantAc(p) }, o);
    for (let i = 0; i < n; i++) {
      const lim = Number.isNaN(lgia[i]!) ? 95e6 : lgia[i]!;
      if (!(o.power[i]! <= lim)) throw new Error(`step ${i}: ${o.power[i]} > ${lim}`);
      const sum =
        o.power[i]! + o.transformerLoss[i]! + o.lineLoss[i]! + o.availabilityLoss[i]! + o.lgiaLoss[i]!;
      if (Math.abs(sum - power[i]!) > 1e-6) throw new Error(`step ${i}: losses do not add up`);
      if (Math.abs(o.elementLoss[0]![i]! - o.transformerLoss[i]!) > 0) throw new Error('element column');
    }
  });
});
