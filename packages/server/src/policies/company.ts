/**
 * Who may see and change a company. A user sees their own company; a super admin sees every
 * company. Another company's id is "not found" (404), never forbidden, so ids reveal nothing.
 * Settings (default settings, weather-vendor credentials) are changed by the company's admins and IT
 * admins (spec 1 §1: "Company admins set default settings and weather-vendor credentials"; IT admins
 * are allowed the company default-settings pages) and by super admins.
 */
import { eq } from 'drizzle-orm';
import {
  ASSET_STATUS,
  isAdmin,
  isITAdmin,
  isSuperAdmin,
  newAssetStatus,
  settableAssetStatuses,
  type RoleList,
} from '@sunfield/domain';
import type { AuthContext, CompanyRow } from '../auth/context.ts';
import type { Db } from '../db/index.ts';
import { companies } from '../db/schema.ts';
import { forbidden, notFound, type ModelState } from '../lib/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const COMPANY_NOT_FOUND = 'Company not found.';

export const canReadCompany = (auth: AuthContext, companyId: string): boolean =>
  companyId === auth.company.id || isSuperAdmin(auth.user.roles);

export const canEditCompanySettings = (auth: AuthContext, companyId: string): boolean =>
  isSuperAdmin(auth.user.roles) ||
  (companyId === auth.company.id && (isAdmin(auth.user.roles) || isITAdmin(auth.user.roles)));

/**
 * The company the caller may read: `rawId` (a uuid), or the caller's own company when absent; 404
 * for a malformed or unknown id or another company (unless super admin); 403 when `edit` is asked
 * and the caller may read but not change it.
 */
export async function loadCompanyFor(
  db: Db,
  auth: AuthContext,
  rawId: unknown,
  options: { edit?: boolean } = {},
): Promise<CompanyRow> {
  const id = rawId === undefined || rawId === null || rawId === '' ? auth.company.id : rawId;
  if (typeof id !== 'string' || !UUID.test(id) || !canReadCompany(auth, id.toLowerCase())) {
    throw notFound(COMPANY_NOT_FOUND);
  }
  const [row] = await db.select().from(companies).where(eq(companies.id, id.toLowerCase())).limit(1);
  if (!row) throw notFound(COMPANY_NOT_FOUND);
  if (options.edit && !canEditCompanySettings(auth, row.id)) {
    throw forbidden('You are not allowed to do this.');
  }
  return row;
}

/** The library kinds whose new rows take their status from the company's default settings. */
export type DefaultStatusKind = 'module' | 'inverter' | 'weather';

const DEFAULT_STATUS_FIELD: Record<DefaultStatusKind, string> = {
  module: 'moduleStatus',
  inverter: 'inverterStatus',
  weather: 'weatherStatus',
};

const miscellaneousOf = (settings: unknown): Record<string, unknown> | undefined => {
  const misc = (settings as Record<string, unknown> | null | undefined)?.miscellaneousSettings;
  return misc && typeof misc === 'object' ? (misc as Record<string, unknown>) : undefined;
};

/** The company default status of new rows of a kind (miscellaneousSettings), if it has one. */
export function companyDefaultStatus(company: CompanyRow, kind: DefaultStatusKind): number | null {
  const value = miscellaneousOf(company.defaultSettings)?.[DEFAULT_STATUS_FIELD[kind]];
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/**
 * The status of a new row of the caller: the company default when the caller may set that status
 * (settableAssetStatuses: Global ones only for super admins), else Draft-Private. A default stored
 * by a super admin, or before defaults were checked, never makes a user's import Global.
 */
export function newRowStatus(auth: AuthContext, kind: DefaultStatusKind): number {
  const status = newAssetStatus(companyDefaultStatus(auth.company, kind));
  return settableAssetStatuses(auth.user.roles).includes(status) ? status : ASSET_STATUS.DraftPrivate;
}

/**
 * The default statuses of a PUT DefaultSettings body that the caller may not set, as modelState
 * entries naming the field (`miscellaneousSettings.weatherStatus`); empty when all are allowed.
 */
export function defaultStatusProblems(settings: Record<string, unknown>, roles: RoleList): ModelState {
  const problems: ModelState = {};
  const misc = miscellaneousOf(settings);
  if (!misc) return problems;
  const allowed = settableAssetStatuses(roles);
  for (const field of Object.values(DEFAULT_STATUS_FIELD)) {
    const value = misc[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !allowed.includes(value)) {
      problems[`miscellaneousSettings.${field}`] = [`Status ${JSON.stringify(value)} cannot be set.`];
    }
  }
  return problems;
}
