/**
 * The one-message query path of the embedded database (db/pgliteQuery.ts, issue 18) answers exactly
 * what PGlite's own `query` answers: the same rows (array and object rows, Drizzle's parsers and
 * PGlite's: json, dates, booleans, bigint, arrays, nulls), the same fields, counts and errors, the
 * same parameter serialization (booleans given as text, dates, json), notifications delivered, and
 * it keeps out of another caller's transaction.
 */
import { PGlite, types, type QueryOptions, type Results } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastQuery, withFastQuery } from '../../src/db/pgliteQuery.ts';

let client: PGlite;
let fast: ReturnType<typeof fastQuery>;

beforeAll(async () => {
  client = await PGlite.create();
  fast = fastQuery(client);
  await client.exec(`
    create table things (
      id serial primary key, name text not null unique, flag boolean, big bigint, at timestamptz,
      day date, doc jsonb, tags text[], n numeric, ratio double precision
    );
    insert into things (name, flag, big, at, day, doc, tags, n, ratio) values
      ('a', true, 9007199254740993, '2026-01-02T03:04:05.678Z', '2026-01-02', '{"x":[1,2]}', '{p,q}', 1.5, 0.25),
      ('b', null, 7, null, null, null, null, null, null);
  `);
});
afterAll(async () => {
  await client.close();
});

const drizzleLike: QueryOptions = {
  rowMode: 'array',
  parsers: { [types.TIMESTAMPTZ]: (v: string) => v, [types.DATE]: (v: string) => v },
};

async function both<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
  const plain = await client.query<T>(text, params, options);
  // Twice: the first run describes the statement, the second uses the remembered parameter types.
  const first = await fast.query<T>(text, params, options);
  const second = await fast.query<T>(text, params, options);
  return { plain, first, second };
}

const same = ({ plain, first, second }: Record<'plain' | 'first' | 'second', Results<unknown>>) => {
  expect(first).toEqual(plain);
  expect(second).toEqual(plain);
};

describe('the one-message query path', () => {
  it('answers the rows, fields and counts PGlite answers', async () => {
    same(await both('select * from things order by id'));
    same(await both('select * from things where id = $1', [1], drizzleLike));
    same(await both('select * from things where name = $1 and flag = $2', ['a', 'true']));
    same(await both('select * from things where id = $1', [999]));
    same(await both('select $1::jsonb as doc, $2::timestamptz as at', ['{"y":1}', new Date(0)], drizzleLike));
    same(await both('select $1::jsonb as doc', [{ nested: [1, 'two'] }]));
    same(await both('select $1::text[] as tags', [['x', 'y "z"']]));
    same(await both('select $1::int + $2::int as sum, $3::boolean as b', [2, 3, 0]));
    const updated = await both(`update things set ratio = ratio where id = any($1::int[])`, [[1, 2]]);
    same(updated);
    expect(updated.second.affectedRows).toBe(2);
    same(await both('create temporary table if not exists scratch (x int)'));
  });

  it('keeps a prepared query parsed (the same options object again), and parses it again after a change', async () => {
    const prepared: QueryOptions = { rowMode: 'array' };
    const text = 'select name, ratio from things where id = $1';
    const plain = await client.query(text, [1], prepared);
    for (let i = 0; i < 8; i++) expect(await fast.query(text, [1], prepared)).toEqual(plain);
    const named = await client.query<{ name: string }>(
      `select name from pg_prepared_statements where statement = $1`,
      [text],
    );
    expect(named.rows).toHaveLength(1);
    // A change of the table's columns makes the kept statement stale: one error, then parsed again.
    await client.exec(`alter table things add column extra int`);
    await fast.query(text, [1], prepared).catch((e: { code: string }) => expect(e.code).toBe('0A000'));
    expect(await fast.query(text, [2], prepared)).toEqual(await client.query(text, [2], prepared));
    await client.exec(`alter table things drop column extra`);
  });

  it('throws the errors PGlite throws, and the connection is usable after them', async () => {
    const errorOf = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: unknown) => e as { message: string; code: string; query: string; params: unknown[] },
      );
    for (const [text, params] of [
      [`insert into things (name) values ($1)`, ['a']],
      ['select * from nowhere where id = $1', [1]],
      ['select $1::int', ['not a number']],
      ['selec 1', []],
    ] as const) {
      const plain = await errorOf(client.query(text, [...params]));
      const ours = await errorOf(fast.query(text, [...params], undefined));
      expect(plain).toBeDefined();
      expect(ours).toMatchObject({
        message: plain!.message,
        code: plain!.code,
        query: text,
        params: [...params],
      });
    }
    await expect(errorOf(fast.query('select $1::boolean', ['maybe'], undefined))).resolves.toBeInstanceOf(
      Error,
    );
    expect(
      (await fast.query<{ n: number }>('select count(*)::int as n from things', [], undefined)).rows,
    ).toEqual([{ n: 2 }]);
  });

  it('delivers notifications and keeps out of another caller’s transaction', async () => {
    const heard: string[] = [];
    await client.listen('h5_channel', (payload) => heard.push(payload));
    await fast.query(`select pg_notify('h5_channel', $1)`, ['hello'], undefined);
    expect(heard).toEqual(['hello']);

    const db = withFastQuery(client);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = db.transaction(async (tx) => {
      await tx.query(`update things set ratio = 9 where id = $1`, [2]);
      await held;
      await tx.query(`update things set ratio = 0.5 where id = $1`, [2]);
    });
    // Outside the transaction: waits for its commit, so it never sees the 9.
    const outside = db.query<{ ratio: number }>(`select ratio from things where id = $1`, [2]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await inside;
    expect((await outside).rows).toEqual([{ ratio: 0.5 }]);

    // A failed statement in a transaction rolls it back.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`update things set ratio = 7 where id = $1`, [2]);
        await tx.query(`insert into things (name) values ($1)`, ['a']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query<{ ratio: number }>(`select ratio from things where id = $1`, [2])).rows).toEqual([
      { ratio: 0.5 },
    ]);
  });
});
