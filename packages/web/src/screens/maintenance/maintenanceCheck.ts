/**
 * GET /system/maintenancemode (spec 2 §7.2): re-checked every 30 seconds; maintenance is assumed
 * when the server does not answer (network failure, time-out, 5xx). A 4xx is an answer: not on.
 */
import { ApiError, api } from '../../api/client.ts';

export const MAINTENANCE_RECHECK_MS = 30_000;
export const MAINTENANCE_TIMEOUT_MS = 10_000;

export interface MaintenanceState {
  on: boolean;
  answered: boolean;
  message: string | null;
}

/** Reads the answer, or the failure, of the maintenance call (pure, unit-tested). */
export function maintenanceState(answer: unknown, error?: unknown): MaintenanceState {
  if (error !== undefined) {
    if (error instanceof ApiError && error.status < 500) return { on: false, answered: true, message: null };
    return { on: true, answered: false, message: null };
  }
  const body = (answer ?? {}) as { maintenanceMode?: unknown; message?: unknown };
  return {
    on: body.maintenanceMode === true,
    answered: true,
    message: typeof body.message === 'string' && body.message.trim() ? body.message : null,
  };
}

export async function checkMaintenance(): Promise<MaintenanceState> {
  try {
    const answer = await api('/system/maintenancemode', {
      background: true,
      silent: true,
      noAuthRetry: true,
      signal: AbortSignal.timeout(MAINTENANCE_TIMEOUT_MS),
    });
    return maintenanceState(answer);
  } catch (error) {
    return maintenanceState(undefined, error);
  }
}
