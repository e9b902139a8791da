/**
 * API helpers of the prediction specs: signed-in API sessions (the demo user, or a new user of a new
 * company signed up as auth.spec.ts does), and a prediction that runs, built through the API the way
 * the first-start demo data is (packages/server/src/commands/seedDemoData.ts): a project at
 * Greensboro, the Greensboro TMY3 imported (Parse then FinalizeImport; the gzipped copy shipped in
 * packages/server/demo/), the site design temperatures from GET /ASHRAE, and a plant of N blocks of
 * the Global module and inverter whose strings fit the window (each block: one array, one Sungrow
 * SC2500U with one DC field of 500 strings of 14 SunPower SPR-E20-435-COM; block 1 fixed tilt, the
 * others trackers). Then run it and wait, or change its status.
 *
 * Each session has its own request context (its own cookies), so signing in through the API never
 * signs the browser page in or out.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../setup/env.ts';
import { DEMO, STRONG_PASSWORD, uniqueEmail } from './helpers.ts';

type Json = Record<string, unknown>;

/** The weather year shipped with the demo data (NREL TMY3 723170, Greensboro NC). */
export const GREENSBORO_TMY3_GZ = path.resolve(
  import.meta.dirname,
  '../../packages/server/demo/723170TYA.CSV.gz',
);
export const GREENSBORO = { latitude: 36.1, longitude: -79.95, elevation: 273 } as const;

/** Global library entries (CEC lists) whose strings of 13–15 fit the inverter at Greensboro. */
export const RUNNABLE_MODULE = 'SunPower SPR-E20-435-COM';
export const RUNNABLE_INVERTER = 'Sungrow Power Supply Co - Ltd : SC2500U [550V]';
export const MODULES_IN_SERIES = 14;
/** LibraryStatusEnum Global. */
const GLOBAL_STATUS = 5;
export const STRINGS = 500;

/** ProcessingStatusEnum. */
export const PROCESSING = { Queued: 1, Running: 2, Success: 3, Error: 4, Cancelled: 5 } as const;
/** PredictionStatusEnum. */
export const PREDICTION_STATUS = {
  DraftPrivate: 1,
  DraftShared: 2,
  Analysis: 3,
  Bid: 4,
  Contract: 5,
  StringSizing: 10,
} as const;

/** The text a prediction page shows for an id the user may not see (editor/PredictionScreen.tsx). */
export const PREDICTION_NOT_FOUND = 'Prediction not found';
/** The text of a read-only prediction (editor/PredictionHeader.tsx, spec 1 §4). */
export const READ_ONLY_TEXT =
  'Read-only: only Draft-Private, Draft-Shared and String-Sizing predictions can be changed.';

export const tag = (): string => crypto.randomBytes(4).toString('hex');

/** A signed-in API session: every call sends the bearer token and fails the test unless 2xx. */
export class Api {
  constructor(
    readonly context: APIRequestContext,
    readonly token: string,
    readonly email: string,
    readonly password: string,
  ) {}

  private headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.token}` };
  }

  /** The raw answer (any status). */
  async raw(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) {
    return this.context.fetch(url, {
      method,
      headers: this.headers(),
      ...(data !== undefined ? { data } : {}),
    });
  }

  async call<T = Json>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
    const res = await this.raw(method, url, data);
    const text = await res.text();
    expect(res.ok(), `${method} ${url}: HTTP ${res.status()} ${text.slice(0, 500)}`).toBeTruthy();
    return (text ? JSON.parse(text) : null) as T;
  }

  get<T = Json>(url: string): Promise<T> {
    return this.call<T>('GET', url);
  }

  post<T = Json>(url: string, data?: unknown): Promise<T> {
    return this.call<T>('POST', url, data ?? {});
  }

  async dispose(): Promise<void> {
    await this.context.dispose();
  }
}

const newContext = () => playwrightRequest.newContext({ baseURL: BASE_URL });

/** An API session of an existing user (the demo user by default). */
export async function signInApi(email = DEMO.email, password = DEMO.password): Promise<Api> {
  const context = await newContext();
  const res = await context.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `sign-in of ${email}: ${await res.text()}`).toBe(200);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return new Api(context, accessToken, email, password);
}

/**
 * A new company with its first user (an admin), signed up through the API and past the EULA, as
 * auth.spec.ts does: a user of another company than the demo user's.
 */
export async function signUpCompanyUser(prefix = 'other'): Promise<Api> {
  const context = await newContext();
  const email = uniqueEmail(prefix);
  const res = await context.post('/api/auth/signup', {
    data: {
      companyName: `E2E Other Company ${tag()}`,
      firstName: 'Olive',
      lastName: 'Outsider',
      email,
      password: STRONG_PASSWORD,
    },
  });
  expect(res.status(), `sign-up: ${await res.text()}`).toBe(201);
  const { accessToken } = (await res.json()) as { accessToken: string };
  const api = new Api(context, accessToken, email, STRONG_PASSWORD);
  await api.post('/api/user/AcceptEULA');
  return api;
}

/** A project at Greensboro; returns its id. */
export async function createProject(api: Api, name = `E2E Prediction Project ${tag()}`): Promise<number> {
  const project = await api.post<{ id: number }>('/api/Project', {
    name,
    ...GREENSBORO,
    description: 'Created by the prediction browser tests.',
  });
  return project.id;
}

/** Imports the Greensboro TMY3 (Parse, then FinalizeImport under `name`); returns the weather id. */
export async function importGreensboroWeather(api: Api, name = `E2E Greensboro ${tag()}`): Promise<number> {
  const buffer = zlib.gunzipSync(fs.readFileSync(GREENSBORO_TMY3_GZ));
  const res = await api.context.post('/api/Weather/Parse', {
    headers: { Authorization: `Bearer ${api.token}` },
    multipart: { file: { name: '723170TYA.CSV', mimeType: 'text/csv', buffer } },
  });
  expect(res.status(), `weather Parse: ${await res.text()}`).toBe(200);
  const { importId } = (await res.json()) as { importId: number };
  const finalized = await api.post<{ id: number }>('/api/Weather/FinalizeImport', { importId, name });
  return finalized.id;
}

/**
 * A library entry of exactly this name, found by a word of it (`search`): the Global one, else the
 * company's own copy (the demo company's when the Global library was not seeded).
 */
export async function libraryEntryId(
  api: Api,
  kind: 'Module' | 'Inverter',
  name: string,
  search: string,
): Promise<number> {
  const page = await api.get<{ items: { id: number; name: string; status: number }[] }>(
    `/api/${kind}/${kind}Overview?search=${encodeURIComponent(search)}&pageSize=50`,
  );
  const found = page.items.filter((item) => item.name === name);
  expect(found.length, `${kind} "${name}" in the library`).toBeGreaterThan(0);
  return (found.find((item) => item.status === GLOBAL_STATUS) ?? found[0]!).id;
}

/** Site design temperatures near the project, as GET /ASHRAE answers them (prediction fields). */
export async function siteTemperatures(api: Api): Promise<Json> {
  const a = await api.get(`/api/ASHRAE?latitude=${GREENSBORO.latitude}&longitude=${GREENSBORO.longitude}`);
  return {
    ashraeStation: a.stationName,
    ashraeVersion: a.version,
    cool996: a.cool996,
    min50Year: a.min50Year,
    max50Year: a.max50Year,
    minAnnualMeanDBTemp: a.minAnnualMeanDBTemp,
  };
}

function block(name: number, moduleId: number, inverterId: number, tracker: boolean): Json {
  const field: Json = {
    name: 1,
    repeater: 1,
    moduleId,
    trackingType: tracker ? 1 : 0,
    moduleOrientation: 1,
    modulesHigh: tracker ? 1 : 2,
    modulesWiredInSeries: MODULES_IN_SERIES,
    numberOfSeriesStringsWiredInParallel: STRINGS,
    moduleTilt: tracker ? 0 : 25,
    moduleAzimuth: 180,
    groundCoverageRatio: tracker ? 0.35 : 0.4,
    ...(tracker
      ? { trackingBacktrackingType: 1, minimumTrackingLimitAngleD: -60, maximumTrackingLimitAngleD: 60 }
      : {}),
  };
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
        inverters: [{ name: 'A', repeater: 1, inverterId, powerFactor: 1, dcFields: [field] }],
      },
    ],
  };
}

/** A POST …/PowerPlant body of `blocks` blocks (block 1 fixed tilt 25°, the others trackers). */
export function runnablePlantBody(moduleId: number, inverterId: number, blocks = 2): Json {
  const ac = 2.507 * blocks;
  return {
    blocks: Array.from({ length: blocks }, (_, b) => block(b + 1, moduleId, inverterId, b > 0)),
    transformers: [
      { rating: Math.ceil(ac * 1.1), highSideVoltage: 115, noLoadLoss: 0.1, fullLoadLoss: 0.5, ordinal: 1 },
    ],
    transmissionLines: [{ length: 1, numberOfConductorsPerPhase: 1, ordinal: 2 }],
    availabilityLoss: 0.5,
    lgiaLimitation: Math.floor(ac),
  };
}

export interface RunnablePrediction {
  projectId: number;
  predictionId: number;
  weatherId: number;
  moduleId: number;
  inverterId: number;
  /** the API path of the prediction */
  apiPath: string;
  /** the page of the prediction (its overview) */
  url: string;
}

export const predictionApiPath = (projectId: number, predictionId: number): string =>
  `/api/Project/${projectId}/Prediction/${predictionId}`;
export const predictionUrl = (projectId: number, predictionId: number, page = 'overview'): string =>
  `/projects/${projectId}/prediction/${predictionId}/${page}`;

/**
 * A project (or the one given), the Greensboro weather (or the one given) and a prediction with the
 * site temperatures and a plant of `blocks` blocks, ready to run.
 */
export async function createRunnablePrediction(
  api: Api,
  options: { name?: string; projectId?: number; weatherId?: number; blocks?: number } = {},
): Promise<RunnablePrediction> {
  const projectId = options.projectId ?? (await createProject(api));
  const weatherId = options.weatherId ?? (await importGreensboroWeather(api));
  const [moduleId, inverterId] = await Promise.all([
    libraryEntryId(api, 'Module', RUNNABLE_MODULE, 'SPR-E20-435-COM'),
    libraryEntryId(api, 'Inverter', RUNNABLE_INVERTER, 'SC2500U'),
  ]);
  const created = await api.post<{ id: number }>(`/api/Project/${projectId}/Prediction`, {
    name: options.name ?? `E2E Prediction ${tag()}`,
    weatherId,
    ...(await siteTemperatures(api)),
  });
  const apiPath = predictionApiPath(projectId, created.id);
  await api.post(`${apiPath}/PowerPlant`, runnablePlantBody(moduleId, inverterId, options.blocks ?? 2));
  return {
    projectId,
    predictionId: created.id,
    weatherId,
    moduleId,
    inverterId,
    apiPath,
    url: predictionUrl(projectId, created.id),
  };
}

/** The prediction as GET …/Prediction/{id} answers it. */
export const getPrediction = (api: Api, p: Pick<RunnablePrediction, 'apiPath'>): Promise<Json> =>
  api.get(p.apiPath);

/** Waits until the prediction's run has ended (success, error or cancelled); returns the prediction. */
export async function waitForRunEnd(
  api: Api,
  p: Pick<RunnablePrediction, 'apiPath'>,
  timeoutMs = 120_000,
): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const prediction = await getPrediction(api, p);
    const status = prediction.processingStatus as number;
    if (status === PROCESSING.Success || status === PROCESSING.Error || status === PROCESSING.Cancelled)
      return prediction;
    if (Date.now() > deadline) throw new Error(`the run is still at processingStatus ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs the prediction through the API and waits for success (fails the test otherwise). */
export async function runToSuccess(api: Api, p: Pick<RunnablePrediction, 'apiPath'>): Promise<Json> {
  await api.post(`${p.apiPath}/Run`);
  const done = await waitForRunEnd(api, p);
  expect(done.processingStatus, String(done.processingMessage)).toBe(PROCESSING.Success);
  return done;
}

/** Changes the prediction's status as the change-status flow does (Status/Validate, then Status). */
export async function changePredictionStatus(
  api: Api,
  p: Pick<RunnablePrediction, 'projectId' | 'predictionId'>,
  status: number,
  note = 'Changed by the browser tests.',
): Promise<void> {
  const items = [{ id: p.predictionId, status, note }];
  await api.post(`/api/Project/${p.projectId}/Prediction/Status/Validate`, items);
  await api.post(`/api/Project/${p.projectId}/Prediction/Status`, items);
}

/** The demo project and prediction that the first start seeds (packages/server/demo). */
export const DEMO_PROJECT = 'Demo: Greensboro, NC';
export const DEMO_PREDICTION = 'Demo 2-block plant';

/** The ids of the demo prediction, found through the API as the demo user sees it. */
export async function demoPrediction(api: Api): Promise<{ projectId: number; predictionId: number }> {
  const projects = await api.get<Json[]>(`/api/Project?search=${encodeURIComponent(DEMO_PROJECT)}`);
  const project = projects.find((p) => p.name === DEMO_PROJECT);
  expect(project, 'the demo project of the first start').toBeTruthy();
  const projectId = project!.id as number;
  const predictions = await api.get<Json[]>(`/api/Project/${projectId}/Prediction`);
  const prediction = predictions.find((p) => p.name === DEMO_PREDICTION);
  expect(prediction, 'the demo prediction of the first start').toBeTruthy();
  return { projectId, predictionId: prediction!.id as number };
}
