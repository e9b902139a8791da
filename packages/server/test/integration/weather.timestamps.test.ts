/**
 * The per-file override of what a weather's time stamps mark (issue 17): PUT /Weather/{id} with a
 * `timestampDefinition` (1 end, 2 begin, 3 middle, 4 instantaneous) changes the definition the
 * runs use, `timestampDefinitionOriginal` keeps the reader's, and the stored stamps stay.
 */
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';
import { dataFile, importWeather } from './weatherHelpers.ts';

describeEachDatabase('weather timestamp definition', (ctx) => {
  it('an NSRDB PSM3 file is read as instantaneous; the user overrides it and can go back', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const file = 'test_psm3_2019_5min.csv';
    const { id, parsed } = await importWeather(app, user.token, file, dataFile(file), {
      latitude: 40.53,
      longitude: -108.54,
      elevation: 2168,
    });
    expect(parsed.weatherFileInfo.timestampDefinition).toBe(4);
    const get = async () =>
      (await call(app, { method: 'GET', url: `/api/Weather/${id}`, token: user.token })).json() as Record<
        string,
        unknown
      >;
    const before = await get();
    expect([before.timestampDefinition, before.timestampDefinitionOriginal]).toEqual([4, 4]);

    const put = (timestampDefinition: unknown) =>
      call(app, {
        method: 'PUT',
        url: `/api/Weather/${id}`,
        token: user.token,
        payload: { timestampDefinition },
      });
    const res = await put(2);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { timestampDefinition: number }).timestampDefinition).toBe(2);
    const after = await get();
    expect([after.timestampDefinition, after.timestampDefinitionOriginal]).toEqual([2, 4]);
    // The stamps stay: same first and last stamp, same count.
    expect([after.startDate, after.endDate, after.rowCount]).toEqual([
      before.startDate,
      before.endDate,
      before.rowCount,
    ]);

    expect((await put(5)).statusCode).toBe(400);
    expect((await put('begin')).statusCode).toBe(400);
    expect((await put(4)).statusCode).toBe(200);
    const back = await get();
    expect([back.timestampDefinition, back.timestampDefinitionOriginal]).toEqual([4, 4]);
  });

  it("another company's weather cannot be overridden", async () => {
    const { app } = ctx();
    const owner = await createCompanyUser(app);
    const other = await createCompanyUser(app);
    const file = 'test_psm3_2019_5min.csv';
    const { id } = await importWeather(app, owner.token, file, dataFile(file), {
      latitude: 40.53,
      longitude: -108.54,
      elevation: 2168,
    });
    const res = await call(app, {
      method: 'PUT',
      url: `/api/Weather/${id}`,
      token: other.token,
      payload: { timestampDefinition: 2 },
    });
    expect([403, 404]).toContain(res.statusCode);
    const w = (
      await call(app, { method: 'GET', url: `/api/Weather/${id}`, token: owner.token })
    ).json() as Record<string, unknown>;
    expect(w.timestampDefinition).toBe(4);
  });
});
