/**
 * Helpers of the weather suites: multipart bodies for uploads, the Parse → FinalizeImport flow and
 * the table counts that show nothing partial was stored.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { weatherTableCounts } from '../../src/models/weather.ts';
import { call } from './harness.ts';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

export const DATA_DIR = sharedPath('data');
export const dataFile = (name: string): Buffer => fs.readFileSync(path.join(DATA_DIR, name));

/** A multipart/form-data body with one file part `file` (and optional text fields). */
export function multipart(
  fileName: string,
  content: Buffer | string,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sunfield${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
  );
  parts.push(typeof content === 'string' ? Buffer.from(content) : content);
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function parseUpload(
  app: FastifyInstance,
  token: string,
  fileName: string,
  content: Buffer | string,
): Promise<LightMyRequestResponse> {
  const body = multipart(fileName, content);
  return call(app, { method: 'POST', url: '/api/Weather/Parse', token, ...body });
}

export interface ParsedImport {
  importId: number;
  weatherFileInfo: {
    format: string;
    name: string;
    latitude: number | null;
    longitude: number | null;
    elevation: number | null;
    timeZone: number | null;
    timeInterval: number;
    timestampDefinition: number;
    firstTimestamp: string;
    lastTimestamp: string;
    rowCount: number;
    years: number[];
    columns: { key: string; unit: string; header: string }[];
  };
}

/** Parse then FinalizeImport with the file's own values; returns the new weather id. */
export async function importWeather(
  app: FastifyInstance,
  token: string,
  fileName: string,
  content: Buffer | string,
  corrections: Record<string, unknown> = {},
): Promise<{ id: number; parsed: ParsedImport }> {
  const res = await parseUpload(app, token, fileName, content);
  if (res.statusCode !== 200) throw new Error(`Parse ${fileName}: ${res.statusCode} ${res.body}`);
  const parsed = res.json() as ParsedImport;
  const fin = await call(app, {
    method: 'POST',
    url: '/api/Weather/FinalizeImport',
    token,
    payload: { importId: parsed.importId, ...corrections },
  });
  if (fin.statusCode !== 200) throw new Error(`FinalizeImport ${fileName}: ${fin.statusCode} ${fin.body}`);
  return { id: (fin.json() as { id: number }).id, parsed };
}

export const tableCounts = (app: FastifyInstance) => weatherTableCounts(app.services.database.db);
