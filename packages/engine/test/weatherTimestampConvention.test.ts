/**
 * What a weather stamp marks (issue 17). NSRDB PSM values are instantaneous: one satellite image at
 * the stamp (Sengupta et al. 2018; NSRDB documentation), so the sun goes at the stamp itself, not at
 * stamp + Δt/2 as an interval-begin reading put it. Two independent checks on the PSM3 files of
 * ../shared/data:
 *  - the raw download's own Solar Zenith Angle column is the (refracted) sun at the stamp, within 0.1°;
 *  - the three components close, GHI = DNI·cos z + DHI, with the sun at the stamp (the PSM computes
 *    GHI that way), and not with the sun half an interval earlier or later — for the half-hourly year
 *    and the 5-minute day, which carry no zenith column.
 * Then the override: a case's `weather.timestampDefinition` and the weather's own definition (what
 * the server's per-file override changes) both move the sun the run computes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spa } from '../src/solarPosition/spa.ts';
import { simulate } from '../src/simulate/simulate.ts';
import { resolveCase } from '../src/simulate/resolveCase.ts';
import { MS_PER_HOUR, MS_PER_MINUTE } from '../src/time/calendar.ts';
import { sunInstantSeries, type TimestampDefinition } from '../src/time/weatherTimestamps.ts';
import { parseWeather } from '../src/weather/parseWeather.ts';
import type { WeatherData } from '../src/weather/types.ts';
import { SHARED_DIR } from './golden.ts';
import { cecLibraries, smallCase } from './simulateFixtures.ts';

const read = (file: string) => fs.readFileSync(path.join(SHARED_DIR, 'data', file), 'utf8');

/** The NSRDB grid cell of every PSM3 sample (test_read_psm3.csv's metadata). */
const SITE = { latitude: 40.53, longitude: -108.54, altitude: 2168 };

const sunAt = (time: number) => spa({ time, ...SITE, pressure: 101_325, temperature: 12, deltaT: 67 });

/** The instants the engine computes the sun for: `sunInstant` of each stamp. */
const sunInstants = (w: WeatherData): Float64Array =>
  sunInstantSeries(
    w.time,
    { definition: w.meta.timestampDefinition, intervalMinutes: w.meta.intervalMinutes },
    new Float64Array(w.time.length),
  );

/**
 * Median |GHI − DHI − DNI·cos z| [W/m²] over the records with the sun above 10° and beam, the sun
 * taken at `instants[i] + shiftMs`.
 */
function closureMedian(w: WeatherData, instants: Float64Array, shiftMs: number): number {
  const residuals: number[] = [];
  for (let i = 0; i < instants.length; i++) {
    const z = sunAt(instants[i]! + shiftMs).zenith;
    if (z < 80 && w.dni[i]! > 0) {
      residuals.push(Math.abs(w.ghi[i]! - w.dhi[i]! - w.dni[i]! * Math.cos((z * Math.PI) / 180)));
    }
  }
  residuals.sort((a, b) => a - b);
  return residuals[residuals.length >> 1]!;
}

describe('NSRDB PSM3 stamps are instants: the sun at the stamp', () => {
  it("the raw half-hourly download: the engine's zenith matches the file's own column within 0.1°", () => {
    const text = read('test_read_psm3.csv');
    const w = parseWeather(text);
    expect(w.meta.format).toBe('psm3');
    expect(w.meta.timestampDefinition).toBe('instantaneous');
    expect(w.meta.intervalMinutes).toBe(30);
    const lines = text.split(/\r?\n/);
    const iz = lines[2]!.split(',').indexOf('Solar Zenith Angle');
    const fileZenith = lines
      .slice(3)
      .filter((l) => l.trim())
      .map((l) => Number(l.split(',')[iz]));
    expect(fileZenith.length).toBe(w.time.length);
    const t = sunInstants(w);
    let worst = 0;
    let worstHalfStepLater = 0;
    let compared = 0;
    for (let i = 0; i < t.length; i++) {
      if (fileZenith[i]! >= 89) continue; // refraction near the horizon depends on the atmosphere
      compared++;
      worst = Math.max(worst, Math.abs(sunAt(t[i]!).apparentZenith - fileZenith[i]!));
      const later = sunAt(t[i]! + 15 * MS_PER_MINUTE).apparentZenith;
      worstHalfStepLater = Math.max(worstHalfStepLater, Math.abs(later - fileZenith[i]!));
    }
    expect(compared).toBeGreaterThan(8000);
    expect(worst).toBeLessThan(0.1);
    // The old interval-begin reading (sun at stamp + 15 min) is off by degrees.
    expect(worstHalfStepLater).toBeGreaterThan(2);
  });

  it('the half-hourly 2017 table closes GHI = DNI·cos z + DHI with the sun at the stamp', () => {
    const raw = parseWeather(read('test_read_psm3.csv'));
    const w = parseWeather(read('test_psm3_2017.csv'));
    expect(w.meta.timestampDefinition).toBe('instantaneous');
    expect(w.meta.intervalMinutes).toBe(30);
    // The table is the same year as the raw download (pvlib's parse of it) without the metadata:
    // same GHI record by record, stamps in the download's -7 h that the table no longer states.
    expect(Array.from(w.ghi)).toEqual(Array.from(raw.ghi));
    const t = sunInstants(w).map((x) => x + 7 * MS_PER_HOUR);
    const atStamp = closureMedian(w, t, 0);
    const half = 15 * MS_PER_MINUTE;
    expect(atStamp).toBeLessThan(1);
    expect(closureMedian(w, t, half)).toBeGreaterThan(10 * atStamp);
    expect(closureMedian(w, t, -half)).toBeGreaterThan(10 * atStamp);
  });

  it('the 5-minute day closes with the sun at the stamp, not 2.5 min either side', () => {
    const w = parseWeather(read('test_psm3_2019_5min.csv'));
    expect(w.meta.timestampDefinition).toBe('instantaneous');
    expect([w.meta.intervalMinutes, w.meta.stampUtcOffset]).toEqual([5, -7]);
    const t = sunInstants(w);
    expect(t[0]).toBe(w.time[0]); // sun instant = stamp
    const atStamp = closureMedian(w, t, 0);
    const half = 2.5 * MS_PER_MINUTE;
    expect(atStamp).toBeLessThan(1);
    expect(closureMedian(w, t, half)).toBeGreaterThan(3 * atStamp);
    expect(closureMedian(w, t, -half)).toBeGreaterThan(3 * atStamp);
  });
});

describe('the override of the timestamp definition', () => {
  const base = () => {
    const w = parseWeather(read('test_psm3_2019_5min.csv'));
    return {
      ...w,
      meta: { ...w.meta, latitude: SITE.latitude, longitude: SITE.longitude, elevation: SITE.altitude },
    };
  };
  const caseAt = (definition?: number) =>
    smallCase((c) => {
      c.project = {
        latitude: SITE.latitude,
        longitude: SITE.longitude,
        elevation: SITE.altitude,
        timeZone: -7,
      };
      if (definition !== undefined) c.weather = { timestampDefinition: definition };
    });
  /** The true solar zenith the run used at 09:00 (the morning, where the sun moves ~0.2° a minute). */
  const MORNING = 108; // 5-minute records from 00:00 local
  const morningZenith = (w: WeatherData, c: unknown): number => {
    const r = simulate(c, w, { libraries: cecLibraries() });
    return r.dcFields[0]!.optics.solarZenith[MORNING]!;
  };
  const morningStamp = (w: WeatherData) => w.time[MORNING]!;

  it("absent, the reader's definition is used and written to the run's log", () => {
    const rc = resolveCase(caseAt(), base(), cecLibraries());
    expect(rc.timestampDefinition).toBe('instantaneous');
    expect(rc.defaultsApplied).toContain(
      "weather.timestampDefinition = 4 (instantaneous: the psmTable reader's; sun at the stamp)",
    );
  });

  it('a case-level definition moves the sun: interval begin puts it half a step later', () => {
    const w = base();
    const rc = resolveCase(caseAt(2), w, cecLibraries());
    expect(rc.timestampDefinition).toBe('intervalBegin');
    expect(rc.defaultsApplied.some((d) => d.startsWith('weather.timestampDefinition'))).toBe(false);
    const stamp = morningStamp(w);
    const halfStep = Math.abs(sunAt(stamp + 2.5 * MS_PER_MINUTE).zenith - sunAt(stamp).zenith);
    expect(halfStep).toBeGreaterThan(0.2); // the checks below tell the instants apart
    expect(morningZenith(w, caseAt())).toBeCloseTo(sunAt(stamp).zenith, 2);
    expect(morningZenith(w, caseAt(2))).toBeCloseTo(sunAt(stamp + 2.5 * MS_PER_MINUTE).zenith, 2);
    expect(morningZenith(w, caseAt(1))).toBeCloseTo(sunAt(stamp - 2.5 * MS_PER_MINUTE).zenith, 2);
  });

  it("a weather-level definition (the file's override) moves it the same way; the case's wins", () => {
    const w = base();
    const begin: TimestampDefinition = 'intervalBegin';
    const overridden = { ...w, meta: { ...w.meta, timestampDefinition: begin } };
    const stamp = morningStamp(w);
    expect(morningZenith(overridden, caseAt())).toBeCloseTo(sunAt(stamp + 2.5 * MS_PER_MINUTE).zenith, 2);
    expect(morningZenith(overridden, caseAt(4))).toBeCloseTo(sunAt(stamp).zenith, 2);
  });

  it('refuses a definition outside 1…4', () => {
    expect(() => resolveCase(caseAt(5), base(), cecLibraries())).toThrow(/weather\.timestampDefinition/);
  });
});
