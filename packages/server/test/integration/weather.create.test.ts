/**
 * POST /Weather and PUT /Weather/{id} with `weatherDetails` as JSON: the payload of the SDK's
 * example_usage/upload_weather_data.py (a 3–4 MB year) saves under the route's 64 MB body limit
 * while other routes keep 2 MB; the series read back; validation; the caller's company only; and the
 * search answer the SDK's change_weather_file.py reads.
 */
import { expect, it } from 'vitest';
import { WEATHER_FIELDS } from '@sunfield/domain/api/specFields.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';
import { hourlyYears, remotePoint, sdkCamel, sdkWeatherDetails } from './weatherDetailsHelpers.ts';

/** What upload_weather_data.py sends: Weather.__dict__ through convert_json(…, snake_to_camel). */
function sdkPayload(geo: {
  location: Record<string, unknown>;
  elevation: number;
  timeZone: number;
}): Record<string, unknown> {
  const details = sdkWeatherDetails();
  const weatherDetails = details.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [sdkCamel(k), v])),
  );
  const values = (key: string) => details.map((r) => r[key] as number);
  const sum = (key: string) => Math.round((values(key).reduce((a, b) => a + b, 0) / 1000) * 100) / 100;
  const avg = (key: string) =>
    Math.round((values(key).reduce((a, b) => a + b, 0) / details.length) * 100) / 100;
  return {
    // PlantPredictEntity.__init__ attributes travel too.
    createUrlSuffix: '/Weather',
    deleteUrlSuffix: null,
    getUrlSuffix: null,
    updateUrlSuffix: null,
    name: 'Python SDK Test Weather',
    latitude: 35.0,
    longitude: -119.0,
    country: geo.location.country,
    countryCode: geo.location.countryCode,
    dataProvider: 4, // METEONORM
    weatherDetails,
    elevation: geo.elevation,
    locality: geo.location.locality,
    region: geo.location.region,
    stateProvince: geo.location.stateProvince,
    stateProvinceCode: geo.location.stateProvinceCode,
    timeZone: geo.timeZone,
    status: 1, // DRAFT_PRIVATE
    dataType: 3, // MEASURED
    pLevel: 3, // P95
    timeInterval: 60,
    globalHorizontalIrradianceSum: sum('global_horizontal_irradiance'),
    diffuseHorizontalIrradianceSum: sum('diffuse_horizontal_irradiance'),
    directNormalIrradianceSum: sum('direct_normal_irradiance'),
    averageAirTemperature: avg('temperature'),
    averageRelativeHumidity: avg('relative_humidity'),
    averageWindSpeed: avg('windspeed'),
    maxAirTemperature: Math.max(...values('temperature')),
  };
}

describeEachDatabase('weather from JSON records', (ctx) => {
  it("saves upload_weather_data.py's payload (a 3–4 MB year) and reads it back", async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    // The script's Geo calls: location, and the time zone as the number it assigns.
    const location = (
      await call(app, { method: 'GET', url: '/api/Geo/35.0/-119.0/Location', token: user.token })
    ).json() as Record<string, unknown>;
    const zone = (
      await call(app, { method: 'GET', url: '/api/Geo/35.0/-119.0/TimeZone', token: user.token })
    ).json() as { timeZone: number };
    expect(zone.timeZone).toBe(-8);
    // Its get_elevation needs a weather file near the site: a first upload provides one.
    const first = sdkPayload({ location, elevation: 87.5, timeZone: zone.timeZone });
    const body = JSON.stringify(first);
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
    const created = await call(app, {
      method: 'POST',
      url: '/api/Weather',
      token: user.token,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: number };
    expect(id).toEqual(expect.any(Number));
    const elevation = (
      await call(app, { method: 'GET', url: '/api/Geo/35.0/-119.0/Elevation', token: user.token })
    ).json() as { elevation: number };
    expect(elevation.elevation).toBe(87.5);

    const weather = (
      await call(app, { method: 'GET', url: `/api/Weather/${id}`, token: user.token })
    ).json() as Record<string, unknown>;
    for (const field of WEATHER_FIELDS) expect(weather).toHaveProperty(field);
    expect(weather).toMatchObject({
      name: 'Python SDK Test Weather',
      latitude: 35,
      longitude: -119,
      elevation: 87.5,
      timeZone: -8,
      dataProvider: 4,
      status: 1,
      dataType: 3,
      pLevel: 3,
      timeInterval: 60,
      rowCount: 8760,
      country: location.country,
      countryCode: location.countryCode,
      // The year runs 00:00 … 23:00: interval-begin stamps.
      timestampDefinition: 2,
      weatherDetails: null,
      companyId: user.companyId,
      ownerId: user.userId,
    });
    // Sums and averages are computed from the series; they agree with the script's.
    const ratio = (key: string) => (weather[key] as number) / (first[key] as number);
    expect(Math.abs(ratio('globalHorizontalIrradianceSum') - 1)).toBeLessThan(0.002);
    expect(Math.abs(ratio('directNormalIrradianceSum') - 1)).toBeLessThan(0.002);
    expect(weather.averageAirTemperature).toBeCloseTo(first.averageAirTemperature as number, 1);
    expect(weather.maxAirTemperature).toBeCloseTo(first.maxAirTemperature as number, 2);

    const page = (
      await call(app, { method: 'GET', url: `/api/Weather/${id}/Detail?limit=2`, token: user.token })
    ).json() as { weatherDetails: Record<string, unknown>[]; total: number };
    expect(page.total).toBe(8760);
    expect(page.weatherDetails[0]).toMatchObject({
      timeStamp: '2005-01-01T00:00:00',
      temperature: 3.27,
      pressure: 990.45,
      windspeed: 2.9,
      relativeHumidity: 73.48,
      windDirection: 218.1,
    });

    // change_weather_file.py: search (radius in miles), filter by data_provider, pick by created_date.
    const found = (
      await call(app, {
        method: 'GET',
        url: '/api/Weather/Search?latitude=35.0&longitude=-119.0&searchRadius=5',
        token: user.token,
      })
    ).json() as { id: number; dataProvider: number; createdDate: string; distance: number }[];
    const hit = found.find((w) => w.id === id)!;
    expect(hit).toMatchObject({ dataProvider: 4, distance: 0 });
    expect(Number.isNaN(Date.parse(hit.createdDate))).toBe(false);
  });

  it('keeps the 2 MB limit on other routes', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const big = JSON.stringify({ name: 'Big', description: 'x'.repeat(3 * 1024 * 1024) });
    const res = await call(app, {
      method: 'POST',
      url: '/api/Module',
      token: user.token,
      headers: { 'content-type': 'application/json' },
      payload: big,
    });
    expect(res.statusCode).toBe(413);
  });

  it('replaces the series with PUT, validates the records, and stays in the company', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const stranger = await createCompanyUser(app);
    const site = remotePoint();
    const details = hourlyYears([2021], (_y, h) => (h % 24) - 5);
    const created = await call(app, {
      method: 'POST',
      url: '/api/Weather',
      token: user.token,
      payload: { name: 'Records', ...site, timeZone: -9, weatherDetails: details },
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: number };
    const before = (
      await call(app, { method: 'GET', url: `/api/Weather/${id}`, token: user.token })
    ).json() as Record<string, number>;
    expect(before.averageAirTemperature).toBeCloseTo(6.5, 6);
    expect(before.timeZone).toBe(-9);

    // The SDK's get → update round trip: the whole object back, weatherDetails null, changes nothing.
    const same = await call(app, {
      method: 'PUT',
      url: `/api/Weather/${id}`,
      token: user.token,
      payload: { ...before, name: 'Records (renamed)', locality: 'Open sea', pLevel: 2 },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({
      name: 'Records (renamed)',
      averageAirTemperature: 6.5,
      locality: 'Open sea',
      pLevel: 2,
    });

    const warmer = details.map((d) => ({ ...d, temperature: d.temperature + 10 }));
    const put = await call(app, {
      method: 'PUT',
      url: `/api/Weather/${id}`,
      token: user.token,
      payload: { weatherDetails: warmer, locality: 'Ocean' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ averageAirTemperature: 16.5, locality: 'Ocean', rowCount: 8760 });

    const bad = await call(app, {
      method: 'POST',
      url: '/api/Weather',
      token: user.token,
      payload: {
        latitude: 95,
        longitude: site.longitude,
        weatherDetails: [{ timeStamp: '2021-01-01T00:00:00', temperature: 'hot' }],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { modelState: object }).modelState).sort()).toEqual([
      'latitude',
      'name',
      'weatherDetails.0.temperature',
    ]);
    const badStamp = await call(app, {
      method: 'POST',
      url: '/api/Weather',
      token: user.token,
      payload: { name: 'X', ...site, weatherDetails: [...details.slice(0, 3), { timeStamp: 'noon' }] },
    });
    expect(badStamp.statusCode).toBe(400);
    expect(badStamp.json()).toMatchObject({
      message: 'weatherDetails[3].timeStamp is not a date-time',
      modelState: { weatherDetails: ['weatherDetails[3].timeStamp is not a date-time'] },
    });
    const empty = await call(app, {
      method: 'POST',
      url: '/api/Weather',
      token: user.token,
      payload: { name: 'X', ...site, weatherDetails: [] },
    });
    expect(Object.keys((empty.json() as { modelState: object }).modelState)).toEqual(['weatherDetails']);
    const global = await call(app, {
      method: 'POST',
      url: '/api/Weather',
      token: user.token,
      payload: { name: 'X', ...site, status: 5, weatherDetails: details.slice(0, 24) },
    });
    expect(global.statusCode).toBe(400);
    expect(Object.keys((global.json() as { modelState: object }).modelState)).toEqual(['status']);

    // Another company: not found, whether reading or replacing the records.
    expect(
      (await call(app, { method: 'GET', url: `/api/Weather/${id}`, token: stranger.token })).statusCode,
    ).toBe(404);
    const theirs = await call(app, {
      method: 'PUT',
      url: `/api/Weather/${id}`,
      token: stranger.token,
      payload: { weatherDetails: details },
    });
    expect(theirs.statusCode).toBe(404);
    const after = (
      await call(app, { method: 'GET', url: `/api/Weather/${id}`, token: user.token })
    ).json() as Record<string, number>;
    expect(after.averageAirTemperature).toBe(16.5);
    expect(
      (await call(app, { method: 'POST', url: '/api/Weather', payload: { name: 'X' } })).statusCode,
    ).toBe(401);
  });
});
