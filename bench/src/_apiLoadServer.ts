/**
 * The server of the API load benchmark (apiLoad.ts), in its own process as `sunfield serve` runs it:
 * the production app (request logs as configured, here to the log file the parent gives as stdout)
 * on PostgreSQL (BENCH_DATABASE_URL) or on the embedded database in a folder (BENCH_PGLITE_DIR),
 * with the Global library seeded at first start (16,830 CEC modules), and a new company whose user
 * has 200 projects and one prediction with a 100-DC-field plant. When it listens it sends the parent
 * (IPC) `{port, headers, projectId, predictionId}`; it closes on SIGTERM. On the embedded database the
 * job workers run in the same process, as in `sunfield serve` (their polling shares the connection).
 * The leading underscore keeps `npm run bench` from running it on its own.
 */
import { buildApp } from '../../packages/server/src/app.ts';
import { seedLibrary } from '../../packages/server/src/commands/seed.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { startWorkers } from '../../packages/server/src/jobs/index.ts';
import { insertEquipment } from '../../packages/server/src/models/equipment.ts';
import { benchUser } from './benchApp.ts';
import { plant } from './plantBody.ts';

const BENCH_PROJECTS = 200;
/** 25 blocks of four inverters with one DC field each. */
const BENCH_PLANT_BLOCKS = 25;

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = process.env.BENCH_PGLITE_DIR || 'memory://';
const database = await openDatabase({ databaseUrl, dataDir });
await seedLibrary(database.db);
const config = { ...loadConfig({ ...process.env, DATABASE_URL: databaseUrl ?? '' }), secret: 'bench' };
const app = await buildApp({ config, database });
await app.ready();
const user = await benchUser(app, database, 'Load');
const { headers } = user;

async function post(url: string, payload: unknown): Promise<number> {
  const res = await app.inject({ method: 'POST', url, headers, payload: payload as object });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return (res.json() as { id: number }).id;
}

let projectId = 0;
for (let i = 0; i < BENCH_PROJECTS; i++) {
  projectId = await post('/api/Project', {
    name: `Load project ${i + 1}`,
    latitude: 30 + (i % 20),
    longitude: -120 + (i % 40),
  });
}
const equipment = { companyId: user.companyId, ownerId: user.userId, status: 2, source: 'bench' };
const moduleId = await insertEquipment(database.db, 'module', {
  ...equipment,
  name: 'Bench module 500 W',
  manufacturer: 'Bench',
  model: '500',
  data: {
    name: 'Bench module 500 W',
    stcMaxPower: 500,
    length: 2278,
    width: 1134,
    numberOfCellsInSeries: 144,
  },
});
const inverterId = await insertEquipment(database.db, 'inverter', {
  ...equipment,
  name: 'Bench inverter 3 MVA',
  manufacturer: 'Bench',
  model: '3000',
  data: {
    name: 'Bench inverter 3 MVA',
    powerRated: 3000,
    apparentPower: 3000,
    maxAbsoluteVoltage: 1500,
    minVoltage: 900,
  },
});
const predictionId = await post(`/api/Project/${projectId}/Prediction`, { name: 'Load prediction' });
await post(
  `/api/Project/${projectId}/Prediction/${predictionId}/PowerPlant`,
  plant(BENCH_PLANT_BLOCKS, moduleId, inverterId),
);

const workers = config.embeddedWorkers ? await startWorkers(database, app.log, { config }) : undefined;

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.send!({ port, headers, projectId, predictionId, kind: database.kind });

const stop = async () => {
  await app.close();
  await workers?.stop();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
