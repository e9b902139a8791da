/**
 * Library search ignores case, spaces and punctuation (issue 16): "SC4000" finds "SC 4000 UP",
 * "longi 540" finds "LONGi Green Energy LR5-72HPH-540M", a prefix such as "LR5-72" matches, and the
 * trigram index still serves the query. On PGlite and on PostgreSQL (describeEachDatabase).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { insertGlobal, tag } from './moduleHelpers.ts';
import { createCompanyUser } from './projectFactory.ts';

interface Overview {
  items: { id: number; name: string }[];
  total: number;
}

describeEachDatabase('library search', (ctx) => {
  it('finds modules and inverters by token and prefix, whatever the spaces, punctuation and case', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    // A unique word keeps the rows of this run apart from the seeded library and other runs.
    const word = tag('Find');
    const longi = await insertGlobal(app, 'module', {
      name: `LONGi Green Energy LR5-72HPH-540M ${word}`,
      manufacturer: 'LONGi Green Energy Technology Co., Ltd.',
      model: 'LR5-72HPH-540M',
      data: { stcMaxPower: 540 },
    });
    const jinko = await insertGlobal(app, 'module', {
      name: `Jinko Solar JKM545M-72HL4-V ${word}`,
      manufacturer: 'Jinko Solar Co., Ltd',
      model: 'JKM545M-72HL4-V',
      data: { stcMaxPower: 545 },
    });
    const sc4000 = await insertGlobal(app, 'inverter', {
      name: `SMA America: SC 4000 UP [600V] ${word}`,
      manufacturer: 'SMA America',
      model: 'SC 4000 UP [600V]',
      data: { powerRated: 4000 },
    });
    const sb = await insertGlobal(app, 'inverter', {
      name: `SMA America: SB7.7-1SP-US-40 [240V] ${word}`,
      manufacturer: 'SMA America',
      model: 'SB7.7-1SP-US-40 [240V]',
      data: { powerRated: 7.7 },
    });

    const ids = async (kind: 'Module' | 'Inverter', search: string): Promise<number[]> => {
      const res = await call(app, {
        method: 'GET',
        url: `/api/${kind}/${kind}Overview?search=${encodeURIComponent(`${search} ${word}`)}&pageSize=100`,
        token: user.token,
      });
      expect(res.statusCode, search).toBe(200);
      return (res.json() as Overview).items.map((item) => item.id).sort((a, b) => a - b);
    };

    expect(await ids('Inverter', 'SC4000')).toEqual([sc4000]);
    expect(await ids('Inverter', 'sc-4000 up')).toEqual([sc4000]);
    expect(await ids('Inverter', 'sc 4000up')).toEqual([sc4000]);
    expect(await ids('Inverter', 'SB7.7')).toEqual([sb]);
    expect(await ids('Inverter', 'sb77')).toEqual([sb]);
    expect(await ids('Inverter', 'sma')).toEqual([sc4000, sb].sort((a, b) => a - b));
    expect(await ids('Module', 'longi 540')).toEqual([longi]);
    expect(await ids('Module', 'LR5-72')).toEqual([longi]);
    expect(await ids('Module', 'lr572hph')).toEqual([longi]);
    expect(await ids('Module', '72')).toEqual([longi, jinko].sort((a, b) => a - b));
    expect(await ids('Module', 'JKM 545')).toEqual([jinko]);
    expect(await ids('Module', 'longi jinko')).toEqual([]);
    // Punctuation on its own is no word, and LIKE's wildcards are no wildcards: they are ignored.
    expect(await ids('Module', '% _ \\ -')).toEqual([longi, jinko].sort((a, b) => a - b));
    expect(await ids('Module', 'LR5%540')).toEqual([]);
  });

  it('keeps the search text compacted on write and answers a search from the trigram index', async () => {
    const { app } = ctx();
    const word = tag('Idx');
    const id = await insertGlobal(app, 'inverter', {
      name: `ABB: PVI-5000-OUTD-US (208V) ${word}`,
      manufacturer: 'ABB',
      model: 'PVI-5000-OUTD-US (208V)',
    });
    const { rows } = await app.services.database.executeSql(
      `select search_text from inverters where id = ${id}`,
    );
    expect(rows[0]).toEqual({ search_text: `abbpvi5000outdus208vabbpvi5000outdus208v${word.toLowerCase()}` });

    // The planner is told to avoid a sequential scan (the test table is small): a LIKE on the
    // compacted column must then be answerable from the trigram index, as the list's query is.
    const plan = await app.services.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from inverters where search_text like lower(${'%PVI5000%'})`,
      );
      // Both drivers answer with `rows` (PGlite's Results, node-postgres' QueryResult).
      return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    });
    expect(plan).toContain('inverters_search_trgm');
  });
});
