/**
 * The project as the API shows it, with the field names of spec 3 (Project). The only path from a
 * project row to JSON.
 */
import type { OwnerSummary, ProjectRow } from '../models/project.ts';

export interface PresentedProject {
  id: number;
  name: string;
  description: string | null;
  companyId: string;
  ownerId: string | null;
  owner?: OwnerSummary | null;
  createdDate: string;
  lastModified: string;
  lastModifiedById: string | null;
  latitude: number;
  longitude: number;
  country: string | null;
  countryCode: string | null;
  stateProvince: string | null;
  stateProvinceCode: string | null;
  locality: string | null;
  region: string | null;
  elevation: number | null;
  timeZone: string | null;
  standardOffsetFromUTC: number | null;
  status: number;
  predictions?: unknown[];
  /** Only in a radius search: great-circle distance from the searched point [mi]. */
  distance?: number;
}

export interface ProjectExtras {
  /** Present the owner (null when the owner was removed); left out when not joined. */
  owner?: OwnerSummary | null;
  predictions?: unknown[];
  distance?: number;
}

export function presentProject(row: ProjectRow, extras: ProjectExtras = {}): PresentedProject {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    companyId: row.companyId,
    ownerId: row.ownerId,
    ...(extras.owner !== undefined
      ? {
          owner: extras.owner
            ? { id: extras.owner.id, firstName: extras.owner.firstName, lastName: extras.owner.lastName }
            : null,
        }
      : {}),
    createdDate: row.createdDate.toISOString(),
    lastModified: row.lastModified.toISOString(),
    lastModifiedById: row.lastModifiedById,
    latitude: row.latitude,
    longitude: row.longitude,
    country: row.country,
    countryCode: row.countryCode,
    stateProvince: row.stateProvince,
    stateProvinceCode: row.stateProvinceCode,
    locality: row.locality,
    region: row.region,
    elevation: row.elevation,
    timeZone: row.timeZone,
    standardOffsetFromUTC: row.standardOffsetFromUTC,
    status: row.status,
    ...(extras.predictions ? { predictions: extras.predictions } : {}),
    ...(extras.distance !== undefined ? { distance: extras.distance } : {}),
  };
}
