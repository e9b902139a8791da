import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { parseWeather } from '@sunfield/engine/weather/parseWeather.ts';
import { attachStagedColumns, stageColumns, storeWeather } from '../../src/models/weather.ts';
import { call, describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';
import { dataFile, importWeather } from './weatherHelpers.ts';

/**
 * Series are staged as `weather_columns` rows of no weather (large ones written in pieces to
 * `weather_column_uploads` first) outside any transaction, and attached by a short one that only
 * sets their weather (models/weather.ts `stageColumns`, issue 15: a 50 MB upload held every request
 * of the embedded database for seconds). The stage must end empty whether the store succeeds or
 * fails, and a failed store must leave nothing behind.
 */
describeEachDatabase('weather column staging', (ctx) => {
  const staged = async (): Promise<number> => {
    const { rows } = await ctx().database.executeSql(
      `select (select count(*) from weather_column_uploads)
            + (select count(*) from weather_columns where staged_token is not null)::int as n`,
    );
    return Number(rows[0]?.n);
  };

  /** The chunk ids in the out-of-line storage of `weather_columns`, sorted. */
  const toastChunks = async (): Promise<number[]> => {
    const { rows: rel } = await ctx().database.executeSql(
      `select t.relname from pg_class c join pg_class t on t.oid = c.reltoastrelid
        where c.relname = 'weather_columns'`,
    );
    const { rows } = await ctx().database.executeSql(
      `select distinct chunk_id::text::bigint as id from pg_toast.${String(rel[0]!.relname)} order by 1`,
    );
    return rows.map((r) => Number(r.id));
  };

  it('attaches staged columns without writing their bytes again', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    const { id } = await importWeather(app, user.token, '723170TYA.CSV', dataFile('723170TYA.CSV'));
    // 3 MB: written in three pieces and joined; 8 kB: written whole. Both staged out of line.
    const large = Buffer.alloc(3 * 1024 * 1024 + 5);
    for (let i = 0; i < large.length; i++) large[i] = (i * 7919) % 251;
    const small = crypto.randomBytes(8192);
    const token = await stageColumns(database.db, [
      { name: 'test_large', dtype: 'f32', values: large },
      { name: 'test_small', dtype: 'f32', values: small },
    ]);
    expect(await staged()).toBe(2);
    const before = await toastChunks();
    await database.db.transaction((tx) => attachStagedColumns(tx, token, id));
    expect(await toastChunks()).toEqual(before);
    expect(await staged()).toBe(0);
    const { rows } = await database.executeSql(
      `select name, md5("values") as md5 from weather_columns
        where weather_id = $1 and name like 'test_%' order by name`,
      [id],
    );
    expect(rows).toEqual([
      { name: 'test_large', md5: crypto.createHash('md5').update(large).digest('hex') },
      { name: 'test_small', md5: crypto.createHash('md5').update(small).digest('hex') },
    ]);

    // A staged column takes the place of the weather's column of the same name (a shifted time axis).
    const replacement = crypto.randomBytes(4096);
    const again = await stageColumns(database.db, [
      { name: 'test_small', dtype: 'f32', values: replacement },
    ]);
    await database.db.transaction((tx) => attachStagedColumns(tx, again, id));
    const { rows: after } = await database.executeSql(
      `select md5("values") as md5 from weather_columns where weather_id = $1 and name = 'test_small'`,
      [id],
    );
    expect(after).toEqual([{ md5: crypto.createHash('md5').update(replacement).digest('hex') }]);
  });

  it('leaves the stage empty after an import, with every series in place', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    const { id } = await importWeather(app, user.token, '723170TYA.CSV', dataFile('723170TYA.CSV'));
    const { rows } = await database.executeSql(
      'select name, length("values")::int as bytes from weather_columns where weather_id = $1 order by name',
      [id],
    );
    expect(rows.find((r) => r.name === 'ghi')?.bytes).toBe(8760 * 4);
    expect(rows.find((r) => r.name === 'time')?.bytes).toBe(8760 * 8);
    expect(await staged()).toBe(0);
  });

  it('clones a weather through the stage: the same series, nothing left staged', async () => {
    const { app, database } = ctx();
    const user = await createCompanyUser(app);
    const { id } = await importWeather(app, user.token, '723170TYA.CSV', dataFile('723170TYA.CSV'));
    const clone = await call(app, { method: 'POST', url: `/api/Weather/${id}/Clone`, token: user.token });
    expect(clone.statusCode, clone.body).toBe(200);
    const copyId = (clone.json() as { id: number }).id;
    const digest = async (weatherId: number) =>
      (
        await database.executeSql(
          `select name, md5("values") as md5 from weather_columns where weather_id = $1 order by name`,
          [weatherId],
        )
      ).rows;
    expect(copyId).not.toBe(id);
    expect((await digest(copyId)).length).toBeGreaterThan(5);
    expect(await digest(copyId)).toEqual(await digest(id));
    expect(await staged()).toBe(0);
  });

  it('stores nothing and leaves the stage empty when the row cannot be stored', async () => {
    const { database } = ctx();
    const data = parseWeather(dataFile('723170TYA.CSV').toString('utf8'));
    const name = `Orphan ${crypto.randomBytes(4).toString('hex')}`;
    await expect(
      storeWeather(database.db, {
        companyId: crypto.randomUUID(), // no such company: the row's foreign key refuses it
        ownerId: null,
        status: 1,
        name,
        source: 'test',
        dataProvider: null,
        data,
      }),
    ).rejects.toThrow();
    expect(await staged()).toBe(0);
    const { rows } = await database.executeSql('select count(*)::int as n from weathers where name = $1', [
      name,
    ]);
    expect(rows[0]?.n).toBe(0);
  });
  it('stores series and report files uncompressed (migration 0011)', async () => {
    // pglz on an 8 MB time axis held the embedded database about a second, for a 1.8x gain.
    const { rows } = await ctx().database.executeSql(
      `select c.relname as "table", a.attname as "column", a.attstorage as storage
         from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relname in ('weather_columns', 'weather_column_uploads', 'prediction_result_series',
                            'prediction_reports')
          and a.attname in ('values', 'bytes')
        order by 1`,
    );
    expect(rows).toEqual([
      { table: 'prediction_reports', column: 'bytes', storage: 'e' },
      { table: 'prediction_result_series', column: 'values', storage: 'e' },
      { table: 'weather_column_uploads', column: 'values', storage: 'e' },
      { table: 'weather_columns', column: 'values', storage: 'e' },
    ]);
  });
});
