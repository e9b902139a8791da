import { describe, expect, it } from 'vitest';
import {
  FACTOR_INVALID,
  UNITS,
  UNIT_IDS,
  convertByFactor,
  convertUnit,
  displayUnit,
  exponentFactor,
  fromUserUnits,
  toUserUnits,
  unitSystemName,
  unitsOf,
  type UnitDefinition,
} from '../src/units.ts';

const all = Object.values(UNITS) as UnitDefinition[];

describe('unit catalogue', () => {
  it('covers every group of spec 1 §3', () => {
    for (const category of [
      'area',
      'length',
      'mass',
      'distance',
      'speed',
      'temperature',
      'temperatureDelta',
      'irradiance',
      'resistance',
      'electrical',
      'energy',
    ] as const) {
      expect(unitsOf(category).length, category).toBeGreaterThan(0);
    }
  });

  it('pairs each convertible unit with one of the other system and the same dimension', () => {
    for (const unit of all) {
      expect(unit.id).toBe(UNIT_IDS.find((id) => id === unit.id));
      if (unit.system === 'both') {
        expect(unit.pair, unit.id).toBeUndefined();
        continue;
      }
      const pair = UNITS[unit.pair as keyof typeof UNITS] as UnitDefinition;
      expect(pair, unit.id).toBeDefined();
      expect(pair.pair).toBe(unit.id);
      expect(pair.system).not.toBe(unit.system);
      expect(pair.dimension).toBe(unit.dimension);
    }
  });

  it('round-trips every paired unit', () => {
    for (const unit of all) {
      if (!unit.pair) continue;
      for (const value of [-40, 0, 1, 12.345, 1000]) {
        expect(convertUnit(convertUnit(value, unit.id, unit.pair), unit.pair, unit.id)).toBeCloseTo(value, 9);
      }
    }
  });
});

describe('convertUnit', () => {
  it('converts temperatures with the offset', () => {
    expect(convertUnit(0, 'celsius', 'fahrenheit')).toBeCloseTo(32, 12);
    expect(convertUnit(100, 'celsius', 'fahrenheit')).toBeCloseTo(212, 12);
    expect(convertUnit(-40, 'fahrenheit', 'celsius')).toBeCloseTo(-40, 12);
    expect(convertUnit(77, 'fahrenheit', 'celsius')).toBeCloseTo(25, 12);
  });

  it('converts temperature deltas by 1.8 and no offset', () => {
    expect(convertUnit(10, 'celsiusDelta', 'fahrenheitDelta')).toBeCloseTo(18, 12);
    expect(convertUnit(9, 'fahrenheitDelta', 'celsiusDelta')).toBeCloseTo(5, 12);
    expect(convertUnit(0, 'celsiusDelta', 'fahrenheitDelta')).toBe(0);
  });

  it('converts irradiance by 10.7639 between per-square-foot and per-square-metre', () => {
    expect(convertUnit(1, 'wattPerSquareFoot', 'wattPerSquareMetre')).toBeCloseTo(10.7639, 12);
    expect(convertUnit(1000, 'wattPerSquareMetre', 'wattPerSquareFoot')).toBeCloseTo(1000 / 10.7639, 12);
    expect(convertUnit(2, 'kilowattHourPerSquareFoot', 'kilowattHourPerSquareMetre')).toBeCloseTo(
      21.5278,
      12,
    );
  });

  it('converts lengths, areas, masses, distances, speeds and line resistance', () => {
    expect(convertUnit(1, 'foot', 'metre')).toBeCloseTo(0.3048, 12);
    expect(convertUnit(1, 'inch', 'millimetre')).toBeCloseTo(25.4, 12);
    expect(convertUnit(1, 'squareFoot', 'squareMetre')).toBeCloseTo(0.09290304, 12);
    expect(convertUnit(1, 'acre', 'hectare')).toBeCloseTo(0.40468564224, 12);
    expect(convertUnit(1, 'pound', 'kilogram')).toBeCloseTo(0.45359237, 12);
    expect(convertUnit(1, 'mile', 'kilometre')).toBeCloseTo(1.609344, 12);
    expect(convertUnit(10, 'metrePerSecond', 'milePerHour')).toBeCloseTo(22.3694, 4);
    expect(convertUnit(1, 'ohmPer1000Foot', 'ohmPer300Metre')).toBeCloseTo(300 / 304.8, 12);
    expect(convertUnit(1500, 'kilowatt', 'megawatt')).toBeCloseTo(1.5, 12);
    expect(convertUnit(2, 'megawattHour', 'kilowattHour')).toBeCloseTo(2000, 9);
  });

  it('refuses other dimensions and unknown units', () => {
    expect(() => convertUnit(1, 'metre', 'kilogram')).toThrow(/Cannot convert/);
    expect(() => convertUnit(1, 'wattPerSquareMetre', 'kilowattHourPerSquareMetre')).toThrow(
      /Cannot convert/,
    );
    expect(() => convertUnit(1, 'parsec', 'metre')).toThrow(/Unknown unit/);
  });
});

describe("exponent factors and 'Factor invalid'", () => {
  it('raises a factor to its exponent', () => {
    expect(exponentFactor(0.3048, 2)).toBeCloseTo(0.09290304, 15);
    expect(exponentFactor(1.8, -1)).toBeCloseTo(1 / 1.8, 15);
    expect(convertByFactor(2, 10.7639)).toBeCloseTo(21.5278, 12);
  });

  it("throws exactly 'Factor invalid' when the factor is not finite", () => {
    expect(FACTOR_INVALID).toBe('Factor invalid');
    for (const [factor, exponent] of [
      [Number.NaN, 1],
      [Number.POSITIVE_INFINITY, 1],
      [Number.NEGATIVE_INFINITY, -1 + 2],
      [0, -1],
      [10, 1000],
      [2, Number.NaN],
    ] as const) {
      expect(() => exponentFactor(factor, exponent), `${factor}^${exponent}`).toThrow(
        new Error('Factor invalid'),
      );
    }
    expect(() => convertByFactor(1, Number.NaN)).toThrow('Factor invalid');
  });
});

describe('user units', () => {
  it('converts only when the unit system differs from the user', () => {
    expect(toUserUnits(25, 'celsius', 'metric')).toEqual({ value: 25, unit: 'celsius', symbol: '°C' });
    const imperial = toUserUnits(25, 'celsius', 'imperial');
    expect(imperial.unit).toBe('fahrenheit');
    expect(imperial.symbol).toBe('°F');
    expect(imperial.value).toBeCloseTo(77, 12);
    expect(toUserUnits(3, 'foot', 'imperial').value).toBe(3);
    expect(toUserUnits(10, 'foot', 'metric').value).toBeCloseTo(3.048, 12);
  });

  it('never converts units of both systems', () => {
    for (const system of ['metric', 'imperial'] as const) {
      expect(toUserUnits(480, 'volt', system)).toEqual({ value: 480, unit: 'volt', symbol: 'V' });
      expect(displayUnit('kilowattHour', system)).toBe('kilowattHour');
    }
  });

  it('passes missing values through', () => {
    expect(toUserUnits(null, 'metre', 'imperial').value).toBeNull();
    expect(toUserUnits(undefined, 'metre', 'imperial').value).toBeUndefined();
    expect(fromUserUnits(null, 'metre', 'imperial')).toBeNull();
  });

  it('reads typed values back into the stored unit', () => {
    expect(fromUserUnits(77, 'celsius', 'imperial')).toBeCloseTo(25, 12);
    expect(fromUserUnits(25, 'celsius', 'metric')).toBe(25);
    const shown = toUserUnits(1.5, 'metre', 'imperial').value;
    expect(fromUserUnits(shown, 'metre', 'imperial')).toBeCloseTo(1.5, 12);
  });

  it('reads the unit system of a user setting, metric by default', () => {
    expect(unitSystemName(0)).toBe('metric');
    expect(unitSystemName(1)).toBe('imperial');
    expect(unitSystemName('Imperial')).toBe('imperial');
    expect(unitSystemName(true)).toBe('metric');
    expect(unitSystemName(false)).toBe('imperial');
    expect(unitSystemName(null)).toBe('metric');
    expect(unitSystemName(undefined)).toBe('metric');
  });
});
