/**
 * The company default-settings pages (pure, unit-tested): who may change them, the draft of a page's
 * groups taken from GET /Company/DefaultSettings, the body a save sends (only the page's groups: the
 * server keeps the others), the range of a number field in the form's terms, the errors of a save by
 * field (`group.field`), and the problems the form finds before sending.
 */
import {
  ASSET_STATUS,
  isAdmin,
  isITAdmin,
  isSuperAdmin,
  type DefaultSettingsPage,
  type NumberSetting,
  type MonthlySetting,
  type RoleList,
  type Setting,
  type SettingsGroup,
  settableAssetStatuses,
} from '@sunfield/domain';
import { rangeProblem, type Range } from '../predictions/pages/settings/fieldRules.ts';

type Json = Record<string, unknown>;

/** A page's groups: group key → field key → value. */
export type SettingsDraft = Record<string, Json>;

/** Company admins and IT admins of the company, and super admins (the server's rule, policies/company.ts). */
export function canEditCompanySettings(
  user: { companyId: string; roles: RoleList } | null | undefined,
  companyId: string,
): boolean {
  if (!user) return false;
  if (isSuperAdmin(user.roles)) return true;
  return user.companyId === companyId && (isAdmin(user.roles) || isITAdmin(user.roles));
}

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Twelve numbers from a stored monthly setting (numbers or `{month, value}` entries), else nulls. */
export function monthlyOf(value: unknown, entryKey: string): (number | null)[] {
  const out: (number | null)[] = Array.from({ length: 12 }, () => null);
  if (!Array.isArray(value)) return out;
  value.forEach((entry: unknown, i) => {
    if (typeof entry === 'number' && i < 12) out[i] = entry;
    else if (isObject(entry)) {
      const month = typeof entry.month === 'number' ? entry.month : i + 1;
      const v = [entry[entryKey], entry.value].find((x) => typeof x === 'number');
      if (month >= 1 && month <= 12 && typeof v === 'number') out[month - 1] = v;
    }
  });
  return out;
}

/** The draft of a page from the stored settings: each known field of its groups (null when unset). */
export function draftOf(page: DefaultSettingsPage, stored: Json | null | undefined): SettingsDraft {
  const draft: SettingsDraft = {};
  for (const group of page.groups) {
    const from = isObject(stored?.[group.key]) ? (stored[group.key] as Json) : {};
    const values: Json = {};
    for (const field of group.fields) {
      values[field.key] =
        field.kind === 'monthly' ? monthlyOf(from[field.key], field.entryKey) : (from[field.key] ?? null);
    }
    draft[group.key] = values;
  }
  return draft;
}

/**
 * The body of a save: the page's groups with their set fields (blank fields are left out, so the
 * built-in default applies); a monthly setting is sent only when all twelve months are given.
 */
export function bodyOf(page: DefaultSettingsPage, draft: SettingsDraft): Json {
  const body: Json = {};
  for (const group of page.groups) {
    const values: Json = {};
    for (const field of group.fields) {
      const value = draft[group.key]?.[field.key];
      if (field.kind === 'monthly') {
        if (Array.isArray(value) && value.every((v) => typeof v === 'number')) values[field.key] = value;
      } else if (value !== null && value !== undefined) values[field.key] = value;
    }
    body[group.key] = values;
  }
  return body;
}

/** The form's range of a number setting (fieldRules.ts). */
export function formRange(setting: NumberSetting | MonthlySetting): Range {
  return {
    min: setting.range.min,
    max: setting.range.max,
    ...(setting.range.aboveMin ? { minExclusive: true } : {}),
    ...(setting.range.integer ? { integer: true } : {}),
  };
}

/** The symbol shown beside a number when it has no convertible unit ('%', 'kV', '$/MWh'). */
export const symbolOf = (setting: NumberSetting | MonthlySetting): string => setting.range.unit;

/** Problems the form finds (out of range, a monthly row partly filled), by `group.field`. */
export function draftProblems(page: DefaultSettingsPage, draft: SettingsDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const group of page.groups) {
    for (const field of group.fields) {
      const path = `${group.key}.${field.key}`;
      const value = draft[group.key]?.[field.key];
      if (field.kind === 'number') {
        const problem = rangeProblem(value, formRange(field), { symbol: symbolOf(field) }, 'metric');
        if (problem) problems[path] = problem;
      } else if (field.kind === 'monthly' && Array.isArray(value)) {
        const given = value.filter((v) => v !== null && v !== undefined);
        if (given.length > 0 && given.length < 12) problems[path] = 'Give all twelve months, or none.';
        else if (value.some((v) => rangeProblem(v, formRange(field), { symbol: symbolOf(field) }, 'metric')))
          problems[path] = `Each month must be a number from ${field.range.min} to ${field.range.max}${
            field.range.unit ? ` ${field.range.unit}` : ''
          }.`;
      }
    }
  }
  return problems;
}

/** A save's modelState by `group.field` (lower-cased keys matched to the page's fields); the rest general. */
export function errorsByField(
  page: DefaultSettingsPage,
  modelState: Record<string, string[] | string>,
): { fields: Record<string, string>; general: string[] } {
  const known = new Map<string, string>();
  for (const group of page.groups)
    for (const field of group.fields)
      known.set(`${group.key}.${field.key}`.toLowerCase(), `${group.key}.${field.key}`);
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const [key, value] of Object.entries(modelState)) {
    const messages = (Array.isArray(value) ? value : [value]).filter(Boolean);
    const path = known.get(key.toLowerCase());
    if (path) fields[path] = messages.join(' ');
    else general.push(...messages.map((m) => (key ? `${key}: ${m}` : m)));
  }
  return { fields, general };
}

/** Whether two drafts differ (dirty form). */
export const draftChanged = (a: SettingsDraft, b: SettingsDraft): boolean =>
  JSON.stringify(a) !== JSON.stringify(b);

/**
 * The options of an enumeration setting, in the enumeration's order: those the engine runs
 * (`engineValues` by enumeration type) and, for the statuses of new rows, those the user may set
 * (`statuses`); the current value is always kept, so a stored choice shows.
 */
export function enumChoices(
  setting: Setting,
  current: unknown,
  options: { engineValues?: Readonly<Record<string, readonly number[]>>; statuses?: readonly number[] } = {},
): { value: string; label: string }[] {
  if (setting.kind !== 'enum') return [];
  const engine = options.engineValues?.[setting.definition.type];
  const statuses = setting.definition.type === 'LibraryStatusEnum' ? options.statuses : undefined;
  return setting.definition.values
    .filter(
      (v) =>
        v.id === current || ((!engine || engine.includes(v.id)) && (!statuses || statuses.includes(v.id))),
    )
    .map((v) => ({ value: String(v.id), label: v.label ?? v.name }));
}

/**
 * The status a new module, inverter or weather of the user gets (the server's rule, policies/company.ts
 * newRowStatus): the company's `miscellaneousSettings` default when the user may set that status, else
 * Draft-Private.
 */
export function newRowStatusOf(
  settings: Json | null | undefined,
  field: 'moduleStatus' | 'inverterStatus' | 'weatherStatus',
  roles: RoleList,
): number {
  const misc = settings?.miscellaneousSettings;
  const value = isObject(misc) ? misc[field] : undefined;
  return typeof value === 'number' && settableAssetStatuses(roles).includes(value)
    ? value
    : ASSET_STATUS.DraftPrivate;
}

export type { SettingsGroup };
