/**
 * Hostile uploads against a running server (issue 15, "Denial of service"): two XLSX zip bombs
 * (4.6 MB each, 4.5 GB of zeros once inflated, their headers declaring 1 kB so that only counting
 * the output stops them) and a 50 MB weather CSV (two one-minute years, PSM v3) are posted at once
 * to a server started in its own process (_uploadDosServer.ts), while a user of another company
 * lists projects (GET /api/Project) every 50 ms. Prints the listing's latency (each timed from when
 * it was due, so a blocked event loop between two listings counts), the uploads' answers and the
 * server process's peak resident memory. Targets: listing max < 500 ms, peak RSS < 1 GB.
 *
 * On PostgreSQL when it answers (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/sunfield_bench_uploads, created when missing), else on the
 * embedded database (PGlite, which runs its queries on the server's event loop); `--pglite` forces it,
 * in a temporary folder as `sunfield serve` keeps it, created by a process of its own first so that
 * the server opens it as on a restart, or with `--memory` in memory as the tests keep it (the
 * database's files then live in the server's memory too, and creating it leaves ~400 MB behind).
 *
 *   npx tsx bench/src/uploadDos.ts [--pglite [--memory]]
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { xlsxBomb } from '../../packages/server/test/integration/security/zipBomb.ts';
import { oneMinuteYearCsv } from '../../packages/server/test/integration/weatherYearCsv.ts';
import { postgresUrl } from './benchApp.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MB = 1024 * 1024;

type Headers = { authorization: string };

function multipart(fileName: string, content: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----bench${crypto.randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The server process's resident memory now and at its peak [bytes] (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Starts the server; its port and the users' headers once it listens. */
async function startServer(databaseUrl: string | undefined, dataDir: string | undefined) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, '_uploadDosServer.ts')], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl ?? '', BENCH_DATA_DIR: dataDir ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  for (let line = await lines.next(); !line.done; line = await lines.next()) {
    if (line.value.startsWith('READY ')) {
      const ready = JSON.parse(line.value.slice(6)) as { port: number; uploader: Headers; lister: Headers };
      /** Stops the server; the delay its event loop measured since SIGUSR2 [ms]. */
      const stop = async () => {
        child.kill('SIGTERM');
        for (let next = await lines.next(); !next.done; next = await lines.next()) {
          if (next.value.startsWith('LOOP '))
            return JSON.parse(next.value.slice(5)) as {
              max: number;
              p99: number;
              memory: Record<'rss' | 'heapUsed' | 'external' | 'arrayBuffers', number>;
            };
        }
        return undefined;
      };
      return { child, stop, ...ready };
    }
  }
  throw new Error('the server exited before it listened');
}

async function main(): Promise<void> {
  const forcePglite = process.argv.includes('--pglite');
  const databaseUrl = forcePglite
    ? undefined
    : await postgresUrl(
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sunfield_bench_uploads',
      );
  console.log(
    `upload DoS, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, ` +
      `${databaseUrl ? 'PostgreSQL' : `PGlite ${process.argv.includes('--memory') ? 'in memory' : 'in a folder'}`}, load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );

  const bomb = xlsxBomb(4500, { lie: true });
  const csv = Buffer.from(
    oneMinuteYearCsv(2021) + oneMinuteYearCsv(2022).split('\n').slice(3).join('\n'),
    'utf8',
  );
  console.log(
    `bombs ${(bomb.length / MB).toFixed(1)} MB each (4,500 MB inflated); CSV ${(csv.length / MB).toFixed(1)} MB`,
  );

  // The embedded database in a temporary folder, as `sunfield serve` keeps it (--memory: in memory),
  // created and migrated by a process of its own first, so that the server opens it as a restarted
  // server does: creating a database (initdb) leaves its process ~400 MB larger.
  const dataDir =
    !databaseUrl && !process.argv.includes('--memory')
      ? fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-upload-dos-'))
      : undefined;
  if (dataDir) {
    const prepare = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, '_uploadDosServer.ts')], {
      env: { ...process.env, BENCH_PREPARE: '1', BENCH_DATA_DIR: dataDir },
      stdio: 'inherit',
    });
    const code = await new Promise((resolve) => prepare.once('exit', resolve));
    if (code !== 0) throw new Error(`preparing the database folder failed (${String(code)})`);
  }
  const server = await startServer(databaseUrl, dataDir);
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const list = () => fetch(`${base}/api/Project`, { headers: server.lister });
    const post = (url: string, file: Buffer, name: string, fields?: Record<string, string>) => {
      const { body, contentType } = multipart(name, file, fields);
      const started = performance.now();
      return fetch(`${base}${url}`, {
        method: 'POST',
        headers: { ...server.uploader, 'content-type': contentType },
        body,
      }).then(async (res) => ({
        name,
        status: res.status,
        ms: performance.now() - started,
        text: (await res.text()).slice(0, 160),
      }));
    };
    // Warm-up: the first listing and a small upload (which starts the parsing processes).
    await (await list()).text();
    await post('/api/Module/Generator/ProcessKeyIVPoints', Buffer.from('x,y\n1,2\n'), 'warm.csv', {
      numberOfCellsInSeries: '72',
    });
    const before = memoryOf(server.child.pid!);
    server.child.kill('SIGUSR2');

    let done = false;
    let rssMax = before.rss;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, memoryOf(server.child.pid!).rss)), 20);
    const started = performance.now();
    const uploads = Promise.all([
      post('/api/Module/Generator/ProcessKeyIVPoints', bomb, 'bomb1.xlsx', { numberOfCellsInSeries: '72' }),
      post('/api/Module/Generator/ProcessKeyIVPoints', bomb, 'bomb2.xlsx', { numberOfCellsInSeries: '72' }),
      post('/api/Weather/Parse', csv, 'two-years-1min.csv'),
    ]).finally(() => (done = true));

    const latencies: number[] = [];
    let due = performance.now();
    while (!done) {
      const res = await list();
      await res.text();
      latencies.push(performance.now() - due);
      if (res.status !== 200) throw new Error(`listing answered ${res.status}`);
      due = performance.now() + 50;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answers = await uploads;
    const wall = performance.now() - started;
    clearInterval(sampler);
    const after = memoryOf(server.child.pid!);

    for (const a of answers)
      console.log(`  ${a.name.padEnd(20)} ${a.status} in ${a.ms.toFixed(0)} ms  ${a.text}`);
    const sorted = [...latencies].sort((a, b) => a - b);
    const max = sorted.at(-1) ?? NaN;
    const p99 = percentile(sorted, 99);
    const peak = Math.max(after.peak, rssMax);
    console.log(
      `listing during the uploads (${(wall / 1000).toFixed(1)} s): ${latencies.length} answers, ` +
        `median ${percentile(sorted, 50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${max.toFixed(0)} ms ` +
        `(target < 500 ms: ${max < 500 ? 'met' : 'MISSED'})`,
    );
    console.log(
      `server RSS: ${(before.rss / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB ` +
        `(target < 1024 MB: ${peak < 1024 * MB ? 'met' : 'MISSED'}), ${(after.rss / MB).toFixed(0)} MB after`,
    );
    const loop = await server.stop();
    if (loop) {
      console.log(
        `server event loop during the uploads: delay p99 ${loop.p99.toFixed(0)} ms, max ${loop.max.toFixed(0)} ms`,
      );
      const mb = (x: number) => `${(x / MB).toFixed(0)} MB`;
      console.log(
        `server memory at its largest (sampled on its event loop): heap used ${mb(loop.memory.heapUsed)}, ` +
          `external ${mb(loop.memory.external)} (array buffers ${mb(loop.memory.arrayBuffers)})`,
      );
    }
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGTERM');
    if (dataDir) {
      if (server.child.exitCode === null) await new Promise((resolve) => server.child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

await main();
