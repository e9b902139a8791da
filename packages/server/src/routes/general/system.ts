/**
 * System calls (spec 2 §7.2): the version and the maintenance-mode flag. Both reads are public: the
 * web client asks for the flag every 30 seconds, signed in or not, and assumes "on" without answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SUPER_ADMIN_ONLY } from '../../auth/context.ts';
import { parse } from '../../lib/errors.ts';
import { getMaintenanceMode, setMaintenanceMode } from '../../models/systemSettings.ts';

/**
 * The version of the public API whose paths and shapes these routes follow (spec 4 §1, S3:
 * "PlantPredict API v12.13.0"), so that scripts can tell what to expect.
 */
export const API_VERSION = '12.13.0';

/** Sunfield's version, from the repository's package.json. */
export function readVersion(): string {
  try {
    const file = path.resolve(import.meta.dirname, '../../../../../package.json');
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

const maintenanceSchema = z.object({
  maintenanceMode: z.boolean({ error: 'Maintenance mode must be true or false.' }),
  message: z.string().max(2000, 'Message must be at most 2000 characters.').nullable().optional(),
});

export function registerSystemRoutes(app: FastifyInstance): void {
  const { database } = app.services;
  const version = readVersion();

  app.get(
    '/system/version',
    { schema: { summary: 'Sunfield’s version and the API version it follows' }, config: { public: true } },
    async () => ({
      version,
      apiVersion: API_VERSION,
      databaseKind: database.kind,
    }),
  );

  app.get(
    '/system/maintenancemode',
    { schema: { summary: 'Whether maintenance mode is on' }, config: { public: true } },
    async () => getMaintenanceMode(database.db),
  );

  app.put(
    '/system/maintenancemode',
    {
      schema: { summary: 'Turn maintenance mode on or off (super admins)', body: maintenanceSchema },
      config: SUPER_ADMIN_ONLY,
    },
    async (request) => {
      const input = parse(maintenanceSchema, request.body);
      return setMaintenanceMode(database.db, {
        maintenanceMode: input.maintenanceMode,
        message: input.message?.trim() || null,
      });
    },
  );
}
