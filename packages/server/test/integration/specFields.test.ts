/**
 * GET answers carry every spec 3 field, null where unset (the SDK reads them as attributes, e.g.
 * `module.default_orientation`): Module (106), Inverter (31) and Weather (76), their extra fields
 * kept; what a GET answers can be PUT back unchanged; another company still gets 404.
 */
import { expect, it } from 'vitest';
import { INVERTER_FIELDS, MODULE_FIELDS, WEATHER_FIELDS } from '@sunfield/domain/api/specFields.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';
import { hourlyYears, remotePoint } from './weatherDetailsHelpers.ts';

const missing = (body: Record<string, unknown>, fields: readonly string[]) =>
  fields.filter((field) => !(field in body));

describeEachDatabase('spec 3 fields in GET answers', (ctx) => {
  it.each([
    ['Module', MODULE_FIELDS],
    ['Inverter', INVERTER_FIELDS],
  ] as const)('%s: every spec 3 field, null where unset; GET then PUT round-trips', async (kind, fields) => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const stranger = await createCompanyUser(app);
    const created = await call(app, {
      method: 'POST',
      url: `/api/${kind}`,
      token: user.token,
      payload: { name: `Spec fields ${kind}` },
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json() as { id: number };
    const res = await call(app, { method: 'GET', url: `/api/${kind}/${id}`, token: user.token });
    const body = res.json() as Record<string, unknown>;
    expect(missing(body, fields)).toEqual([]);
    // Unset fields are null, not absent; the extras of the API stay.
    expect(body.description).toBeNull();
    expect(body.company).toBeNull();
    expect(body).toMatchObject({ id, name: `Spec fields ${kind}`, isReadOnly: false, canDelete: true });
    expect(typeof body.ownerName).toBe('string');
    if (kind === 'Module') expect('defaultOrientation' in body).toBe(true);

    const put = await call(app, {
      method: 'PUT',
      url: `/api/${kind}/${id}`,
      token: user.token,
      payload: body,
    });
    expect(put.statusCode).toBe(200);
    const again = put.json() as Record<string, unknown>;
    expect(missing(again, fields)).toEqual([]);
    for (const field of fields) {
      if (field !== 'lastModified') expect(again[field], field).toEqual(body[field]);
    }

    expect(
      (await call(app, { method: 'GET', url: `/api/${kind}/${id}`, token: stranger.token })).statusCode,
    ).toBe(404);
  });

  it('Weather: every spec 3 field (weatherDetails null), the summary and flags kept', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const stranger = await createCompanyUser(app);
    const created = await call(app, {
      method: 'POST',
      url: '/api/Weather',
      token: user.token,
      payload: {
        name: 'Spec fields weather',
        ...remotePoint(),
        timeZone: -9,
        weatherDetails: hourlyYears([2022], () => 12),
      },
    });
    const { id } = created.json() as { id: number };
    const body = (
      await call(app, { method: 'GET', url: `/api/Weather/${id}`, token: user.token })
    ).json() as Record<string, unknown>;
    expect(missing(body, WEATHER_FIELDS)).toEqual([]);
    expect(Object.keys(body).slice(0, WEATHER_FIELDS.length)).toEqual([...WEATHER_FIELDS]);
    expect(body).toMatchObject({
      weatherDetails: null,
      location: null,
      distance: null,
      isReadOnly: false,
      canDelete: true,
      rowCount: 8760,
    });
    expect(body.summary).toEqual(expect.any(Object));
    expect(
      (await call(app, { method: 'GET', url: `/api/Weather/${id}`, token: stranger.token })).statusCode,
    ).toBe(404);
  });
});
