import { describe, expect, it } from 'vitest';
import {
  TRANSMISSION_LINE_CURRENT_MARGIN,
  TRANSMISSION_LINE_RESISTANCE_POLYNOMIAL,
  conductorResistance,
  threePhaseCurrent,
  transmissionLineResistance,
  transmissionLineResistances,
} from '../../src/plant/index.ts';

const at = (current: number) => conductorResistance({ current });

/** Southwire ACSR, AC resistance at 75 °C [Ω/1000 ft] against ampacity [A] (the table the polynomial fits). */
const SOUTHWIRE_ACSR: readonly (readonly [name: string, ampacity: number, resistance: number])[] = [
  ['Sparrow', 184, 0.332],
  ['Raven', 242, 0.217],
  ['Penguin', 357, 0.119],
  ['Linnet', 529, 0.0618],
  ['Drake', 907, 0.0263],
  ['Cardinal', 996, 0.0228],
  ['Bittern', 1184, 0.0171],
];

describe('conductor resistance by design current (spec 2 §9.3)', () => {
  it('is 0.477 below 145 A and 0.0165 above 1200 A', () => {
    expect(at(0)).toBe(0.477);
    expect(at(144)).toBe(0.477);
    expect(at(144.999)).toBe(0.477);
    expect(at(1200.001)).toBe(0.0165);
    expect(at(1201)).toBe(0.0165);
    expect(at(1e6)).toBe(0.0165);
  });

  it('meets the constants at 145 and 1200 A (the polynomial applies there)', () => {
    expect(at(145)).toBe(0.477);
    expect(at(1200)).toBe(0.0165);
    const c = TRANSMISSION_LINE_RESISTANCE_POLYNOMIAL;
    expect(c).toHaveLength(7);
    expect(c.reduce((s, v) => s + v, 0)).toBeCloseTo(0.0165, 12);
  });

  it('falls monotonically from 145 to 1200 A, rounded to 5 decimals', () => {
    let previous = Infinity;
    for (let i = 145; i <= 1200; i += 0.5) {
      const r = at(i);
      expect(r).toBeLessThanOrEqual(previous);
      expect(Number(r.toFixed(5))).toBe(r);
      previous = r;
    }
    expect(at(146)).toBeLessThan(at(145));
    expect(at(1199)).toBeGreaterThan(at(1200));
  });

  it('follows the Southwire ACSR table within 8 %', () => {
    for (const [name, ampacity, resistance] of SOUTHWIRE_ACSR) {
      const r = at(ampacity);
      expect(Math.abs(r / resistance - 1), name).toBeLessThan(0.08);
    }
    expect(at(500)).toBe(0.06628);
    expect(at(1000)).toBe(0.0232);
  });

  it('is NaN for NaN', () => {
    expect(at(Number.NaN)).toBeNaN();
  });
});

describe('current estimate I = S/(√3·V), × 1.045', () => {
  it('10 MVA at 34.5 kV carry 167.35 A', () => {
    expect(threePhaseCurrent({ apparentPowerMva: 10, voltageKv: 34.5 })).toBeCloseTo(167.3479, 4);
    expect(threePhaseCurrent({ apparentPowerMva: 10, voltageKv: 0 })).toBeNaN();
    expect(TRANSMISSION_LINE_CURRENT_MARGIN).toBe(1.045);
  });

  it('the margin moves the thresholds: 138.76 A estimated is 145.00 A designed', () => {
    // S = 145/1.045 · √3 · 34.5 / 1000 MVA puts the design current exactly at 145 A
    const onEdge = ((145 / 1.045) * Math.sqrt(3) * 34.5) / 1000;
    expect(transmissionLineResistance({ apparentPowerMva: onEdge, voltageKv: 34.5 })).toBe(0.477);
    expect(transmissionLineResistance({ apparentPowerMva: onEdge * 0.999, voltageKv: 34.5 })).toBe(0.477);
    expect(transmissionLineResistance({ apparentPowerMva: onEdge * 1.01, voltageKv: 34.5 })).toBeLessThan(
      0.477,
    );
  });

  it('100 MVA at 138 kV: 418.37 A × 1.045 = 437.20 A', () => {
    const current = threePhaseCurrent({ apparentPowerMva: 100, voltageKv: 138 }) * 1.045;
    expect(current).toBeCloseTo(437.196, 3);
    expect(transmissionLineResistance({ apparentPowerMva: 100, voltageKv: 138 })).toBe(at(current));
  });
});

describe('resistance of each line of a plant', () => {
  const plant = { maxMVTransformerVoltage: 34.5, acPowerMw: 80 };

  it('takes the nearest preceding transformer, else the plant figures', () => {
    const lines = transmissionLineResistances({
      ...plant,
      transformers: [
        { ordinal: 4, rating: 200, highSideVoltage: 230 },
        { ordinal: 2, rating: 100, highSideVoltage: 138 },
      ],
      transmissionLines: [{ ordinal: 1 }, { ordinal: 3 }, { ordinal: 5 }, { ordinal: 6 }],
    });
    expect(lines.map((l) => l.transformerOrdinal)).toEqual([null, 2, 4, 4]);
    // line 1: 80 MW at 34.5 kV → 1338.78 A × 1.045 = 1399.03 A > 1200
    expect(lines[0]!.current).toBeCloseTo(1399.03, 2);
    expect(lines[0]!.resistance).toBe(0.0165);
    // line 3: 100 MVA at 138 kV
    expect(lines[1]!.resistance).toBe(transmissionLineResistance({ apparentPowerMva: 100, voltageKv: 138 }));
    // lines 5 and 6: 200 MVA at 230 kV → 502.04 A × 1.045 = 524.64 A
    expect(lines[2]!.current).toBeCloseTo(524.636, 3);
    expect(lines[3]!.resistance).toBe(lines[2]!.resistance);
    expect(lines.map((l) => l.ordinal)).toEqual([1, 3, 5, 6]);
  });

  it('a small plant on a small line gets the smallest conductor', () => {
    const [line] = transmissionLineResistances({
      maxMVTransformerVoltage: 34.5,
      acPowerMw: 5,
      transformers: [],
      transmissionLines: [{ ordinal: 1 }],
    });
    expect(line!.resistance).toBe(0.477);
  });
});
