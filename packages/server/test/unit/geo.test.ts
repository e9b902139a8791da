import { describe, expect, it } from 'vitest';
import {
  countries,
  isValidTimeZone,
  locationAt,
  offsetAt,
  standardOffsetHours,
  timeZoneAt,
  timeZoneInfoAt,
} from '../../src/lib/geo.ts';

describe('offline time zone', () => {
  it('finds the zone and the standard offset of Denver', () => {
    expect(timeZoneInfoAt({ latitude: 39.7392, longitude: -104.9903 })).toEqual({
      timeZone: 'America/Denver',
      standardOffsetFromUTC: -7,
    });
  });
  it('keeps Amsterdam apart from Brussels', () => {
    expect(timeZoneInfoAt({ latitude: 52.3676, longitude: 4.9041 })).toEqual({
      timeZone: 'Europe/Amsterdam',
      standardOffsetFromUTC: 1,
    });
  });
  it('answers a nautical zone at sea', () => {
    expect(timeZoneInfoAt({ latitude: 30, longitude: -40 })).toEqual({
      timeZone: 'Etc/GMT+3',
      standardOffsetFromUTC: -3,
    });
  });
  it('leaves daylight saving out in both hemispheres and keeps fractional offsets', () => {
    expect(standardOffsetHours('Australia/Sydney', 2025)).toBe(10);
    expect(standardOffsetHours('America/Phoenix', 2025)).toBe(-7);
    expect(standardOffsetHours('Asia/Kolkata', 2025)).toBe(5.5);
    expect(standardOffsetHours('Asia/Kathmandu', 2025)).toBe(5.75);
    expect(standardOffsetHours('UTC', 2025)).toBe(0);
    expect(standardOffsetHours('Not/AZone')).toBeNull();
  });
  it('keeps the offsets and formatters: the same answers again, building no formatter', () => {
    const zones = ['America/Denver', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Adelaide'];
    const first = zones.map((zone) => standardOffsetHours(zone, 2026));
    expect(first).toEqual([-7, 1, 5.5, 9.5]);
    // Built afresh (three formatters each), 10,000 answers took 5.4 s on one machine under load: count
    // the formatters built while answering again (none), rather than time it.
    const Real = Intl.DateTimeFormat;
    let built = 0;
    class Counting extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        built++;
      }
    }
    Intl.DateTimeFormat = Counting as typeof Intl.DateTimeFormat;
    try {
      for (let i = 0; i < 10_000; i++) {
        expect(standardOffsetHours(zones[i % zones.length]!, 2026)).toBe(first[i % zones.length]);
      }
      // The counter counts: a formatter built now is seen.
      expect(built).toBe(0);
      new Intl.DateTimeFormat('en-US');
      expect(built).toBe(1);
    } finally {
      Intl.DateTimeFormat = Real;
    }
    expect(isValidTimeZone('america/denver')).toBe(true);
    expect(isValidTimeZone('Not/AZone')).toBe(false);
    expect(offsetAt('America/Denver', new Date(Date.UTC(2026, 6, 1)))).toBe(-6);
  });
  it('answers null for a point off the globe', () => {
    expect(timeZoneAt({ latitude: 91, longitude: 0 })).toBeNull();
  });
});

describe('offline location', () => {
  it('finds the United States and its M49 region for Denver', () => {
    expect(locationAt({ latitude: 39.7392, longitude: -104.9903 })).toMatchObject({
      country: 'United States of America',
      countryCode: 'US',
      stateProvince: null,
      region: 'Northern America',
    });
  });
  it('finds the Netherlands for Amsterdam', () => {
    expect(locationAt({ latitude: 52.3676, longitude: 4.9041 })).toMatchObject({
      country: 'Netherlands',
      countryCode: 'NL',
    });
  });
  it('names a territory as the state or province', () => {
    expect(locationAt({ latitude: 18.2, longitude: -66.5 })).toMatchObject({
      countryCode: 'US',
      stateProvince: 'Puerto Rico',
      stateProvinceCode: 'PR',
    });
  });
  it('answers nulls at sea', () => {
    expect(locationAt({ latitude: 30, longitude: -40 })).toEqual({
      country: null,
      countryCode: null,
      stateProvince: null,
      stateProvinceCode: null,
      locality: null,
      region: null,
    });
  });
});

describe('countries', () => {
  it('lists ISO 3166-1 codes sorted by name, without unions', () => {
    const list = countries();
    expect(list.length).toBeGreaterThan(240);
    expect(list).toContainEqual({ name: 'Netherlands', code: 'NL' });
    expect(list.find((c) => c.code === 'EU')).toBeUndefined();
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(list.map((c) => c.code)).size).toBe(list.length);
  });
});
