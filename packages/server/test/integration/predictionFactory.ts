/**
 * Factories of the prediction suites: a company user with a project, library records from the real
 * CEC lists (inserted as Global assets, as the first-start seed does), a weather file imported
 * through the API, and plant bodies built the way the SDK builds them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  findCecRecord,
  parseCecInverterLibrary,
  parseCecModuleLibrary,
} from '@sunfield/engine/library/cecCsv.ts';
import { inverterFromCec, moduleFromCec } from '../../src/commands/equipmentRecords.ts';
import { call } from './harness.ts';
import { SHARED_DATA, insertGlobal } from './moduleHelpers.ts';
import { createCompanyUser, type TestCompanyUser } from './projectFactory.ts';
import { dataFile, importWeather } from './weatherHelpers.ts';

export const GREENSBORO = { latitude: 36.1, longitude: -79.95 };
export const TRACKER_MODULE = 'CSI Solar Co., Ltd. CS3U-400MS';
export const FIXED_INVERTER = 'SMA America: SB7.7-1SP-US-40 [240V]';

let moduleList: ReturnType<typeof parseCecModuleLibrary> | undefined;
let inverterList: ReturnType<typeof parseCecInverterLibrary> | undefined;

/** The record of a CEC module as the library stores it. */
export function cecModule(name: string): Record<string, unknown> {
  moduleList ??= parseCecModuleLibrary(
    fs.readFileSync(path.join(SHARED_DATA, 'sam-library-cec-modules-2021-12-01.csv'), 'utf8'),
    'sam-library-cec-modules-2021-12-01.csv',
  );
  return moduleFromCec(findCecRecord(moduleList, name));
}

/** The record of a CEC inverter (2019 list) as the library stores it. */
export function cecInverter(name: string): Record<string, unknown> {
  inverterList ??= parseCecInverterLibrary(
    fs.readFileSync(path.join(SHARED_DATA, 'sam-library-cec-inverters-2019-03-05.csv'), 'utf8'),
    'sam-library-cec-inverters-2019-03-05.csv',
  );
  return inverterFromCec(findCecRecord(inverterList, name));
}

export interface PredictionWorld extends TestCompanyUser {
  projectId: number;
  moduleId: number;
  inverterId: number;
  weatherId: number;
}

/** Global module and inverter records (inserted once per app). */
const globals = new WeakMap<FastifyInstance, Promise<{ moduleId: number; inverterId: number }>>();
export function globalEquipment(app: FastifyInstance): Promise<{ moduleId: number; inverterId: number }> {
  let found = globals.get(app);
  if (!found) {
    found = (async () => {
      const module = cecModule(TRACKER_MODULE);
      const inverter = cecInverter(FIXED_INVERTER);
      const moduleId = await insertGlobal(app, 'module', {
        name: TRACKER_MODULE,
        manufacturer: module.manufacturer as string,
        data: module,
      });
      const inverterId = await insertGlobal(app, 'inverter', { name: FIXED_INVERTER, data: inverter });
      return { moduleId, inverterId };
    })();
    globals.set(app, found);
  }
  return found;
}

/** A company user, a project at Greensboro, the Global module and inverter, the Greensboro TMY3. */
export async function predictionWorld(
  app: FastifyInstance,
  options: { companyId?: string; roles?: string[] } = {},
): Promise<PredictionWorld> {
  const user = await createCompanyUser(app, options);
  const project = await call(app, {
    method: 'POST',
    url: '/api/Project',
    token: user.token,
    payload: { name: 'Greensboro', ...GREENSBORO, elevation: 273, standardOffsetFromUTC: -5 },
  });
  if (project.statusCode !== 200) throw new Error(`project: ${project.body}`);
  const { moduleId, inverterId } = await globalEquipment(app);
  const weather = await importWeather(app, user.token, '723170TYA.CSV', dataFile('723170TYA.CSV'));
  return {
    ...user,
    projectId: (project.json() as { id: number }).id,
    moduleId,
    inverterId,
    weatherId: weather.id,
  };
}

export async function createPrediction(
  app: FastifyInstance,
  world: PredictionWorld,
  body: Record<string, unknown> = {},
): Promise<number> {
  const res = await call(app, {
    method: 'POST',
    url: `/api/Project/${world.projectId}/Prediction`,
    token: world.token,
    payload: { name: 'Contracted', ...body },
  });
  if (res.statusCode !== 200) throw new Error(`prediction: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** A plant of `blocks` blocks, each one array, one inverter, one fixed-tilt DC field. */
export function plantBody(world: PredictionWorld, blocks = 2): Record<string, unknown> {
  return {
    blocks: Array.from({ length: blocks }, (_, b) => ({
      name: b + 1,
      repeater: 1,
      arrays: [
        {
          name: 1,
          repeater: 2,
          transformerEnabled: false,
          inverters: [
            {
              name: 'A',
              repeater: 1,
              inverterId: world.inverterId,
              setpointkW: 7.68,
              dcFields: [
                {
                  name: 1,
                  repeater: 1,
                  moduleId: world.moduleId,
                  trackingType: 0,
                  moduleTilt: 25,
                  modulesWiredInSeries: 8,
                  numberOfSeriesStringsWiredInParallel: 3,
                  groundCoverageRatio: 0.4,
                },
              ],
            },
          ],
        },
      ],
    })),
    transformers: [{ rating: 0.6, highSideVoltage: 34.5, noLoadLoss: 0.1, fullLoadLoss: 0.7, ordinal: 1 }],
    transmissionLines: [{ length: 3, resistance: 0.1, numberOfConductorsPerPhase: 1, ordinal: 2 }],
    availabilityLoss: 1,
    lgiaLimitation: 0.02,
  };
}

export const predictionUrl = (world: PredictionWorld, id: number, tail = ''): string =>
  `/api/Project/${world.projectId}/Prediction/${id}${tail}`;

type Json = Record<string, unknown>;
const firstOf = (v: unknown): Json => (v as Json[])[0]!;

/** The first DC field (of its first array and inverter) of a block of a plant body or answer. */
export const dcFieldOf = (plant: Json, block = 0): Json =>
  firstOf(firstOf(firstOf((plant.blocks as Json[])[block]!.arrays).inverters).dcFields);

/** Saves the prediction's plant through the API (POST replaces, PUT merges); expects 200. */
export async function savePlant(
  app: FastifyInstance,
  world: PredictionWorld,
  id: number,
  body: Record<string, unknown>,
  method: 'POST' | 'PUT' = 'POST',
): Promise<void> {
  const res = await call(app, {
    method,
    url: predictionUrl(world, id, '/PowerPlant'),
    token: world.token,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A Draft-Private clone of the world's Global module, owned by the world's user. */
export async function privateModule(app: FastifyInstance, world: PredictionWorld): Promise<number> {
  const res = await call(app, {
    method: 'POST',
    url: `/api/Module/${world.moduleId}/Clone`,
    token: world.token,
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number }).id;
}
