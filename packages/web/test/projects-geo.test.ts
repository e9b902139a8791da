/** The Geo time-zone answer read for the project screens: IANA name and offset. */
import { describe, expect, it } from 'vitest';
import { geoTimeZoneOf } from '../src/screens/projects/model/geoTimeZone.ts';
import { formatTimeZone } from '../src/screens/projects/model/format.ts';

describe('Geo time zone', () => {
  it('takes the name from timeZoneName and the offset, not the numeric timeZone, as a string', () => {
    const zone = geoTimeZoneOf({ timeZone: -7, timeZoneName: 'America/Denver', standardOffsetFromUTC: -7 });
    expect(zone).toEqual({ timeZone: 'America/Denver', standardOffsetFromUTC: -7 });
    expect(formatTimeZone(zone)).toBe('America/Denver (UTC−07:00)');
  });

  it('reads an answer without the name or the offset field, and nothing', () => {
    expect(geoTimeZoneOf({ timeZone: 5.5 })).toEqual({ timeZone: null, standardOffsetFromUTC: 5.5 });
    expect(geoTimeZoneOf({ timeZone: 'Asia/Kolkata', standardOffsetFromUTC: 5.5 })).toEqual({
      timeZone: 'Asia/Kolkata',
      standardOffsetFromUTC: 5.5,
    });
    expect(geoTimeZoneOf(null)).toEqual({ timeZone: null, standardOffsetFromUTC: null });
    expect(formatTimeZone(geoTimeZoneOf(null))).toBe('--');
  });
});
