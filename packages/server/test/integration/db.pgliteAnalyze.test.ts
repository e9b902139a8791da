/**
 * The embedded database gathers planner statistics itself (PGlite has no autovacuum; issue 18): after
 * `analyzePeriodically` runs, the planner knows a company's project count and reads a page of its
 * project list by the last-modified index instead of hashing every project. It analyzes one table a
 * statement, so that other requests run between them (issue 15: one ANALYZE held the connection ~1 s).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import path from 'node:path';
import { expect, it } from 'vitest';
import { analyzePeriodically } from '../../src/db/index.ts';

it('analyzes the embedded database on its own, and the project list then reads by the index', async () => {
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder: path.resolve(import.meta.dirname, '../../drizzle') });
    const company = (
      await client.query<{ id: string }>(`insert into companies (name) values ('Stats') returning id`)
    ).rows[0]!.id;
    await client.query(
      `insert into projects (company_id, name, latitude, longitude)
       select $1, 'P' || i, 10, 10 from generate_series(1, 3000) i`,
      [company],
    );
    const page = `explain select * from projects where company_id = '${company}'
      order by last_modified desc, id desc limit 25`;
    const plan = async () =>
      (await client.query<{ 'QUERY PLAN': string }>(page)).rows.map((r) => r['QUERY PLAN']).join('\n');
    const analyzed = async () =>
      (
        await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stats where tablename = 'projects'`,
        )
      ).rows[0]!.n > 0;
    expect(await analyzed()).toBe(false);

    // One table a statement (the connection is free between them), every table of the schema.
    const statements: string[] = [];
    const spied = {
      exec: (sql: string) => (statements.push(sql), client.exec(sql)),
      query: client.query.bind(client),
    } as Pick<PGlite, 'exec' | 'query'>;
    const stop = analyzePeriodically(spied, 10, 60_000);
    const deadline = Date.now() + 20_000;
    while (!(await analyzed()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(await analyzed()).toBe(true);
    while (!statements.includes('analyze public.weathers') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(statements).toContain('analyze public.projects');
    expect(statements).toContain('analyze public.weathers');
    expect(statements.every((sql) => /^analyze [a-z_]+\.[a-z_0-9]+$/.test(sql))).toBe(true);
    const after = await plan();
    expect(after).toContain('projects_company_modified');
    expect(after).not.toMatch(/Sort|Hash/);
  } finally {
    await client.close();
  }
});
