import { describe, expect, it } from 'vitest';
import {
  formatDMS,
  formatLatitudeDMS,
  formatLongitudeDMS,
  formatNumber,
  formatPowerMW,
  kwToMw,
  parseCoordinate,
  round,
  roundAverageModuleWattage,
  roundPostHeight,
  roundRatio,
  roundResistance,
  roundStep,
} from '../src/format.ts';

const DENVER_LAT = 39 + 44 / 60 + 21.6 / 3600;

describe('degrees-minutes-seconds formatting', () => {
  it('writes D° M\' S.SS" with the hemisphere and the decimal in brackets', () => {
    expect(formatLatitudeDMS(DENVER_LAT)).toBe(`39° 44' 21.60" N (39.7393)`);
    expect(formatLongitudeDMS(-104.9903)).toBe(`104° 59' 25.08" W (-104.9903)`);
    expect(formatLatitudeDMS(-33.8688)).toBe(`33° 52' 7.68" S (-33.8688)`);
    expect(formatLongitudeDMS(151.2093)).toBe(`151° 12' 33.48" E (151.2093)`);
  });

  it('writes zero as north and east', () => {
    expect(formatLatitudeDMS(0)).toBe(`0° 0' 0.00" N (0.0000)`);
    expect(formatLongitudeDMS(-0)).toBe(`0° 0' 0.00" E (0.0000)`);
  });

  it('carries rounded seconds into minutes and degrees', () => {
    expect(formatLatitudeDMS(10.9999999)).toBe(`11° 0' 0.00" N (11.0000)`);
    expect(formatLongitudeDMS(-179.99999999)).toBe(`180° 0' 0.00" W (-180.0000)`);
  });

  it("shows '--' for non-finite numbers", () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, null, undefined]) {
      expect(formatDMS(value, 'lat')).toBe('--');
    }
  });
});

describe('parseCoordinate', () => {
  it('reads decimal degrees', () => {
    expect(parseCoordinate('39.7393', 'lat')).toBe(39.7393);
    expect(parseCoordinate('-104.99', 'lng')).toBe(-104.99);
    expect(parseCoordinate(' +12.5 ', 'lat')).toBe(12.5);
    expect(parseCoordinate('104.99 W', 'lng')).toBe(-104.99);
    expect(parseCoordinate('.5', 'lat')).toBe(0.5);
  });

  it('reads degrees, minutes and seconds', () => {
    expect(parseCoordinate(`39° 44' 21.6" N`, 'lat')).toBeCloseTo(DENVER_LAT, 12);
    expect(parseCoordinate('39 44 21.6 N', 'lat')).toBeCloseTo(DENVER_LAT, 12);
    expect(parseCoordinate(`104°59'W`, 'lng')).toBeCloseTo(-(104 + 59 / 60), 12);
    expect(parseCoordinate('N 39 44 21.6', 'lat')).toBeCloseTo(DENVER_LAT, 12);
    expect(parseCoordinate('s 33° 52′ 7.68″', 'lat')).toBeCloseTo(-33.8688, 12);
    expect(parseCoordinate(`-104 59 25.08`, 'lng')).toBeCloseTo(-104.9903, 12);
    expect(parseCoordinate(`39°44'21.6''N`, 'lat')).toBeCloseTo(DENVER_LAT, 12);
  });

  it('reads what formatDMS writes', () => {
    for (const value of [DENVER_LAT, -33.8688, 0, 89.99, -0.0001]) {
      expect(parseCoordinate(formatLatitudeDMS(value), 'lat')).toBeCloseTo(value, 5);
    }
    for (const value of [-104.9903, 151.2093, 179.5]) {
      expect(parseCoordinate(formatLongitudeDMS(value), 'lng')).toBeCloseTo(value, 5);
    }
  });

  it('answers null for what is not a coordinate of that axis', () => {
    for (const [text, axis] of [
      ['', 'lat'],
      ['   ', 'lat'],
      ['abc', 'lat'],
      ['91', 'lat'],
      ['-180.5', 'lng'],
      ['39 60 0 N', 'lat'],
      ['39 44 60 N', 'lat'],
      ['39.5 30', 'lat'],
      ['39 44.5 10', 'lat'],
      [`39° 44' 21.6" E`, 'lat'],
      ['104 59 W', 'lat'],
      ['-39 S', 'lat'],
      ['39 -44', 'lat'],
      ['1 2 3 4', 'lat'],
      ['N', 'lat'],
      ['1e3', 'lng'],
    ] as const) {
      expect(parseCoordinate(text, axis), `${text} (${axis})`).toBeNull();
    }
    expect(parseCoordinate(null, 'lat')).toBeNull();
    expect(parseCoordinate(undefined, 'lng')).toBeNull();
  });
});

describe('rounding (spec 2 §9.2)', () => {
  it('rounds half away from zero on the decimal value', () => {
    expect(round(1.005)).toBe(1.01);
    expect(round(-1.005)).toBe(-1.01);
    expect(round(2.5, 0)).toBe(3);
    expect(round(1.23456)).toBe(1.23);
    expect(round(1e-7, 2)).toBe(0);
    expect(round(123456.789, 1)).toBe(123456.8);
    expect(round(Number.NaN)).toBeNaN();
  });

  it('uses the decimals of each kind', () => {
    expect(roundRatio(1.234567)).toBe(1.2346);
    expect(roundPostHeight(1.46)).toBe(1.5);
    expect(roundResistance(0.0165432)).toBe(0.01654);
    expect(roundStep(0.125)).toBe(0.13);
    expect(roundAverageModuleWattage(402.12345)).toBe(402.123);
  });

  it('formats numbers with fixed decimals', () => {
    expect(formatNumber(1.5)).toBe('1.50');
    expect(formatNumber(-0.001)).toBe('0.00');
    expect(formatNumber(2, 0)).toBe('2');
    expect(formatNumber(Number.NaN)).toBe('--');
    expect(formatNumber(null)).toBe('--');
  });

  it('shows power in MW by dividing kW by 1000', () => {
    expect(kwToMw(1500)).toBe(1.5);
    expect(formatPowerMW(1500)).toBe('1.50 MW');
    expect(formatPowerMW(123456.7, 3)).toBe('123.457 MW');
    expect(formatPowerMW(Number.POSITIVE_INFINITY)).toBe('--');
    expect(formatPowerMW(undefined)).toBe('--');
  });
});
