/**
 * The server of the upload denial-of-service benchmark (uploadDos.ts), in its own process so that
 * its memory is measured apart from the client's: the HTTP app on PostgreSQL (BENCH_DATABASE_URL)
 * or the embedded database, with two signed-in users of two companies, listening on a free port.
 * Prints one line `READY {"port", "uploader", "lister"}` (the users' bearer headers) when it
 * listens; on SIGUSR2 it starts measuring its event loop's delay, and on SIGTERM prints
 * `LOOP {"max", "p99", "memory"}` ([ms]; the largest heap, external and array-buffer memory [bytes])
 * of what it measured and exits. With BENCH_PREPARE=1 it only creates and migrates the embedded
 * database in BENCH_DATA_DIR and exits. The leading underscore keeps `npm run bench` from running it
 * on its own.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '../../packages/server/src/db/index.ts';
import { benchApp, benchUser } from './benchApp.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
if (process.env.BENCH_PREPARE === '1') {
  await (await openDatabase({ dataDir: process.env.BENCH_DATA_DIR })).close();
  process.exit(0);
}
const bench = await benchApp('Uploads', databaseUrl, process.env.BENCH_DATA_DIR || undefined);
const lister = await benchUser(bench.app, bench.database, 'Lister');
await bench.app.listen({ port: 0, host: '127.0.0.1' });
const address = bench.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(`READY ${JSON.stringify({ port, uploader: bench.headers, lister: lister.headers })}`);

const loop = monitorEventLoopDelay({ resolution: 10 });
/** The largest of each part of the process's memory while measuring [bytes]. */
const memory = { rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
let sampler: NodeJS.Timeout | undefined;
const sample = () => {
  const now = process.memoryUsage();
  for (const key of Object.keys(memory) as (keyof typeof memory)[])
    memory[key] = Math.max(memory[key], now[key]);
};
process.on('SIGUSR2', () => {
  loop.enable();
  sample();
  sampler = setInterval(sample, 20);
});
const stop = async () => {
  loop.disable();
  clearInterval(sampler);
  console.log(`LOOP ${JSON.stringify({ max: loop.max / 1e6, p99: loop.percentile(99) / 1e6, memory })}`);
  await bench.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
