/**
 * Who may read, edit, delete, clone and change the status of a weather asset: the library rules of
 * @sunfield/domain library.ts (spec 1 §4, §6) applied to the caller. A weather the caller may not
 * read is "not found" (404, text 'Weather not found'), so ids of other companies reveal nothing; a
 * weather the caller reads but may not change is 403 with a message.
 *
 * A pending import (state.pendingImport, between Parse and FinalizeImport) belongs to the user who
 * uploaded it: it is found only through its importId and only by that user.
 */
import {
  canChangeAssetStatus,
  canDeleteAsset,
  canEditAsset,
  canReadAsset,
  isGlobalAsset,
  type LibraryActor,
} from '@sunfield/domain/library.ts';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { forbidden, notFound, type HttpError } from '../lib/errors.ts';
import { integerId } from '../lib/request.ts';
import { findWeather, type WeatherRow, type WeatherWithOwner } from '../models/weather.ts';

export const WEATHER_NOT_FOUND = 'Weather not found';
export const IMPORT_NOT_FOUND =
  'The weather import was not found or has expired. Please upload the file again.';

export const weatherNotFound = (): HttpError => notFound(WEATHER_NOT_FOUND);

export const weatherActorOf = (auth: AuthContext): LibraryActor => ({
  userId: auth.user.id,
  companyId: auth.company.id,
  roles: auth.user.roles,
});

export type WeatherAction = 'read' | 'edit' | 'delete' | 'status';

export const isPendingImport = (row: WeatherRow): boolean =>
  (row.state as { pendingImport?: unknown }).pendingImport === true;

export function mayActOnWeather(actor: LibraryActor, row: WeatherRow, action: WeatherAction): boolean {
  switch (action) {
    case 'read':
      return canReadAsset(actor, row);
    case 'edit':
      return canEditAsset(actor, row);
    case 'delete':
      return canDeleteAsset(actor, row);
    case 'status':
      return canChangeAssetStatus(actor, row);
  }
}

/** Why the caller may not do this to a weather it can read (the 403 message). */
export function weatherRefusal(row: WeatherRow, action: WeatherAction): string {
  if (isGlobalAsset(row)) return 'Global weather is read-only: only super admins may change it.';
  if (action === 'delete') return `${row.name} cannot be deleted in its current status.`;
  if (action === 'status') return `You may not change the status of ${row.name}.`;
  return `${row.name} is read-only in its current status.`;
}

/**
 * The weather with this id if the caller may read it (else 404) and do `action` to it (else 403
 * `{message, modelState}`). Pending imports are not found here.
 */
export async function loadWeatherFor(
  db: Db,
  auth: AuthContext,
  rawId: unknown,
  action: WeatherAction = 'read',
): Promise<WeatherWithOwner> {
  const id = integerId(rawId);
  if (id === undefined) throw weatherNotFound();
  const found = await findWeather(db, auth.company.id, id);
  const actor = weatherActorOf(auth);
  if (!found || isPendingImport(found.weather) || !canReadAsset(actor, found.weather)) {
    throw weatherNotFound();
  }
  if (action !== 'read' && !mayActOnWeather(actor, found.weather, action)) {
    const message = weatherRefusal(found.weather, action);
    throw forbidden({ message, modelState: { $: [message] } });
  }
  return found;
}

/** The caller's own pending import (404 with a message to upload again otherwise). */
export async function loadPendingImportFor(db: Db, auth: AuthContext, rawId: unknown): Promise<WeatherRow> {
  const id = integerId(rawId);
  const found = id === undefined ? undefined : await findWeather(db, auth.company.id, id);
  if (
    !found ||
    !isPendingImport(found.weather) ||
    found.weather.companyId !== auth.company.id ||
    found.weather.ownerId !== auth.user.id
  ) {
    throw notFound(IMPORT_NOT_FOUND);
  }
  return found.weather;
}
