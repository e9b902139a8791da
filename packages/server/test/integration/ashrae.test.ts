/**
 * Site design temperatures (GET /ASHRAE, /ASHRAE/GetStation) derived from the weather library, and
 * the Geo elevation and time zone the SDK reads: values against a direct computation from the
 * uploaded temperatures, the 12 spec 3 Ashrae fields, 404 text when nothing lies within the radius,
 * and another company's private weather never used.
 */
import { expect, it } from 'vitest';
import { ASHRAE_FIELDS } from '@sunfield/domain/api/specFields.ts';
import { haversineDistanceKm } from '../../src/lib/geo.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser, type TestCompanyUser } from './projectFactory.ts';
import { dataFile, importWeather } from './weatherHelpers.ts';
import { hourlyYears, remotePoint, type DetailRecord } from './weatherDetailsHelpers.ts';
import type { FastifyInstance } from 'fastify';

/** Gumbel frequency factor for 50 years, written out: −(√6/π)(0.5772 + ln ln(50/49)). */
const F50 = -(Math.sqrt(6) / Math.PI) * (0.5772 + Math.log(Math.log(50 / 49)));

/** Type-7 percentile of an ascending list. */
function percentile(sorted: number[], q: number): number {
  const h = q * (sorted.length - 1);
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sampleSd = (xs: number[]) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};

/** Temperatures in quarter degrees (exact in the stored Float32). */
const quarter = (x: number) => Math.round(x * 4) / 4;

interface Ashrae {
  stationName: string;
  wmo: string | null;
  cool996: number;
  min50Year: number;
  max50Year: number;
  distance: number;
  latitude: number;
  longitude: number;
  minAnnualMeanDBTemp: number;
  version: number;
  elevation: number | null;
  timeZone: number | null;
  derived: boolean;
  weatherId: number;
  distanceKm: number;
  yearsOfRecord: number;
  typicalYear: boolean;
}

async function postWeather(
  app: FastifyInstance,
  user: TestCompanyUser,
  body: Record<string, unknown> & { weatherDetails: DetailRecord[] },
): Promise<number> {
  const res = await call(app, { method: 'POST', url: '/api/Weather', token: user.token, payload: body });
  if (res.statusCode !== 200) throw new Error(`POST /Weather: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

const near = (p: { latitude: number; longitude: number }, d = 0.1) => ({
  latitude: p.latitude + d,
  longitude: p.longitude + d,
});

describeEachDatabase('ASHRAE design temperatures and Geo', (ctx) => {
  it('derives cool996, the 50-year extremes and the annual mean minimum from a two-year file', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const site = remotePoint();
    const base: Record<number, number> = { 2019: 8, 2020: 11 };
    const details = hourlyYears([2019, 2020], (year, h) =>
      quarter(base[year]! + 15 * Math.sin((2 * Math.PI * h) / 8760) + 4 * Math.sin((2 * Math.PI * h) / 24)),
    );
    const name = `Design source ${site.latitude}`;
    const id = await postWeather(app, user, {
      name,
      ...site,
      elevation: 321.5,
      timeZone: -9,
      stationCode: 'TST123',
      weatherDetails: details,
    });

    const at = near(site);
    const res = await call(app, {
      method: 'GET',
      url: `/api/ASHRAE?latitude=${at.latitude}&longitude=${at.longitude}`,
      token: user.token,
    });
    expect(res.statusCode).toBe(200);
    const a = res.json() as Ashrae;
    for (const field of ASHRAE_FIELDS) expect(a).toHaveProperty(field);

    // Direct computation: the records are hourly, interval-begin, one calendar year each.
    const temps = details.map((d) => d.temperature);
    const byYear = [2019, 2020].map((y) =>
      details.filter((d) => d.timeStamp.startsWith(String(y))).map((d) => d.temperature),
    );
    const maxima = byYear.map((t) => Math.max(...t));
    const minima = byYear.map((t) => Math.min(...t));
    const close = (got: number, want: number) => expect(Math.abs(got - want)).toBeLessThanOrEqual(0.006);
    close(
      a.cool996,
      percentile(
        [...temps].sort((x, y) => x - y),
        0.996,
      ),
    );
    close(a.max50Year, mean(maxima) + sampleSd(maxima) * F50);
    close(a.min50Year, mean(minima) - sampleSd(minima) * F50);
    close(a.minAnnualMeanDBTemp, mean(minima));
    expect(a.yearsOfRecord).toBe(2);
    expect(a.max50Year).toBeGreaterThan(Math.max(...maxima));
    expect(a.min50Year).toBeLessThan(Math.min(...minima));

    expect(a.stationName).toBe(`Derived from weather: ${name}`);
    expect(a.wmo).toBe('TST123');
    expect(a.derived).toBe(true);
    expect(a.weatherId).toBe(id);
    expect([a.latitude, a.longitude]).toEqual([site.latitude, site.longitude]);
    expect(a.elevation).toBe(321.5);
    expect(a.timeZone).toBe(-9);
    expect(a.version).toBe(1);
    const km = haversineDistanceKm(at, site);
    expect(a.distanceKm).toBeCloseTo(km, 2);
    // The product's client divides ASHRAE distances by 1000 (spec 2 §9.2): metres.
    expect(Math.abs(a.distance - km * 1000)).toBeLessThan(1);

    // Version as enum id or edition year; anything else is a 400.
    const v2013 = await call(app, {
      method: 'GET',
      url: `/api/ASHRAE?Latitude=${at.latitude}&Longitude=${at.longitude}&Version=2013`,
      token: user.token,
    });
    expect((v2013.json() as Ashrae).version).toBe(0);
    const badVersion = await call(app, {
      method: 'GET',
      url: `/api/ASHRAE?latitude=${at.latitude}&longitude=${at.longitude}&version=7`,
      token: user.token,
    });
    expect(badVersion.statusCode).toBe(400);
    expect(Object.keys((badVersion.json() as { modelState: object }).modelState)).toEqual(['version']);

    // GetStation selects the source by name, with or without the derived prefix, at any distance.
    for (const stationName of [a.stationName, name]) {
      const station = await call(app, {
        method: 'GET',
        url: `/api/ASHRAE/GetStation?latitude=10&longitude=10&stationName=${encodeURIComponent(stationName)}`,
        token: user.token,
      });
      expect(station.statusCode).toBe(200);
      expect((station.json() as Ashrae).weatherId).toBe(id);
      expect((station.json() as Ashrae).cool996).toBe(a.cool996);
    }
    const unknown = await call(app, {
      method: 'GET',
      url: `/api/ASHRAE/GetStation?latitude=${at.latitude}&longitude=${at.longitude}&stationName=Nowhere%20${id}`,
      token: user.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/plain');
    expect(unknown.body).toContain(`Nowhere ${id}`);
    const noName = await call(app, {
      method: 'GET',
      url: `/api/ASHRAE/GetStation?latitude=${at.latitude}&longitude=${at.longitude}`,
      token: user.token,
    });
    expect(noName.statusCode).toBe(400);
    expect(Object.keys((noName.json() as { modelState: object }).modelState)).toEqual(['stationName']);
  });

  it('answers 404 text beyond the radius, and 400 for a bad point', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const site = remotePoint();
    await postWeather(app, user, {
      name: 'Radius test',
      ...site,
      timeZone: -9,
      weatherDetails: hourlyYears([2021], (_y, h) => quarter(10 + 10 * Math.sin(h / 500))),
    });
    // About 0.5° of latitude: 55 km, 34 miles.
    const at = { latitude: site.latitude + 0.5, longitude: site.longitude };
    const inside = await call(app, {
      method: 'GET',
      url: `/api/ASHRAE?latitude=${at.latitude}&longitude=${at.longitude}`,
      token: user.token,
    });
    expect(inside.statusCode).toBe(200);
    expect((inside.json() as Ashrae).yearsOfRecord).toBe(1);
    const outside = await call(app, {
      method: 'GET',
      url: `/api/ASHRAE?latitude=${at.latitude}&longitude=${at.longitude}&searchRadius=20`,
      token: user.token,
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.headers['content-type']).toContain('text/plain');
    expect(outside.body).toMatch(/^No weather file with a year of air temperatures lies within 20 miles of/);
    const bad = await call(app, {
      method: 'GET',
      url: '/api/ASHRAE?latitude=95&longitude=abc',
      token: user.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { modelState: object }).modelState).sort()).toEqual([
      'latitude',
      'longitude',
    ]);
    expect((await call(app, { method: 'GET', url: '/api/ASHRAE?latitude=1&longitude=1' })).statusCode).toBe(
      401,
    );
  });

  it("never uses another company's private weather, nor a short record", async () => {
    const { app } = ctx();
    const owner = await createCompanyUser(app);
    const stranger = await createCompanyUser(app);
    const site = remotePoint();
    const ownId = await postWeather(app, owner, {
      name: 'Owner weather',
      ...site,
      elevation: 50,
      timeZone: -9,
      weatherDetails: hourlyYears([2018], (_y, h) => quarter(5 + 20 * Math.sin(h / 700))),
    });
    // The stranger's own weather, nearer to the point than the owner's: the owner never sees it.
    const strangerId = await postWeather(app, stranger, {
      name: 'Stranger weather',
      latitude: site.latitude + 0.09,
      longitude: site.longitude + 0.09,
      elevation: 900,
      timeZone: -9,
      weatherDetails: hourlyYears([2018], () => 40),
    });
    // Three days of the owner's, nearest of all: too short to stand in for a station.
    await postWeather(app, owner, {
      name: 'Three days',
      latitude: site.latitude + 0.1,
      longitude: site.longitude + 0.1,
      timeZone: -9,
      weatherDetails: hourlyYears([2018], () => 60).slice(0, 72),
    });
    const at = near(site);
    const mine = (
      await call(app, {
        method: 'GET',
        url: `/api/ASHRAE?latitude=${at.latitude}&longitude=${at.longitude}`,
        token: owner.token,
      })
    ).json() as Ashrae;
    expect(mine.weatherId).toBe(ownId);
    const theirs = (
      await call(app, {
        method: 'GET',
        url: `/api/ASHRAE?latitude=${at.latitude}&longitude=${at.longitude}`,
        token: stranger.token,
      })
    ).json() as Ashrae;
    expect(theirs.weatherId).toBe(strangerId);
    expect(theirs.cool996).toBe(40);
    const byName = await call(app, {
      method: 'GET',
      url: `/api/ASHRAE/GetStation?latitude=${at.latitude}&longitude=${at.longitude}&stationName=Owner%20weather`,
      token: stranger.token,
    });
    expect(byName.statusCode).toBe(404);
    expect(byName.body).not.toContain(String(ownId));

    // Elevation: the nearest visible weather with one; the stranger's 900 m stays theirs.
    const elevation = await call(app, {
      method: 'GET',
      url: `/api/Geo/${at.latitude}/${at.longitude}/Elevation`,
      token: owner.token,
    });
    expect(elevation.statusCode).toBe(200);
    expect(elevation.json()).toMatchObject({
      elevation: 50,
      weatherId: ownId,
      source: 'Weather file: Owner weather',
    });
    expect((elevation.json() as { distanceKm: number }).distanceKm).toBeCloseTo(
      haversineDistanceKm(at, site),
      2,
    );
    const theirElevation = await call(app, {
      method: 'GET',
      url: `/api/Geo/${at.latitude}/${at.longitude}/Elevation`,
      token: stranger.token,
    });
    expect((theirElevation.json() as { elevation: number }).elevation).toBe(900);
    const far = await call(app, {
      method: 'GET',
      url: `/api/Geo/${at.latitude}/${at.longitude + 5}/Elevation`,
      token: owner.token,
    });
    expect(far.statusCode).toBe(404);
    expect(far.headers['content-type']).toContain('text/plain');
    expect(far.body).toMatch(/^No weather file with a known elevation lies within 50 miles of/);
    const badRadius = await call(app, {
      method: 'GET',
      url: `/api/Geo/${at.latitude}/${at.longitude}/Elevation?searchRadius=-1`,
      token: owner.token,
    });
    expect(badRadius.statusCode).toBe(400);
  });

  it('a typical year (TMY3 file): one sample, the 50-year values are its own extremes', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const name = `Greensboro TMY3 ${Date.now()}`;
    const { id } = await importWeather(app, user.token, '723170TYA.CSV', dataFile('723170TYA.CSV'), { name });
    const series = (
      await call(app, { method: 'GET', url: `/api/Weather/${id}/Series?keys=tempAir`, token: user.token })
    ).json() as { tempAir: (number | null)[] };
    const temps = series.tempAir.filter((t): t is number => t !== null).sort((x, y) => x - y);
    const res = await call(app, {
      method: 'GET',
      url: `/api/ASHRAE/GetStation?latitude=36&longitude=-80&stationName=${encodeURIComponent(name)}`,
      token: user.token,
    });
    expect(res.statusCode).toBe(200);
    const a = res.json() as Ashrae;
    expect(a.weatherId).toBe(id);
    expect(a.typicalYear).toBe(true);
    expect(a.yearsOfRecord).toBe(1);
    expect(a.wmo).toBe('723170');
    expect(a.max50Year).toBeCloseTo(temps[temps.length - 1]!, 2);
    expect(a.min50Year).toBeCloseTo(temps[0]!, 2);
    expect(a.minAnnualMeanDBTemp).toBe(a.min50Year);
    expect(Math.abs(a.cool996 - percentile(temps, 0.996))).toBeLessThanOrEqual(0.006);
    // Greensboro's ASHRAE 0.4 % cooling dry-bulb is about 33 °C; a typical year lands near it.
    expect(a.cool996).toBeGreaterThan(30);
    expect(a.cool996).toBeLessThan(36);
  });

  it('time zone: the number of hours the SDK reads, with the IANA name beside it', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const zone = await call(app, {
      method: 'GET',
      url: '/api/Geo/39.7392/-104.9903/TimeZone',
      token: user.token,
    });
    expect(zone.json()).toEqual({
      timeZone: -7,
      timeZoneName: 'America/Denver',
      standardOffsetFromUTC: -7,
    });
    const india = await call(app, { method: 'GET', url: '/api/Geo/28.6/77.2/Timezone', token: user.token });
    expect((india.json() as { timeZone: number }).timeZone).toBe(5.5);
  });
});
