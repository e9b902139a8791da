import { describe, expect, it } from 'vitest';
import {
  QUANTITIES,
  QUANTITY_KINDS,
  displayBounds,
  formatQuantity,
  formatReading,
  fromDisplay,
  quantityRangeText,
  quantitySymbol,
  quantityUnit,
  toDisplay,
} from '../src/quantities.ts';
import { UNITS } from '../src/units.ts';

describe('quantity kinds', () => {
  it('show each kind in a unit of its own dimension in both systems', () => {
    for (const kind of QUANTITY_KINDS) {
      const { stored, metric, imperial } = QUANTITIES[kind];
      expect(UNITS[metric].dimension, kind).toBe(UNITS[stored].dimension);
      expect(UNITS[imperial].dimension, kind).toBe(UNITS[stored].dimension);
    }
  });

  it('round-trips every kind in both systems without float noise', () => {
    for (const kind of QUANTITY_KINDS)
      for (const system of ['metric', 'imperial'] as const)
        for (const value of [-40, 0, 0.1, 1, 12.345, 20, 1013.25, 101_325, 2_000]) {
          const back = fromDisplay(kind, toDisplay(kind, value, system), system);
          expect(back, `${kind} ${system} ${value}`).toBe(value);
        }
  });

  it('converts the quantities the screens show', () => {
    expect(toDisplay('elevation', 1000, 'imperial')).toBeCloseTo(3280.84, 2);
    expect(toDisplay('temperature', 20, 'imperial')).toBe(68);
    expect(toDisplay('temperature', 20, 'metric')).toBe(20);
    expect(toDisplay('pressure', 101_325, 'metric')).toBe(1013.25);
    expect(toDisplay('pressure', 101_325, 'imperial')).toBeCloseTo(29.92, 2);
    expect(toDisplay('pressure', 1013.25, 'metric', 'hectopascal')).toBe(1013.25);
    expect(toDisplay('windSpeed', 10, 'imperial')).toBeCloseTo(22.369, 3);
    expect(toDisplay('moduleDimension', 2278, 'imperial')).toBeCloseTo(89.685, 3);
    expect(toDisplay('mass', 27.5, 'imperial')).toBeCloseTo(60.627, 3);
    expect(toDisplay('area', 2.58, 'imperial')).toBeCloseTo(27.771, 3);
    expect(toDisplay('irradiance', 1000, 'imperial')).toBe(1000);
    expect(fromDisplay('elevation', 100, 'imperial')).toBe(30.48);
    expect(fromDisplay('temperature', 77, 'imperial')).toBe(25);
  });

  it('passes missing values through', () => {
    expect(toDisplay('elevation', null, 'imperial')).toBeNull();
    expect(fromDisplay('elevation', undefined, 'imperial')).toBeUndefined();
    expect(toDisplay('elevation', Number.NaN, 'imperial')).toBeNaN();
  });

  it('names the unit of each system', () => {
    expect(quantityUnit('elevation', 'imperial')).toBe('foot');
    expect(quantitySymbol('elevation', 'metric')).toBe('m');
    expect(quantitySymbol('temperature', 'imperial')).toBe('°F');
    expect(quantitySymbol('pressure', 'metric')).toBe('hPa');
    expect(quantitySymbol('pressure', 'imperial')).toBe('inHg');
    expect(quantitySymbol('moduleDimension', 'imperial')).toBe('in');
    expect(quantitySymbol('windSpeed', 'imperial')).toBe('mph');
    expect(quantitySymbol('irradiance', 'imperial')).toBe('W/m²');
  });
});

describe('formatting', () => {
  it('reads numbers grouped, without trailing zeros or float noise', () => {
    expect(formatReading(1234.5, 2)).toBe('1,234.5');
    expect(formatReading(0.041000000000000002, 3)).toBe('0.041');
    expect(formatReading(-0.0001, 2)).toBe('0');
    expect(formatReading(null, 2)).toBe('--');
    expect(formatReading(Number.POSITIVE_INFINITY, 2)).toBe('--');
  });

  it('formats a stored value in the user system with its symbol', () => {
    expect(formatQuantity('elevation', 350, 'metric')).toBe('350 m');
    expect(formatQuantity('elevation', 350, 'imperial')).toBe('1,148 ft');
    expect(formatQuantity('temperature', 20, 'imperial')).toBe('68 °F');
    expect(formatQuantity('pressure', 101_325, 'metric')).toBe('1,013.3 hPa');
    expect(formatQuantity('pressure', 101_325, 'imperial', { withUnit: false })).toBe('29.92');
    expect(formatQuantity('moduleDimension', 1134, 'imperial', { decimals: 1 })).toBe('44.6 in');
    expect(formatQuantity('mass', null, 'imperial')).toBe('--');
  });
});

describe('ranges in the user system', () => {
  it('states the bounds converted, ungrouped, one decimal finer than shown', () => {
    expect(quantityRangeText('Elevation', 'elevation', -500, 9000, 'metric')).toBe(
      'Elevation must be between -500 and 9000 m.',
    );
    expect(quantityRangeText('Elevation', 'elevation', -500, 9000, 'imperial')).toBe(
      'Elevation must be between -1640.4 and 29527.6 ft.',
    );
    expect(displayBounds('moduleDimension', 100, 3000, 'imperial')).toEqual({
      min: '3.937',
      max: '118.11',
      symbol: 'in',
    });
  });
});
