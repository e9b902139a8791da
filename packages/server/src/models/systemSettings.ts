/**
 * Server-wide settings in `system_settings`. The maintenance flag is read on every API call, so it
 * is cached per database for a few seconds; a change made by this process is seen at once, one made
 * by another process within the cache lifetime.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { systemSettings } from '../db/schema.ts';

export const MAINTENANCE_KEY = 'maintenanceMode';
export const MAINTENANCE_CACHE_MS = 5_000;

export interface MaintenanceMode {
  maintenanceMode: boolean;
  message: string | null;
}

const OFF: MaintenanceMode = { maintenanceMode: false, message: null };
const cache = new WeakMap<Db, { value: MaintenanceMode; at: number }>();

function fromJson(value: unknown): MaintenanceMode {
  if (!value || typeof value !== 'object') return OFF;
  const v = value as Record<string, unknown>;
  return {
    maintenanceMode: v.maintenanceMode === true,
    message: typeof v.message === 'string' ? v.message : null,
  };
}

export async function getMaintenanceMode(db: Db, now = Date.now()): Promise<MaintenanceMode> {
  const hit = cache.get(db);
  if (hit && now - hit.at < MAINTENANCE_CACHE_MS) return hit.value;
  const [row] = await db
    .select({ value: systemSettings.value })
    .from(systemSettings)
    .where(eq(systemSettings.key, MAINTENANCE_KEY))
    .limit(1);
  const value = fromJson(row?.value);
  cache.set(db, { value, at: now });
  return value;
}

export async function setMaintenanceMode(db: Db, value: MaintenanceMode): Promise<MaintenanceMode> {
  const stored = { maintenanceMode: value.maintenanceMode, message: value.message };
  await db
    .insert(systemSettings)
    .values({ key: MAINTENANCE_KEY, value: stored })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: stored, lastModified: new Date() } });
  cache.set(db, { value: stored, at: Date.now() });
  return stored;
}
