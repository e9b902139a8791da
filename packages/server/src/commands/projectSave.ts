/**
 * Creating and updating a project: fills what the caller left out from the location (time zone,
 * standard offset, country, offline, see lib/geo.ts), keeps owner and last-modified fields, and
 * warns (without refusing) when the company already has a project of the same name.
 */
import { PROJECT_MESSAGES } from '@sunfield/domain';
import type { AuthContext } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { badRequest, INVALID_INPUT } from '../lib/errors.ts';
import { locationAt, standardOffsetHours, timeZoneAt } from '../lib/geo.ts';
import type { XMessage } from '../lib/request.ts';
import {
  insertProject,
  projectNameExists,
  updateProject,
  type ProjectChanges,
  type ProjectRow,
} from '../models/project.ts';
import { projectNotFound, SETTABLE_PROJECT_STATUSES } from '../policies/project.ts';

export interface ProjectInput {
  name: string;
  latitude: number;
  longitude: number;
  description?: string | null | undefined;
  country?: string | null | undefined;
  countryCode?: string | null | undefined;
  stateProvince?: string | null | undefined;
  stateProvinceCode?: string | null | undefined;
  locality?: string | null | undefined;
  region?: string | null | undefined;
  elevation?: number | null | undefined;
  timeZone?: string | null | undefined;
  standardOffsetFromUTC?: number | null | undefined;
  status?: number | undefined;
}

export interface SaveResult {
  project: ProjectRow;
  messages: XMessage[];
}

const duplicateWarning = (name: string): XMessage => ({
  Type: 'warning',
  Message: `A project named ${name} already exists.`,
});

/** Drops keys whose value is undefined, so that an update leaves those columns alone. */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The location-derived fields to store for a point, for each one the caller did not give (absent,
 * null or empty): time zone (geo-tz), standard offset (from the given or found zone), country and
 * its code, and the region and territory that come with the country.
 */
function derivedFromLocation(
  input: Partial<ProjectInput> & { latitude: number; longitude: number },
): ProjectChanges {
  const derived: ProjectChanges = {};
  const point = { latitude: input.latitude, longitude: input.longitude };
  const timeZone = input.timeZone ?? timeZoneAt(point);
  if (input.timeZone == null) derived.timeZone = timeZone;
  if (input.standardOffsetFromUTC == null) {
    derived.standardOffsetFromUTC = timeZone ? standardOffsetHours(timeZone) : null;
  }
  if (input.country == null && input.countryCode == null) {
    const location = locationAt(point);
    derived.country = location.country;
    derived.countryCode = location.countryCode;
    if (input.region == null) derived.region = location.region;
    if (input.stateProvince == null && input.stateProvinceCode == null && location.stateProvince) {
      derived.stateProvince = location.stateProvince;
      derived.stateProvinceCode = location.stateProvinceCode;
    }
  }
  return derived;
}

export async function createProject(db: Db, auth: AuthContext, input: ProjectInput): Promise<SaveResult> {
  const messages: XMessage[] = [];
  if (await projectNameExists(db, auth.company.id, input.name)) messages.push(duplicateWarning(input.name));
  const project = await insertProject(db, {
    ...defined(input),
    ...derivedFromLocation(input),
    name: input.name,
    latitude: input.latitude,
    longitude: input.longitude,
    companyId: auth.company.id,
    ownerId: auth.user.id,
    lastModifiedById: auth.user.id,
  });
  return { project, messages };
}

/**
 * Applies the given fields (absent fields stay as they are, null clears). When the location moves,
 * the time zone, offset and country are found again unless the caller gives them; locality, state
 * and elevation are kept, since no offline source can find them better than the caller.
 */
export async function updateExistingProject(
  db: Db,
  auth: AuthContext,
  current: ProjectRow,
  input: Partial<ProjectInput>,
): Promise<SaveResult> {
  if (input.status !== undefined && input.status !== current.status) {
    if (!SETTABLE_PROJECT_STATUSES.includes(input.status)) {
      throw badRequest(INVALID_INPUT, { status: [PROJECT_MESSAGES.status] });
    }
  }
  const messages: XMessage[] = [];
  if (input.name !== undefined && input.name.toLowerCase() !== current.name.toLowerCase()) {
    if (await projectNameExists(db, auth.company.id, input.name, current.id)) {
      messages.push(duplicateWarning(input.name));
    }
  }
  const latitude = input.latitude ?? current.latitude;
  const longitude = input.longitude ?? current.longitude;
  const moved = latitude !== current.latitude || longitude !== current.longitude;
  const changes: ProjectChanges = {
    ...defined(input),
    ...(moved ? derivedFromLocation({ ...input, latitude, longitude }) : {}),
    lastModified: new Date(),
    lastModifiedById: auth.user.id,
  };
  const project = await updateProject(db, auth.company.id, current.id, changes);
  if (!project) throw projectNotFound();
  return { project, messages };
}
