/**
 * Demo data of the first start, for the demo user of "Demo Solar" (seed.ts): a weather year, a project
 * at its location and a prediction "Demo 2-block plant" that runs as it is (weather, site design
 * temperatures, a two-block plant of a Global module and inverter whose strings fit the inverter's
 * window). Everything comes from files shipped in `packages/server/demo/` (demo/README.md): the app
 * needs no folder outside the repository for it.
 *
 * The rows are made by the commands the API uses (weather Parse and FinalizeImport, project create,
 * the ASHRAE design temperatures, prediction create, POST …/PowerPlant), with the request bodies parsed
 * by the API's schemas, so they are exactly what a user building the same by hand would store.
 *
 * The module and inverter are the Global library's entries of those names (seeded from the CEC lists,
 * librarySeed.ts). When the Global library is empty (the CEC lists were not found), the demo company
 * gets its own copies, read from the single CEC rows shipped beside the weather file, so the demo still
 * runs.
 *
 * Once: completion is recorded in `system_settings` under `demo.data.v1` in the same transaction as
 * the rows, under an advisory lock (two processes starting together seed once; a start that dies
 * half-way leaves nothing). A demo user deleted or missing is no error: nothing is created.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ASSET_STATUS, powerPlantSchema, predictionSchema } from '@sunfield/domain';
import { parseCecInverterLibrary, parseCecModuleLibrary } from '@sunfield/engine/library/cecCsv.ts';
import { loadAuth, type AuthContext } from '../auth/context.ts';
import type { Database, Db, PubSub } from '../db/index.ts';
import { inverters, modules, systemSettings, users } from '../db/schema.ts';
import { parse } from '../lib/errors.ts';
import { insertEquipment, type EquipmentKind } from '../models/equipment.ts';
import type { ProjectRow } from '../models/project.ts';
import { loadPredictionFor } from '../policies/prediction.ts';
import { loadPendingImportFor } from '../policies/weather.ts';
import { presentAshrae } from '../presenters/siteConditions.ts';
import { createProjectSchema } from '../routes/project/schemas.ts';
import { inverterFromCec, moduleFromCec } from './equipmentRecords.ts';
import { calculatePowerPlantFields } from './powerPlantCalculate.ts';
import { savePowerPlant } from './powerPlantSave.ts';
import { createPrediction } from './predictionSave.ts';
import { createProject } from './projectSave.ts';
import { DEFAULT_SITE_SEARCH_RADIUS_MILES, nearestDesignSource } from './siteConditions.ts';
import { finalizePendingWeather, parseWeatherUpload } from './weatherImport.ts';

type Json = Record<string, unknown>;

export const DEMO_DATA_KEY = 'demo.data.v1';

/** The folder of the shipped demo files. */
export const DEMO_DIR = path.resolve(import.meta.dirname, '../../demo');

/** NREL NSRDB TMY3 of Greensboro Piedmont Triad Intl, NC (public domain), gzipped as shipped. */
export const DEMO_WEATHER_FILE = '723170TYA.CSV';
export const DEMO_WEATHER_NAME = 'Greensboro Piedmont Triad Intl, NC (TMY3)';

/** The CEC list rows of the demo module and inverter (the fallback when the Global library is empty). */
export const DEMO_MODULE_CSV = 'cec-module.csv';
export const DEMO_INVERTER_CSV = 'cec-inverter.csv';

/**
 * SunPower SPR-E20-435-COM: 435 W mono c-Si, monofacial, with its dimensions in the CEC list
 * (2.067 × 1.046 m). Sungrow SC2500U [550V]: 2.5 MW central inverter, MPP window 800–1500 V. At the
 * Greensboro TMY3's design temperatures (min50Year −16.7 °C, cool996 33.3 °C) strings of 13 to 15
 * modules fit the window (domain seriesStringLimits); the demo uses 14.
 */
export const DEMO_MODULE = 'SunPower SPR-E20-435-COM';
export const DEMO_INVERTER = 'Sungrow Power Supply Co - Ltd : SC2500U [550V]';
export const DEMO_MODULES_IN_SERIES = 14;
/** 500 strings of 14 × 435 W: 3.05 MWdc on a 2.51 MWac inverter (DC:AC 1.21). */
export const DEMO_STRINGS = 500;

export const DEMO_PROJECT = {
  name: 'Demo: Greensboro, NC',
  latitude: 36.1,
  longitude: -79.95,
  elevation: 273,
  description:
    'Demo project: the site of the Greensboro Piedmont Triad Intl TMY3 weather station (NREL NSRDB).',
} as const;

export const DEMO_PREDICTION_NAME = 'Demo 2-block plant';

/** AshraeVersionEnum 2021 (the default of spec 2 §9.2). */
const ASHRAE_2021 = 1;

export interface DemoDataResult {
  status: 'seeded' | 'already' | 'skipped';
  milliseconds: number;
  projectId?: number;
  predictionId?: number;
  weatherId?: number;
  moduleId?: number;
  inverterId?: number;
  /** where the module and inverter came from */
  equipment?: 'global' | 'company';
  reason?: string;
}

export interface DemoDataOptions {
  /** the demo user's email (seed.ts DEMO_EMAIL) */
  email: string;
  /** the folder of the demo files (tests) */
  dir?: string;
  log?: (message: string) => void;
}

/** Arbitrary constant key of the advisory lock taken while seeding the demo data. */
const DEMO_LOCK = 7_214_504;

/** No realtime pushes while seeding: nobody is connected yet, and the rows are not committed. */
const SILENT_PUBSUB: PubSub = {
  publish: async () => {},
  subscribe: async () => async () => {},
};

async function seededAlready(db: Db): Promise<boolean> {
  const rows = await db
    .select({ key: systemSettings.key })
    .from(systemSettings)
    .where(eq(systemSettings.key, DEMO_DATA_KEY))
    .limit(1);
  return rows.length > 0;
}

/** The id of the Global library entry of this exact name, if the library has it. */
async function globalEntry(db: Db, kind: EquipmentKind, name: string): Promise<number | undefined> {
  const t = kind === 'module' ? modules : inverters;
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.name, name), isNull(t.companyId), eq(t.status, ASSET_STATUS.Global)))
    .orderBy(t.id)
    .limit(1);
  return row?.id;
}

/** The demo company's own copy of the shipped CEC row (Draft-Shared), made once. */
async function companyCopy(
  db: Db,
  auth: AuthContext,
  dir: string,
  kind: EquipmentKind,
  name: string,
): Promise<number> {
  const t = kind === 'module' ? modules : inverters;
  const [existing] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.name, name), eq(t.companyId, auth.company.id)))
    .limit(1);
  if (existing) return existing.id;
  const file = kind === 'module' ? DEMO_MODULE_CSV : DEMO_INVERTER_CSV;
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const source =
    kind === 'module'
      ? 'CEC modules 2021-12-01 (SAM library), shipped with the demo data'
      : 'CEC inverters 2022-02-18 (SAM library), shipped with the demo data';
  let data: Json;
  let manufacturer: string | null;
  if (kind === 'module') {
    const record = parseCecModuleLibrary(text, file).records.find((m) => m.name === name);
    if (!record) throw new Error(`${file} has no module ${name}`);
    data = moduleFromCec(record);
    manufacturer = record.manufacturer || null;
  } else {
    const record = parseCecInverterLibrary(text, file).records.find((v) => v.name === name);
    if (!record) throw new Error(`${file} has no inverter ${name}`);
    data = inverterFromCec(record);
    manufacturer = (data.manufacturer as string | null | undefined) ?? null;
  }
  return insertEquipment(db, kind, {
    companyId: auth.company.id,
    ownerId: auth.user.id,
    status: ASSET_STATUS.DraftShared,
    name,
    manufacturer,
    model: (data.model as string | undefined) ?? null,
    source,
    data,
  });
}

/**
 * A block of one array (with its transformer) of one inverter with one DC field; the geometry the
 * builder derives (pitch, bandwidth, table length, post height) is left to its rules.
 */
function demoBlock(name: number, moduleId: number, inverterId: number, tracker: boolean): Json {
  const field: Json = {
    name: 1,
    repeater: 1,
    moduleId,
    trackingType: tracker ? 1 : 0,
    moduleOrientation: 1,
    modulesHigh: tracker ? 1 : 2,
    modulesWiredInSeries: DEMO_MODULES_IN_SERIES,
    numberOfSeriesStringsWiredInParallel: DEMO_STRINGS,
    moduleTilt: tracker ? 0 : 25,
    moduleAzimuth: 180,
    groundCoverageRatio: tracker ? 0.35 : 0.4,
    dcWiringLossAtSTC: 1.5,
    dcHealth: 1,
  };
  if (tracker) {
    field.trackingBacktrackingType = 1;
    field.minimumTrackingLimitAngleD = -60;
    field.maximumTrackingLimitAngleD = 60;
  }
  return {
    name,
    repeater: 1,
    arrays: [
      {
        name: 1,
        repeater: 1,
        transformerEnabled: true,
        matchTotalInverterkVA: true,
        transformerHighSideVoltage: 34.5,
        transformerNoLoadLoss: 0.2,
        transformerFullLoadLoss: 0.7,
        acCollectionLoss: 1,
        dasLoad: 800,
        inverters: [{ name: 'A', repeater: 1, inverterId, powerFactor: 1, dcFields: [field] }],
      },
    ],
  };
}

/** The demo plant (POST …/PowerPlant body): block 1 fixed tilt 25°, block 2 a backtracking tracker. */
export function demoPlantBody(moduleId: number, inverterId: number): Json {
  return {
    blocks: [demoBlock(1, moduleId, inverterId, false), demoBlock(2, moduleId, inverterId, true)],
    transformers: [{ rating: 5.5, highSideVoltage: 115, noLoadLoss: 0.1, fullLoadLoss: 0.5, ordinal: 1 }],
    transmissionLines: [{ length: 1, numberOfConductorsPerPhase: 1, ordinal: 2 }],
    availabilityLoss: 0.5,
    lgiaLimitation: 5,
  };
}

/** Imports the shipped weather year through Parse and FinalizeImport; returns its id. */
async function importDemoWeather(db: Db, auth: AuthContext, dir: string): Promise<number> {
  const bytes = zlib.gunzipSync(fs.readFileSync(path.join(dir, `${DEMO_WEATHER_FILE}.gz`)));
  const parsed = await parseWeatherUpload(db, auth, bytes, DEMO_WEATHER_FILE);
  const pending = await loadPendingImportFor(db, auth, parsed.importId);
  const database: Pick<Database, 'db' | 'pubsub'> = { db, pubsub: SILENT_PUBSUB };
  return finalizePendingWeather(database, auth, pending, {
    name: DEMO_WEATHER_NAME,
    note: 'Demo data: NREL NSRDB TMY3 (1991–2005), station 723170, public domain.',
  });
}

/** The prediction's site design temperatures, as GET /ASHRAE answers them near the project. */
async function siteTemperatures(db: Db, auth: AuthContext, project: ProjectRow): Promise<Json> {
  const source = await nearestDesignSource(db, auth, project, {
    radiusMiles: DEFAULT_SITE_SEARCH_RADIUS_MILES,
  });
  if (!source) throw new Error('demo data: no design-temperature source near the demo project');
  const ashrae = presentAshrae(source, ASHRAE_2021);
  return {
    ashraeStation: ashrae.stationName,
    ashraeVersion: ASHRAE_2021,
    cool996: ashrae.cool996,
    min50Year: ashrae.min50Year,
    max50Year: ashrae.max50Year,
    minAnnualMeanDBTemp: ashrae.minAnnualMeanDBTemp,
  };
}

/** Creates the demo data (see the file comment) for the demo user, in one transaction. */
async function createDemoData(
  db: Db,
  auth: AuthContext,
  dir: string,
): Promise<Omit<DemoDataResult, 'status' | 'milliseconds'>> {
  const globalModule = await globalEntry(db, 'module', DEMO_MODULE);
  const globalInverter = await globalEntry(db, 'inverter', DEMO_INVERTER);
  const equipment = globalModule !== undefined && globalInverter !== undefined ? 'global' : 'company';
  const moduleId = globalModule ?? (await companyCopy(db, auth, dir, 'module', DEMO_MODULE));
  const inverterId = globalInverter ?? (await companyCopy(db, auth, dir, 'inverter', DEMO_INVERTER));

  const weatherId = await importDemoWeather(db, auth, dir);
  const { project } = await createProject(db, auth, parse(createProjectSchema, { ...DEMO_PROJECT }));
  const input = parse(predictionSchema, {
    name: DEMO_PREDICTION_NAME,
    description:
      'Demo: 6.1 MWdc / 5.0 MWac in two blocks (fixed tilt 25° and a single-axis tracker) of ' +
      'SunPower SPR-E20-435-COM modules on Sungrow SC2500U inverters, on the Greensboro TMY3. ' +
      'Press Run.',
    weatherId,
    ...(await siteTemperatures(db, auth, project)),
  });
  const { prediction } = await createPrediction(db, auth, project, input);
  const loaded = await loadPredictionFor(db, auth, project.id, prediction.id, 'edit');
  // As the builder does: the plant recalculated by its rules (pitch, collector bandwidth, table length,
  // post height, line resistance; strings inside the window), then saved (POST …/PowerPlant).
  const calculated = await calculatePowerPlantFields(db, auth, loaded, demoPlantBody(moduleId, inverterId));
  await savePowerPlant(db, auth, loaded, parse(powerPlantSchema, calculated.plant), 'replace');
  return { projectId: project.id, predictionId: prediction.id, weatherId, moduleId, inverterId, equipment };
}

/** An error's message, with the fields of a refused request (HttpError body). */
function describe(error: unknown): string {
  const body = (error as { body?: unknown }).body;
  if (body && typeof body === 'object') return JSON.stringify(body);
  return error instanceof Error ? error.message : String(error);
}

/** Seeds the demo data unless done before (or there is no demo user); says what it did. */
export async function seedDemoData(db: Db, options: DemoDataOptions): Promise<DemoDataResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const log = options.log ?? ((message: string) => console.log(message));
  if (await seededAlready(db)) return { status: 'already', milliseconds: elapsed() };
  const [user] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(sql`lower(${users.email}) = ${options.email.toLowerCase()}`)
    .limit(1);
  const auth = user ? await loadAuth(db, user.id, user.companyId) : null;
  if (!auth) {
    return { status: 'skipped', milliseconds: elapsed(), reason: `no active user ${options.email}` };
  }
  const dir = options.dir ?? DEMO_DIR;
  let made: Omit<DemoDataResult, 'status' | 'milliseconds'> | undefined;
  try {
    made = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
      if (await seededAlready(t)) return undefined;
      const ids = await createDemoData(t, auth, dir);
      await tx.insert(systemSettings).values({
        key: DEMO_DATA_KEY,
        value: { ...ids, seededAt: new Date().toISOString() },
      });
      return ids;
    });
  } catch (error) {
    // The app starts without the demo data rather than not at all; the next start tries again.
    const reason = `the demo data could not be created: ${describe(error)}`;
    log(`Warning: ${reason}`);
    return { status: 'skipped', milliseconds: elapsed(), reason };
  }
  if (!made) return { status: 'already', milliseconds: elapsed() };
  const milliseconds = elapsed();
  log(
    `Seeded the demo data: project "${DEMO_PROJECT.name}" with the prediction "${DEMO_PREDICTION_NAME}" ` +
      `(ready to run; ${made.equipment === 'global' ? 'Global' : "the demo company's own"} module and inverter) ` +
      `in ${(milliseconds / 1000).toFixed(1)} s.`,
  );
  return { status: 'seeded', milliseconds, ...made };
}
