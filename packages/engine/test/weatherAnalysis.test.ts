/**
 * weatherFileInfo, weatherSummary (annual/monthly/per year), daily profiles, heat map, the PVGIS
 * horizon, the global tilted plane (checked against NREL PVWatts' own plane-of-array output) and the
 * weather uncertainty.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGenericCsv } from '../src/weather/genericCsv.ts';
import { parsePvgisHorizon } from '../src/weather/horizon.ts';
import { weatherDurationMinutes, weatherFileInfo } from '../src/weather/info.ts';
import { parseWeather } from '../src/weather/parseWeather.ts';
import { dailyProfiles, heatMap, weatherSummary, weatherSummaryFields } from '../src/weather/summary.ts';
import { globalTiltedPlane, weatherUncertainty } from '../src/weather/tiltedPlane.ts';
import { sunGeometry } from '../src/weatherQuality/sunGeometry.ts';
import { calendarIndex } from '../src/weather/calendarIndex.ts';
import { SHARED_DIR } from './golden.ts';

const read = (f: string): string => fs.readFileSync(path.join(SHARED_DIR, 'data', f), 'latin1');
const tmy = parseWeather(read('723170TYA.CSV'));
const psm = parseWeather(read('test_read_psm3.csv'));

/** An hourly multi-year series with GHI 100·(year − 2017) W/m² + 100 in every hour. */
function threeYears(): ReturnType<typeof parseGenericCsv> {
  const rows = ['time,ghi,temp'];
  const start = Date.UTC(2018, 0, 1);
  const end = Date.UTC(2021, 0, 1);
  for (let t = start; t < end; t += 3_600_000) {
    const y = new Date(t).getUTCFullYear();
    rows.push(`${new Date(t).toISOString().slice(0, 16)},${100 * (y - 2017) + 100},${y - 2000}`);
  }
  return parseGenericCsv(rows.join('\n'), {
    delimiter: ',',
    headerRow: 0,
    timestamp: { format: 'iso', column: 0 },
    timeZone: 0,
    timestampDefinition: 'intervalBegin',
    columns: [
      { index: 1, key: 'ghi', unit: 'W/m2' },
      { index: 2, key: 'tempAir', unit: 'C' },
    ],
    latitude: 10,
    longitude: 0,
  });
}

describe('weatherFileInfo', () => {
  it('the Parse answer of a TMY3 file', () => {
    const info = weatherFileInfo(tmy);
    expect(info).toMatchObject({
      format: 'tmy3',
      weatherFormat: 2,
      dataProvider: 1,
      latitude: 36.1,
      longitude: -79.95,
      elevation: 273,
      timeZone: -5,
      timeInterval: 60,
      timestampDefinition: 1,
      firstTimestamp: '1988-01-01T01:00:00-05:00',
      lastTimestamp: '1981-01-01T00:00:00-05:00',
      rowCount: 8760,
      typicalYear: true,
      durationMinutes: 525_600,
    });
    expect(info.columns.find((c) => c.key === 'ghi')).toMatchObject({ columnType: 1, unit: 'W/m2' });
    expect(JSON.parse(JSON.stringify(info)).latitude).toBe(36.1);
  });

  it('duration = end − start + one interval (spec 2 §9.3)', () => {
    expect(weatherDurationMinutes(psm)).toBe(525_600); // 2017, 30-minute, 00:00 … 23:30
    expect(weatherFileInfo(psm).timestampDefinition).toBe(4); // PSM: instantaneous (issue 17)
  });
});

describe('weatherSummary', () => {
  it('annual and monthly sums of a typical year', () => {
    const s = weatherSummary(tmy);
    let ghi = 0;
    let t = 0;
    for (let i = 0; i < 8760; i++) {
      ghi += tmy.ghi[i]!;
      t += tmy.tempAir[i]!;
    }
    expect(s.annual.ghi).toBeCloseTo(ghi / 1000, 9);
    expect(s.annual.ghi).toBeCloseTo(1566.203, 2);
    expect(s.annual.tempAir).toBeCloseTo(t / 8760, 9);
    expect(s.monthly.reduce((a, m) => a + m.ghi, 0)).toBeCloseTo(s.annual.ghi, 9);
    expect(s.monthly[6]!.ghi).toBeGreaterThan(s.monthly[0]!.ghi * 2);
    expect(s.years.length).toBe(1);
    expect(s.monthly.reduce((a, m) => a + m.count, 0)).toBe(8760);
    const fields = weatherSummaryFields(s);
    expect(fields.globalHorizontalIrradianceSum).toBeCloseTo(1566.203, 2);
    expect(fields.hasAlbedoData).toBe(tmy.albedo !== undefined);
  });

  it('interval-end stamps at midnight belong to the day before', () => {
    const s = weatherSummary(tmy);
    expect(s.monthly[0]!.count).toBe(31 * 24);
    expect(s.monthly[11]!.count).toBe(31 * 24);
  });

  it('multi-year: per year, and monthly means over the years', () => {
    const w = threeYears();
    const s = weatherSummary(w);
    expect(s.years.map((y) => y.year)).toEqual([2018, 2019, 2020]);
    expect(s.years.map((y) => y.ghi)).toEqual(
      [8760 * 0.2, 8760 * 0.3, 8784 * 0.4].map((v) => expect.closeTo(v, 9)),
    );
    expect(s.monthly[0]!.ghi).toBeCloseTo((744 * (0.2 + 0.3 + 0.4)) / 3, 9);
    expect(s.annual.ghi).toBeCloseTo(
      s.monthly.reduce((a, m) => a + m.ghi, 0),
      9,
    );
    expect(s.years[2]!.months[1]!.count).toBe(29 * 24);
    expect(s.monthly[0]!.tempAir).toBeCloseTo(19, 9);
  });

  it('daily profiles and the heat map', () => {
    const [ghi, , , temp] = dailyProfiles(tmy);
    expect(ghi!.values.length).toBe(288);
    expect(ghi!.values[6 * 24 + 2]).toBe(0); // July 02:00–03:00
    expect(ghi!.values[6 * 24 + 12]).toBeGreaterThan(500);
    expect(temp!.key).toBe('tempAir');
    const h = heatMap(tmy, 'ghi');
    expect([h.hours, h.days, h.values.length]).toEqual([24, 365, 24 * 365]);
    expect(h.values[12 * 365 + 180]).toBeCloseTo(tmy.ghi[180 * 24 + 12]!, 3); // 30 June 12:00–13:00 (stamp 13:00)
    expect(h.max).toBeGreaterThan(900);
    expect(h.min).toBe(0);
    expect(heatMap(threeYears(), 'ghi').days).toBe(366);
  });
});

describe('parsePvgisHorizon', () => {
  it('the pvlib-parsed PVGIS horizon (north-based table)', () => {
    const h = parsePvgisHorizon(read('test_read_pvgis_horizon.csv'));
    expect(h.length).toBe(48);
    expect(h[0]).toEqual({ azimuth: 0, elevation: 9.9 });
    expect(h[47]).toEqual({ azimuth: 352.5, elevation: 9.2 });
  });

  it('PVGIS printhorizon JSON and text outputs (A from south, west positive)', () => {
    const json = JSON.stringify({
      inputs: { location: { latitude: 45, longitude: 8 } },
      outputs: { horizon_profile: [-180, -90, 0, 90, 180].map((A, k) => ({ A, H_hor: k + 1 })) },
    });
    expect(parsePvgisHorizon(json)).toEqual([
      { azimuth: 0, elevation: 1 },
      { azimuth: 90, elevation: 2 },
      { azimuth: 180, elevation: 3 },
      { azimuth: 270, elevation: 4 },
    ]);
    const text =
      'Latitude (decimal degrees):\t45.000\n\nA\tH_hor\tA_sun(w)\tH_sun(w)\n-180.0\t9.9\t0\t0\n0.0\t2.5\t0\t0\n\nA: Azimuth (0 = S, 90 = W, -90 = E) (degree)\n';
    expect(parsePvgisHorizon(text)).toEqual([
      { azimuth: 0, elevation: 9.9 },
      { azimuth: 180, elevation: 2.5 },
    ]);
    expect(parsePvgisHorizon('5\n6\n7\n8\n').map((p) => p.azimuth)).toEqual([0, 90, 180, 270]);
  });

  it('errors name the line', () => {
    expect(() => parsePvgisHorizon('horizon_azimuth,horizon_elevation\n0,1\n7.5,x\n')).toThrow(
      "line 3: '7.5,x' is not an azimuth and an elevation",
    );
    expect(() => parsePvgisHorizon('horizon_azimuth,horizon_elevation\n0,95\n10,1\n')).toThrow(
      /outside −90…90/,
    );
    expect(() => parsePvgisHorizon('')).toThrow('file is empty');
  });
});

describe('globalTiltedPlane', () => {
  it('horizontal plane returns GHI; the latitude tilt gains 10–25 % at Greensboro', () => {
    const flat = globalTiltedPlane(tmy, { tilt: 0 });
    expect(flat.annual / flat.annualGhi).toBeGreaterThan(0.98);
    expect(flat.annual / flat.annualGhi).toBeLessThan(1.02);
    const tilted = globalTiltedPlane(tmy, { tilt: 36, azimuth: 180 });
    expect(tilted.annual / tilted.annualGhi).toBeGreaterThan(1.1);
    expect(tilted.annual / tilted.annualGhi).toBeLessThan(1.25);
    const hay = globalTiltedPlane(tmy, { tilt: 36, azimuth: 180, model: 0 });
    expect(Math.abs(hay.annual / tilted.annual - 1)).toBeLessThan(0.04);
    expect(tilted.monthly[11]! / tilted.monthlyGhi[11]!).toBeGreaterThan(
      tilted.monthly[5]! / tilted.monthlyGhi[5]!,
    );
    // Minimum tilt negated (spec 2 §7.10): facing north.
    const north = globalTiltedPlane(tmy, { tilt: -36, azimuth: 180 });
    expect([north.tilt, north.azimuth]).toEqual([36, 0]);
    expect(north.annual).toBeLessThan(flat.annual);
  });

  it('matches NREL PVWatts plane-of-array irradiance (Denver, tilt 20°, Perez, albedo 0.2)', () => {
    const full = read('pvwatts_8760_rackmount.csv');
    const text = full.slice(0, full.indexOf('Totals')); // the file ends with a totals row
    const w = parseGenericCsv(text, {
      delimiter: ',',
      headerRow: 17,
      timestamp: { format: 'ymdhm columns', month: 0, day: 1, hour: 2 },
      timeZone: -7,
      timestampDefinition: 'intervalBegin',
      columns: [
        { index: 3, key: 'dni', unit: 'W/m2' },
        { index: 4, key: 'dhi', unit: 'W/m2' },
        { index: 5, key: 'tempAir', unit: 'C' },
        { index: 7, key: 'poa', unit: 'W/m2' },
      ],
      latitude: 39.73,
      longitude: -105.18,
      elevation: 1820,
    });
    // GHI from its components at mid-hour (the file gives beam and diffuse only).
    const sun = sunGeometry(calendarIndex(w).mid, { latitude: 39.73, longitude: -105.18, elevation: 1820 });
    for (let i = 0; i < w.ghi.length; i++) w.ghi[i] = w.dni[i]! * Math.max(0, sun.cosZenith[i]!) + w.dhi[i]!;
    const g = globalTiltedPlane(w, { tilt: 20, azimuth: 180, albedo: 0.2, model: 1 });
    let pvwatts = 0;
    for (let i = 0; i < w.poa!.length; i++) pvwatts += w.poa![i]!;
    pvwatts /= 1000;
    console.log(`POA Denver 20°: ours ${g.annual.toFixed(1)} kWh/m², PVWatts ${pvwatts.toFixed(1)} kWh/m²`);
    expect(g.annual / pvwatts).toBeGreaterThan(0.98);
    expect(g.annual / pvwatts).toBeLessThan(1.02);
  });
});

describe('weatherUncertainty', () => {
  it('typical year: the spec 4 defaults give σ_irr = 6.48 %', () => {
    const u = weatherUncertainty(tmy);
    expect(u.totalPercent).toBeCloseTo(6.4807, 3);
    expect(u.years).toBe(0);
    expect(u.annualGhi.p50).toBeCloseTo(1566.203, 2);
    expect(u.annualGhi.p90).toBeCloseTo(1566.203 * (1 - 1.2815515655446004 * 0.064807), 1);
  });

  it('multi-year: inter-annual variability from the complete years', () => {
    const u = weatherUncertainty(threeYears());
    const sums = [8760 * 0.2, 8760 * 0.3, 8784 * 0.4];
    const mean = sums.reduce((a, b) => a + b) / 3;
    const sd = Math.sqrt(sums.reduce((a, b) => a + (b - mean) ** 2, 0) / 2);
    expect(u.years).toBe(3);
    expect(u.interannualPercent).toBeCloseTo((100 * sd) / mean, 9);
    expect(u.monitoringPercent).toBeCloseTo((100 * sd) / mean / Math.sqrt(3), 9);
    expect(u.annualGhi.p50).toBeCloseTo(mean, 9);
  });
});

describe('weatherDetails', () => {
  it('spec 3 records and back', async () => {
    const { weatherDetails, weatherFromDetails } = await import('../src/weather/details.ts');
    const rows = weatherDetails(tmy, 0, 3);
    expect(rows[0]).toMatchObject({
      index: 1,
      timeStamp: '1988-01-01T01:00:00-05:00',
      globalHorizontalIrradiance: 0,
    });
    expect(rows[0]!.pressure).toBeCloseTo(tmy.pressure[0]! / 100, 9);
    const all = weatherDetails(tmy);
    const back = weatherFromDetails(all, {
      latitude: 36.1,
      longitude: -79.95,
      elevation: 273,
      timeZone: -5,
      timestampDefinition: 'intervalEnd',
    });
    expect(back.meta.rowCount).toBe(8760);
    expect(back.ghi).toEqual(tmy.ghi);
    expect(back.pressure[100]).toBeCloseTo(tmy.pressure[100]!, 6);
    expect(() =>
      weatherFromDetails([{ ...all[0]!, timeStamp: 'x' }], {
        latitude: 0,
        longitude: 0,
        elevation: 0,
        timeZone: 0,
        timestampDefinition: 'intervalEnd',
      }),
    ).toThrow('line 1: weatherDetails[0].timeStamp is not a date-time');
  });
});

describe('every weather file of shared/data through the analysis', () => {
  it('info, summary, profiles, heat map, quality check and tilted plane run on each', async () => {
    const { detectWeatherFormat } = await import('../src/weather/parseWeather.ts');
    const { qualityCheck } = await import('../src/weatherQuality/qualityCheck.ts');
    const dir = path.join(SHARED_DIR, 'data');
    const files = fs.readdirSync(dir).filter((f) => !f.endsWith('.md'));
    let n = 0;
    for (const f of files) {
      const text = fs.readFileSync(path.join(dir, f), 'latin1');
      if (detectWeatherFormat(text.slice(0, 100_000)) === null) continue;
      const w = parseWeather(text);
      n++;
      const info = weatherFileInfo(w);
      expect([f, info.rowCount]).toEqual([f, w.time.length]);
      const s = weatherSummary(w);
      expect([f, s.monthly.length]).toEqual([f, 12]);
      const hasGhi = w.ghi.some((v) => v === v);
      if (hasGhi) expect([f, Number.isFinite(s.annual.ghi) && s.annual.ghi >= 0]).toEqual([f, true]);
      dailyProfiles(w);
      heatMap(w, 'ghi');
      const q = qualityCheck(w, {}, { maxListed: 10 });
      expect([f, q.flags.length]).toEqual([f, w.time.length]);
      if (hasGhi && Number.isFinite(w.meta.latitude)) {
        const g = globalTiltedPlane(w, { tilt: 20 });
        expect([f, Number.isFinite(g.annual)]).toEqual([f, true]);
      }
    }
    expect(n).toBeGreaterThanOrEqual(24);
  }, 120_000);
});
