/**
 * Helpers of the module and inverter suites: multipart bodies for uploads, Global assets inserted
 * directly (as the seed does), and row counts to prove that a refused upload created nothing.
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ASSET_STATUS } from '@sunfield/domain';
import { insertEquipment, countEquipment, type EquipmentKind } from '../../src/models/equipment.ts';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

/** The shared data folder, with a trailing slash (scripts/sharedDir.ts: SUNFIELD_SHARED_DIR or ../shared). */
export const SHARED_DATA = `${sharedPath('data')}/`;

/** A unique word to find the rows of one test in lists shared with other runs. */
export const tag = (prefix = 'T'): string => `${prefix}${crypto.randomBytes(5).toString('hex')}`;

/** A multipart/form-data body with one file (field `file`) and optional text fields. */
export function multipart(
  file: { name: string; bytes: Buffer | string; contentType?: string },
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sunfield${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
  );
  parts.push(typeof file.bytes === 'string' ? Buffer.from(file.bytes) : file.bytes);
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  const payload = Buffer.concat(parts);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Inserts a Global asset (no company, status Global) as the first-start seed does. */
export async function insertGlobal(
  app: FastifyInstance,
  kind: EquipmentKind,
  fields: {
    name: string;
    manufacturer?: string;
    model?: string;
    data?: Record<string, unknown>;
    status?: number;
  },
): Promise<number> {
  return insertEquipment(app.services.database.db, kind, {
    companyId: null,
    ownerId: null,
    status: fields.status ?? ASSET_STATUS.Global,
    name: fields.name,
    manufacturer: fields.manufacturer ?? null,
    model: fields.model ?? null,
    source:
      kind === 'module' ? 'CEC modules 2021-12-01 (SAM library)' : 'CEC inverters 2022-02-18 (SAM library)',
    data: { name: fields.name, ...(fields.data ?? {}) },
  });
}

export const countRows = (app: FastifyInstance, kind: EquipmentKind): Promise<number> =>
  countEquipment(app.services.database.db, kind);
