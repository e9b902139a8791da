/**
 * Module library search benchmark (issue 5): 20,000 modules on embedded PGlite (the 16,830 CEC
 * modules of the Global library plus company modules of several owners and statuses), then 200 varied
 * overview requests (search words, power and technology filters, statuses, own assets, sorts, pages)
 * through the HTTP app (Fastify inject: routing, auth, validation, SQL, presentation). Prints the
 * seeding time and the p50 / p95 / max latency of the searches; the target is p95 < 100 ms.
 *
 *   npx tsx bench/src/library.ts [--requests 200] [--seed 7] [--slowest]
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { companies, users } from '../../packages/server/src/db/schema.ts';
import {
  cecLibraryEntries,
  libraryDir,
  seedGlobalLibrary,
} from '../../packages/server/src/commands/librarySeed.ts';
import { insertEquipmentBatch, type EquipmentInsert } from '../../packages/server/src/models/equipment.ts';

const TOTAL_MODULES = 20_000;
const TARGET_P95_MS = 100;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** A small deterministic generator (mulberry32), so that runs compare. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const requests = arg('requests', 200);
  const rand = random(arg('seed', 7));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

  console.log(
    `module library search, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({ config: { ...loadConfig({}), secret: 'bench' }, database, logger: false });
  await app.ready();
  const db = database.db;

  const seeded = await seedGlobalLibrary(db, { log: () => {} });
  if (seeded.status !== 'seeded') throw new Error(`seed: ${seeded.status} ${seeded.reason ?? ''}`);
  console.log(
    `seeded ${seeded.modules} Global modules and ${seeded.inverters} inverters in ${(seeded.milliseconds / 1000).toFixed(1)} s`,
  );

  const [company] = await db
    .insert(companies)
    .values({ name: 'Bench Solar' })
    .returning({ id: companies.id });
  const people = await db
    .insert(users)
    .values(
      ['Ada', 'Ben', 'Cy'].map((firstName, i) => ({
        companyId: company!.id,
        email: `bench-${i}-${crypto.randomBytes(4).toString('hex')}@example.test`,
        firstName,
        lastName: 'Bench',
        passwordHash: 'x',
        roles: ['User'],
        eulaAcceptedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const me = people[0]!.id;

  // Company modules: copies of CEC entries under new names, several owners and statuses.
  const entries = cecLibraryEntries(libraryDir());
  if ('missing' in entries) throw new Error(entries.missing);
  const extra = TOTAL_MODULES - seeded.modules;
  const companyModules: EquipmentInsert[] = Array.from({ length: extra }, (_, i) => {
    const base = entries.modules[(i * 7919) % entries.modules.length]!;
    const name = `${base.name} rev${i % 9}`;
    return {
      ...base,
      companyId: company!.id,
      ownerId: people[i % people.length]!.id,
      status: [1, 2, 3, 3, 4][i % 5]!,
      name,
      source: 'User',
      data: { ...base.data, name },
    };
  });
  let started = performance.now();
  await insertEquipmentBatch(db, 'module', companyModules);
  console.log(`inserted ${extra} company modules in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.executeSql('vacuum analyze modules');
  const total = await database.executeSql('select count(*)::int as n from modules');
  console.log(`modules in the table: ${String(total.rows[0]!.n)}`);

  const token = await app.services.tokens.sign({ sub: me, cid: company!.id, kind: 'session' }, 3600);
  const manufacturers = [...new Set(entries.modules.map((m) => m.manufacturer ?? ''))].filter(Boolean);
  const modelWords = entries.modules
    .map((m) => (m.model ?? '').split(/[\s-]/)[0]!)
    .filter((w) => w.length >= 3);
  const sorts = [
    'name',
    'manufacturer',
    'model',
    'stcMaxPower',
    'cellTechnologyType',
    'status',
    'lastModified',
  ];

  function query(): string {
    const q = new URLSearchParams();
    const kind = rand();
    if (kind < 0.35) q.set('search', pick(manufacturers).split(/\s+/)[0]!.toLowerCase());
    else if (kind < 0.6)
      q.set('search', `${pick(manufacturers).split(/\s+/)[0]!} ${pick(modelWords).slice(0, 3)}`);
    else if (kind < 0.75) q.set('search', pick(modelWords).slice(0, 2 + Math.floor(rand() * 4)));
    else if (kind < 0.8) q.set('search', 'zzznomatch');
    if (rand() < 0.5) {
      q.set('status', '3,5');
      q.set('ownerOnly', 'true');
    } else if (rand() < 0.3) q.set('status', pick(['1', '2', '3', '5', '1,2,3,4,5,6']));
    if (rand() < 0.3) {
      const lo = 100 + Math.floor(rand() * 400);
      q.set('minPower', String(lo));
      q.set('maxPower', String(lo + 50 + Math.floor(rand() * 200)));
    }
    if (rand() < 0.2) q.set('cellTechnologyType', pick(['3', '5', '6', '3,5', '7,8']));
    q.set('sort', pick(sorts));
    q.set('order', rand() < 0.5 ? 'asc' : 'desc');
    q.set('page', String(rand() < 0.8 ? 1 : 1 + Math.floor(rand() * 20)));
    q.set('pageSize', pick(['25', '50', '50', '100']));
    return q.toString();
  }

  async function run(qs: string): Promise<{ ms: number; total: number }> {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/Module/ModuleOverview?${qs}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${qs}: ${res.statusCode} ${res.body}`);
    return { ms, total: (res.json() as { total: number }).total };
  }

  for (let i = 0; i < 20; i++) await run(query()); // warm-up
  const times: number[] = [];
  const runs: { ms: number; qs: string; total: number }[] = [];
  let matched = 0;
  started = performance.now();
  for (let i = 0; i < requests; i++) {
    const qs = query();
    const { ms, total: n } = await run(qs);
    times.push(ms);
    runs.push({ ms, qs, total: n });
    matched += n;
  }
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(
    `${requests} searches over ${String(total.rows[0]!.n)} modules: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms, mean matches ${(matched / requests).toFixed(0)}, ${(wall / 1000).toFixed(1)} s in all`,
  );
  console.log(`target p95 < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'MISSED'}`);
  if (process.argv.includes('--slowest')) {
    for (const r of runs.sort((a, b) => b.ms - a.ms).slice(0, 12)) {
      console.log(`${r.ms.toFixed(1).padStart(7)} ms  ${String(r.total).padStart(6)} matches  ${r.qs}`);
    }
  }
  await app.close();
  await database.close();
}

await main();
