/**
 * Weather API benchmark (issue 6): a one-minute year (525,600 records × 10 series, an NSRDB PSM v3
 * CSV of 28 MB built in memory) through POST /Weather/Parse and /FinalizeImport on embedded PGlite,
 * then the weather page (GET /Weather/{id}, /Charts), a page of detail rows and the GHI series
 * (JSON and binary), through the HTTP app (Fastify inject). Targets: Parse + Finalize < 10 s, page
 * < 1 s. Also an hourly TMY3 file for reference.
 *
 *   npx tsx bench/src/weatherApi.ts [--runs 1]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { oneMinuteYearCsv } from '../../packages/server/test/integration/weatherYearCsv.ts';
import { sharedDir } from '../../scripts/sharedDir.ts';
import { benchApp } from './benchApp.ts';

const TMY3 = path.join(sharedDir(), 'data', '723170TYA.CSV');

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

function multipart(fileName: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----bench${crypto.randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function main(): Promise<void> {
  const runs = arg('runs', 1);
  const load = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  console.log(
    `weather API, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), node ${process.version}, load ${load()}`,
  );
  const { app, headers, close } = await benchApp('Weather');

  const timed = async <R extends { statusCode: number; body: string }>(
    label: string,
    fn: () => Promise<R>,
  ) => {
    const t0 = performance.now();
    const res = await fn();
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, res };
  };

  const cases = [
    { label: 'hourly TMY3 (8,760 records)', file: 'tmy3.csv', content: fs.readFileSync(TMY3) },
    {
      label: '1-minute year (525,600 records × 10 series)',
      file: 'minute.csv',
      content: Buffer.from(oneMinuteYearCsv()),
    },
  ];
  for (const c of cases) {
    for (let run = 0; run < runs; run++) {
      const body = multipart(c.file, c.content);
      const parse = await timed('Parse', () =>
        app.inject({
          method: 'POST',
          url: '/api/Weather/Parse',
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        }),
      );
      const { importId } = parse.res.json() as { importId: number };
      const fin = await timed('FinalizeImport', () =>
        app.inject({ method: 'POST', url: '/api/Weather/FinalizeImport', headers, payload: { importId } }),
      );
      const { id } = fin.res.json() as { id: number };
      const get = await timed('GET', () => app.inject({ method: 'GET', url: `/api/Weather/${id}`, headers }));
      const charts = await timed('Charts', () =>
        app.inject({ method: 'GET', url: `/api/Weather/${id}/Charts`, headers }),
      );
      const detail = await timed('Detail', () =>
        app.inject({ method: 'GET', url: `/api/Weather/${id}/Detail?offset=4000&limit=1000`, headers }),
      );
      const seriesJson = await timed('Series', () =>
        app.inject({ method: 'GET', url: `/api/Weather/${id}/Series?keys=ghi`, headers }),
      );
      const seriesBinary = await timed('Series binary', () =>
        app.inject({ method: 'GET', url: `/api/Weather/${id}/Series?keys=ghi&format=binary`, headers }),
      );
      const exported = await timed('Export', () =>
        app.inject({ method: 'GET', url: `/api/Weather/${id}/Export`, headers }),
      );
      const importMs = parse.ms + fin.ms;
      const pageMs = get.ms + charts.ms;
      console.log(
        `${c.label} (${(c.content.length / 1e6).toFixed(1)} MB): Parse ${parse.ms.toFixed(0)} ms + Finalize ${fin.ms.toFixed(0)} ms = ` +
          `${importMs.toFixed(0)} ms (target < 10000: ${importMs < 10_000 ? 'met' : 'MISSED'}); page GET ${get.ms.toFixed(0)} ms + ` +
          `Charts ${charts.ms.toFixed(0)} ms = ${pageMs.toFixed(0)} ms (target < 1000: ${pageMs < 1000 ? 'met' : 'MISSED'}); ` +
          `Detail 1000 rows ${detail.ms.toFixed(0)} ms; GHI series JSON ${seriesJson.ms.toFixed(0)} ms ` +
          `(${(seriesJson.res.body.length / 1e6).toFixed(1)} MB), binary ${seriesBinary.ms.toFixed(0)} ms; CSV export ${exported.ms.toFixed(0)} ms`,
      );
    }
  }
  console.log(`load average after: ${load()}`);
  await close();
}

await main();
