/**
 * The first-start seed of the Global libraries, on its own in-memory PGlite database (the shared
 * PostgreSQL test database is not seeded: every suite there builds its own rows).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type Database } from '../../src/db/index.ts';
import {
  CEC_MODULE_FILE,
  cecLibraryEntries,
  LIBRARY_SEED_KEY,
  libraryDir,
  SHIPPED_LIBRARY_DIR,
  seedGlobalLibrary,
} from '../../src/commands/librarySeed.ts';
import { call } from './harness.ts';
import { createCompanyUser } from './projectFactory.ts';
import { SHARED_DATA } from './moduleHelpers.ts';

/** Data rows of the CEC module list: every line after the three header rows. */
const CSV_MODULES =
  fs
    .readFileSync(path.join(SHARED_DATA, CEC_MODULE_FILE), 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '').length - 3;

describe('Global library seed [pglite]', () => {
  let database: Database;
  let app: FastifyInstance;
  const messages: string[] = [];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    app = await buildApp({ config: { ...loadConfig({}), secret: 'seed-test' }, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('reads the lists shipped in the repository (the same files as the shared data), or SUNFIELD_LIBRARY_DIR', () => {
    expect(path.resolve(libraryDir())).toBe(SHIPPED_LIBRARY_DIR);
    expect(fs.existsSync(path.join(SHIPPED_LIBRARY_DIR, `${CEC_MODULE_FILE}.gz`))).toBe(true);
    const shipped = cecLibraryEntries(SHIPPED_LIBRARY_DIR, 50);
    const shared = cecLibraryEntries(SHARED_DATA, 50);
    expect(shipped).toEqual(shared);
    expect(libraryDir({ SUNFIELD_LIBRARY_DIR: '/somewhere/else' })).toBe('/somewhere/else');
  });

  it('skips with a warning when the lists are missing, and seeds nothing', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-nolib-'));
    const result = await seedGlobalLibrary(database.db, { dir: empty, log: (m) => messages.push(m) });
    expect(result.status).toBe('skipped');
    expect(messages.at(-1)).toMatch(/^Warning: CEC library list not found/);
    const rows = await database.executeSql('select count(*)::int as n from modules');
    expect(rows.rows[0]!.n).toBe(0);
  });

  it(`seeds all ${CSV_MODULES} CEC modules and the CEC inverters in under a minute, once`, async () => {
    expect(CSV_MODULES).toBe(16_830);
    const result = await seedGlobalLibrary(database.db, { log: (m) => messages.push(m) });
    console.log(
      `full seed on PGlite: ${result.modules} modules, ${result.inverters} inverters, ${result.milliseconds} ms`,
    );
    expect(result).toMatchObject({ status: 'seeded', modules: 16_830 });
    expect(result.inverters).toBeGreaterThan(1321);
    expect(result.milliseconds).toBeLessThan(60_000);
    expect(messages.at(-1)).toMatch(/^Seeded the Global libraries: 16830 modules and \d+ inverters/);

    const counts = await database.executeSql(
      `select (select count(*)::int from modules where company_id is null and status = 5) as modules,
              (select count(*)::int from inverters where company_id is null and status = 5) as inverters,
              (select count(distinct source)::int from inverters) as inverter_sources`,
    );
    expect(counts.rows[0]).toEqual({ modules: 16_830, inverters: result.inverters, inverter_sources: 2 });
    const setting = await database.executeSql(`select value from system_settings where key = $1`, [
      LIBRARY_SEED_KEY,
    ]);
    expect(setting.rows[0]!.value).toMatchObject({ modules: 16_830, inverters: result.inverters });

    // Once: a second start changes nothing.
    expect((await seedGlobalLibrary(database.db, { log: () => {} })).status).toBe('already');
    const again = await database.executeSql('select count(*)::int as n from modules');
    expect(again.rows[0]!.n).toBe(16_830);
  });

  it('serves the seeded entries through the API with their CEC values', async () => {
    const user = await createCompanyUser(app);
    const list = await call(app, {
      method: 'GET',
      url: '/api/Module/ModuleOverview?search=ablytek%206MN6A270&status=3,5&ownerOnly=true',
      token: user.token,
    });
    const found = list.json() as { items: { id: number; name: string; source: string }[]; total: number };
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({
      name: 'Ablytek 6MN6A270',
      source: 'CEC modules 2021-12-01 (SAM library)',
    });
    const module = (
      await call(app, { method: 'GET', url: `/api/Module/${found.items[0]!.id}`, token: user.token })
    ).json() as Record<string, unknown>;
    expect(module).toMatchObject({
      name: 'Ablytek 6MN6A270',
      manufacturer: 'Ablytek',
      model: '6MN6A270',
      status: 5,
      companyId: null,
      isReadOnly: true,
      stcMaxPower: 270.643,
      numberOfCellsInSeries: 60,
      stcShortCircuitCurrent: 9.34,
      stcOpenCircuitVoltage: 38.63,
      length: 1640,
      width: 992,
    });
    expect(module.cecParameters).toMatchObject({
      aRef: 1.58733,
      iLRef: 9.34243,
      iORef: 2.51e-10,
      rS: 0.374013,
    });

    const inverters = (
      await call(app, {
        method: 'GET',
        url: '/api/Inverter/InverterOverview?search=SMA%20America%20SBS5.0-US-10',
        token: user.token,
      })
    ).json() as { items: { id: number; powerRating: number }[] };
    expect(inverters.items[0]).toMatchObject({ powerRating: 5 });
    const inverter = (
      await call(app, { method: 'GET', url: `/api/Inverter/${inverters.items[0]!.id}`, token: user.token })
    ).json() as {
      efficiencyCurves: { voltage: number; efficiencyPoints: unknown[] }[];
      kVACurves: unknown[];
    };
    // Curves at the minimum MPPT, nominal (Vdco) and maximum MPPT voltages, CEC power levels.
    expect(inverter.efficiencyCurves.map((c) => c.voltage)).toEqual([220, 360, 550]);
    expect(inverter.efficiencyCurves.every((c) => c.efficiencyPoints.length === 6)).toBe(true);
    expect(inverter).toMatchObject({
      manufacturer: 'SMA America',
      model: 'SBS5.0-US-10 [240V]',
      powerRated: 5,
      maxAbsoluteVoltage: 550,
      minVoltage: 220,
      maxMPPVoltage: 550,
      kVACurves: [
        {
          elevation: 0,
          kVAPoints: [
            { temperature: -40, kVA: 5 },
            { temperature: 60, kVA: 5 },
          ],
        },
      ],
    });
    const kva = await call(app, {
      method: 'GET',
      url: `/api/Inverter/${inverters.items[0]!.id}/kVA?temperature=45&elevation=1500`,
      token: user.token,
    });
    expect(kva.json()).toEqual({ kVA: 5 });
  });

  it('limits the entries for small seeds', () => {
    const entries = cecLibraryEntries(SHARED_DATA, 25);
    if ('missing' in entries) throw new Error(entries.missing);
    expect(entries.modules).toHaveLength(25);
    expect(entries.inverters).toHaveLength(25);
  });
});
