/** The project as the API sends it (spec 1 §3; server contract of GET /api/Project/{id}). */
export interface ProjectOwner {
  firstName?: string | null;
  lastName?: string | null;
}

export interface PredictionSummary {
  id: number;
  name: string;
  status?: number | null;
  processingStatus?: number | null;
  lastModified?: string | null;
}

export interface Project {
  id: number;
  name: string;
  description?: string | null;
  companyId?: string | null;
  ownerId?: string | null;
  owner?: ProjectOwner | null;
  createdDate?: string | null;
  lastModified?: string | null;
  /** [°] north positive */
  latitude: number;
  /** [°] east positive */
  longitude: number;
  country?: string | null;
  countryCode?: string | null;
  stateProvince?: string | null;
  locality?: string | null;
  region?: string | null;
  /** [m] */
  elevation?: number | null;
  timeZone?: string | null;
  /** [h] standard time, no daylight saving */
  standardOffsetFromUTC?: number | null;
  /** Project status: Active 0, Archived 1, VoltagePro 2 (spec 1 §3 enumerations). */
  status: number;
  predictions?: PredictionSummary[] | null;
}

/** What the create and edit forms send (POST/PUT /api/Project). */
export interface ProjectPayload {
  name: string;
  description: string | null;
  latitude: number;
  longitude: number;
}

export interface ProjectListPage {
  items: Project[];
  total: number;
}

export interface GeoLocation {
  country?: string | null;
  countryCode?: string | null;
  stateProvince?: string | null;
  locality?: string | null;
  region?: string | null;
}

export interface GeoTimeZone {
  timeZone?: string | null;
  standardOffsetFromUTC?: number | null;
}
