import { describe, expect, it } from 'vitest';
import { formatLatitudeDMS, formatLongitudeDMS, parseCoordinate } from '@sunfield/domain';
import {
  formatDecimalDegrees,
  formatElevation,
  formatPlace,
  formatTimeZone,
  formatUtcOffset,
  projectStatusLabel,
} from '../src/screens/projects/model/format.ts';

describe('coordinates from @sunfield/domain as the project screens use them (spec 2 §9.3)', () => {
  it('show degrees, minutes, seconds with the hemisphere and the decimal in brackets', () => {
    expect(formatLatitudeDMS(39.5)).toBe(`39° 30' 0.00" N (39.5000)`);
    expect(formatLongitudeDMS(-98.35)).toBe(`98° 21' 0.00" W (-98.3500)`);
    expect(formatLatitudeDMS(-33.8688)).toBe(`33° 52' 7.68" S (-33.8688)`);
    expect(formatLongitudeDMS(0)).toBe(`0° 0' 0.00" E (0.0000)`);
  });

  it('carry rounded seconds into minutes', () => {
    expect(formatLatitudeDMS(10.9999999)).toBe(`11° 0' 0.00" N (11.0000)`);
  });

  it("show '--' for non-finite numbers", () => {
    expect(formatLatitudeDMS(Number.NaN)).toBe('--');
    expect(formatLongitudeDMS(Number.POSITIVE_INFINITY)).toBe('--');
  });

  it('read decimal and degrees-minutes-seconds', () => {
    expect(parseCoordinate('39.5', 'lat')).toBe(39.5);
    expect(parseCoordinate('-98.35', 'lng')).toBe(-98.35);
    expect(parseCoordinate('98.35 W', 'lng')).toBe(-98.35);
    expect(parseCoordinate(`39° 44' 21.6" N`, 'lat')).toBeCloseTo(39.739333, 6);
    expect(parseCoordinate(`104° 59' 2.4" W`, 'lng')).toBeCloseTo(-104.984, 6);
    expect(parseCoordinate('39 44 21.6 N', 'lat')).toBeCloseTo(39.739333, 6);
    expect(parseCoordinate('S 33 52 7.68', 'lat')).toBeCloseTo(-33.8688, 6);
    expect(parseCoordinate(`39°30'`, 'lat')).toBe(39.5);
  });

  it('reject text that is not a coordinate on the axis', () => {
    for (const [text, axis] of [
      ['', 'lat'],
      ['abc', 'lat'],
      ['91', 'lat'],
      ['180.5', 'lng'],
      ['39 N', 'lng'],
      ['98 W', 'lat'],
      ['-39 S', 'lat'],
      [`39° 60' 0" N`, 'lat'],
      [`39.5° 30'`, 'lat'],
    ] as const) {
      expect(parseCoordinate(text, axis), `${text} as ${axis}`).toBeNull();
    }
  });

  it('round-trip the formatted value', () => {
    expect(parseCoordinate(formatLatitudeDMS(39.739333), 'lat')).toBeCloseTo(39.739333, 5);
    expect(formatDecimalDegrees(-104.98400000001)).toBe('-104.984');
  });
});

describe('project facts', () => {
  it('format the place, time zone and UTC offset', () => {
    expect(formatPlace({ locality: null, stateProvince: 'Kansas', country: 'United States' })).toBe(
      'Kansas, United States',
    );
    expect(formatPlace({ country: 'France', stateProvince: 'France' })).toBe('France');
    expect(formatUtcOffset(-6)).toBe('UTC−06:00');
    expect(formatUtcOffset(5.5)).toBe('UTC+05:30');
    expect(formatUtcOffset(0)).toBe('UTC±00:00');
    expect(formatUtcOffset(null)).toBe('--');
    expect(formatTimeZone({ timeZone: 'America/Chicago', standardOffsetFromUTC: -6 })).toBe(
      'America/Chicago (UTC−06:00)',
    );
    expect(formatTimeZone({ timeZone: null })).toBe('--');
  });

  it('show elevation in the unit system and status labels', () => {
    expect(formatElevation(1609.344, 'metric')).toBe('1,609.34 m');
    expect(formatElevation(304.8, 'imperial')).toBe('1,000 ft');
    expect(formatElevation(null, 'metric')).toBeNull();
    expect(projectStatusLabel(0)).toBe('Active');
    expect(projectStatusLabel(1)).toBe('Archived');
    expect(projectStatusLabel(2)).toBe('Voltage Pro');
  });
});
