import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { parseWeather } from '@sunfield/engine/weather/parseWeather.ts';
import { storeWeather } from '../../src/models/weather.ts';
import { describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';
import { dataFile, importWeather } from './weatherHelpers.ts';

/**
 * Series are staged in `weather_column_uploads` outside any transaction and copied into place by a
 * short one (models/weather.ts `stageColumns`, issue 15: a 50 MB upload held every request of the
 * embedded database for seconds). The stage must end empty whether the store succeeds or fails, and
 * a failed store must leave nothing behind.
 */
describeEachDatabase('weather column staging', (ctx) => {
  const staged = async (): Promise<number> => {
    const { rows } = await ctx().database.executeSql('select count(*)::int as n from weather_column_uploads');
    return Number(rows[0]?.n);
  };

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
