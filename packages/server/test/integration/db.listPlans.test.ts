/**
 * Every list query has an index for its filter and sort (issue 18): the queries the list functions
 * send (recorded through a Drizzle logger) are EXPLAINed on PostgreSQL with sequential scans priced
 * out (`enable_seqscan = off`, so a Seq Scan in the plan means no index can serve the query), and a
 * sequential scan of a company's table is refused. The project list must also come in its sort's
 * order from an index (no Sort node), whatever the sort and direction: a company with 20,000
 * projects otherwise sorts them all for every page.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.ts';
import * as schema from '../../src/db/schema.ts';
import { listEquipment, type EquipmentSort } from '../../src/models/equipment.ts';
import { listPredictionsOfProjects, listProjectPredictions } from '../../src/models/prediction.ts';
import { listAllProjects, listProjects, PROJECT_SORTS } from '../../src/models/project.ts';
import { listWeathers, WEATHER_SORTS } from '../../src/models/weather.ts';
import { describeEachDatabase } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';

/** Tables whose rows belong to companies. */
const COMPANY_TABLES = ['projects', 'modules', 'inverters', 'weathers', 'predictions', 'users'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describeEachDatabase('list queries use indexes', (ctx) => {
  const pools: pg.Pool[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.end();
  });

  it('has no sequential scan of a company table in any list, and the project list is index-ordered', async (test) => {
    const { app, database } = ctx();
    if (database.kind !== 'postgres') return test.skip();
    const user = await createCompanyUser(app);
    for (let i = 0; i < 30; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/Project',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { name: `Plan ${i}`, latitude: 10 + i, longitude: 20 },
      });
    }
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    pools.push(pool);
    const recorded: { label: string; sql: string; params: unknown[] }[] = [];
    let label = '';
    const db = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => recorded.push({ label, sql, params }) },
    }) as unknown as Db;
    const record = async (name: string, run: () => Promise<unknown>) => {
      label = name;
      await run();
    };

    const { companyId, userId } = user;
    for (const sort of PROJECT_SORTS) {
      for (const order of ['asc', 'desc'] as const) {
        await record(`project list by ${sort} ${order}`, () =>
          listProjects(db, companyId, { sort, order, skip: 0, top: 25 }),
        );
      }
    }
    await record('project list, active, by lastModified', () =>
      listProjects(db, companyId, { statuses: [0], sort: 'lastModified', order: 'desc', skip: 25, top: 25 }),
    );
    await record('project list, searched', () =>
      listProjects(db, companyId, { search: 'plan', sort: 'name', order: 'asc', skip: 0, top: 25 }),
    );
    await record('all projects', () => listAllProjects(db, companyId));
    await record('predictions of a project', () => listProjectPredictions(db, companyId, 1));
    await record('predictions of projects', () => listPredictionsOfProjects(db, companyId, [1, 2, 3]));
    const actor = { companyId, userId, roles: ['User'] };
    for (const kind of ['module', 'inverter'] as const) {
      for (const sort of ['name', 'lastModified'] as EquipmentSort[]) {
        await record(`${kind} list by ${sort}`, () =>
          listEquipment(db, kind, actor, { sort, order: 'asc', page: 2, pageSize: 50 }),
        );
      }
      await record(`${kind} list searched`, () =>
        listEquipment(db, kind, actor, {
          search: 'solar 400',
          sort: 'name',
          order: 'asc',
          page: 1,
          pageSize: 50,
        }),
      );
    }
    for (const sort of WEATHER_SORTS) {
      await record(`weather list by ${sort}`, () =>
        listWeathers(db, { companyId, userId, isAdmin: false }, { sort, order: 'desc', skip: 0, top: 25 }),
      );
    }
    expect(recorded.length).toBeGreaterThan(20);

    const client = await pool.connect();
    const problems: string[] = [];
    try {
      await client.query('set enable_seqscan = off');
      for (const query of recorded) {
        const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `explain (format json) ${query.sql}`,
          query.params,
        );
        const all = nodes(rows[0]!['QUERY PLAN'][0]!.Plan);
        const scanned = all
          .filter((n) => n['Node Type'] === 'Seq Scan' && COMPANY_TABLES.includes(n['Relation Name'] ?? ''))
          .map((n) => n['Relation Name']);
        if (scanned.length) problems.push(`${query.label}: sequential scan of ${scanned.join(', ')}`);
        // The default page carries its total as a subquery (an aggregate, no Sort); a count alone is no page.
        const isProjectPage =
          query.label.startsWith('project list by') && !/^\s*select count\(/i.test(query.sql);
        if (isProjectPage && all.some((n) => n['Node Type'].includes('Sort'))) {
          problems.push(`${query.label}: sorted after reading, not in index order`);
        }
        if (isProjectPage) {
          // A prepared statement may be run by its generic plan (no parameter values): index order there too.
          await client.query(`prepare generic_page as ${query.sql}`);
          await client.query('set plan_cache_mode = force_generic_plan');
          const values = query.params.map((p) => client.escapeLiteral(String(p))).join(', ');
          const generic = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
            `explain (format json) execute generic_page(${values})`,
          );
          await client.query('reset plan_cache_mode');
          await client.query('deallocate generic_page');
          if (nodes(generic.rows[0]!['QUERY PLAN'][0]!.Plan).some((n) => n['Node Type'].includes('Sort'))) {
            problems.push(`${query.label}: its generic plan sorts after reading`);
          }
        }
      }
    } finally {
      client.release();
    }
    expect(problems).toEqual([]);
  });
});
