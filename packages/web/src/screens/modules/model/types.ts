/**
 * The module shapes of the API: the spec 3 `Module` (kept as a loose record — the screens edit a
 * known subset and keep every other field as it came) plus the library fields the server adds, and
 * the lines of GET /Module/ModuleOverview.
 */

/** A spec 3 module record; unknown fields are kept as they came. */
export type ModuleRecord = Record<string, unknown> & { name: string };

/** GET /Module/{id}: the fields plus what the library adds. */
export interface Module extends ModuleRecord {
  id: number;
  status: number;
  companyId: string | null;
  ownerId: string | null;
  ownerName: string | null;
  source: string | null;
  note: string | null;
  isReadOnly: boolean;
  canDelete: boolean;
  lastModified: string;
}

export interface ModuleOverviewItem {
  id: number;
  name: string;
  manufacturer: string | null;
  model: string | null;
  stcMaxPower: number | null;
  cellTechnologyType: number | null;
  faciality: number;
  status: number;
  source: string | null;
  ownerId: string | null;
  ownerName: string | null;
  lastModified: string;
  isReadOnly: boolean;
}

export interface ModuleOverviewPage {
  items: ModuleOverviewItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface IamFactor {
  incidenceAngle: number;
  factor: number;
}

export interface DefaultIam {
  ashraeiamB0?: number;
  tabularIAM: IamFactor[];
  sandiaIAMB0: number;
  sandiaIAMB1: number;
  sandiaIAMB2: number;
  sandiaIAMB3: number;
  sandiaIAMB4: number;
  sandiaIAMB5: number;
}
