/**
 * The import form (pure, unit-tested): its values from the parsed file (weatherFileInfo), the generic
 * CSV column mapping (guessed keys and units, editable), checks before sending, and the
 * ImportSettings body of ValidateImport / FinalizeImport.
 */
import { quantityRangeText, type UnitSystemName } from '@sunfield/domain';
import { FILE_UNITS } from './format.ts';
import type {
  GenericCsvInfo,
  GenericCsvMapping,
  GenericTimestamp,
  ImportSettings,
  ParseResult,
  TimestampDefinitionName,
  ValidationMessage,
  ValidationResult,
  WeatherSeriesKey,
} from './types.ts';

/** Columns that make up the time stamp, by layout. */
export const STAMP_ROLES = ['timestamp', 'date', 'time', 'year', 'month', 'day', 'hour', 'minute'] as const;
export type StampRole = (typeof STAMP_ROLES)[number];

/** A column's role: a quantity, a part of the time stamp, or ignored. */
export type ColumnRole = WeatherSeriesKey | StampRole | 'ignore';

export const STAMP_ROLE_LABELS: Record<StampRole, string> = {
  timestamp: 'Time stamp',
  date: 'Date',
  time: 'Time of day',
  year: 'Year',
  month: 'Month',
  day: 'Day',
  hour: 'Hour',
  minute: 'Minute',
};

export type StampFormat = GenericTimestamp['format'];

export const STAMP_FORMATS: {
  value: StampFormat;
  label: string;
  roles: StampRole[];
  optional?: StampRole[];
}[] = [
  { value: 'iso', label: 'ISO 8601 (2019-01-31T13:00)', roles: ['timestamp'] },
  { value: 'ymd', label: 'Year-month-day time (2019-01-31 13:00)', roles: ['timestamp'] },
  { value: 'mdy', label: 'Month/day/year time (01/31/2019 13:00)', roles: ['timestamp'] },
  { value: 'dmy', label: 'Day/month/year time (31/01/2019 13:00)', roles: ['timestamp'] },
  { value: 'date time', label: 'Date and time in two columns', roles: ['date', 'time'] },
  {
    value: 'ymdhm columns',
    label: 'Year, month, day, hour (and minute) columns',
    roles: ['year', 'month', 'day', 'hour'],
    optional: ['minute'],
  },
  { value: 'excel serial', label: 'Excel serial day number', roles: ['timestamp'] },
  { value: 'unix', label: 'Unix seconds', roles: ['timestamp'] },
];

export const rolesOfFormat = (format: StampFormat): StampRole[] => {
  const entry = STAMP_FORMATS.find((f) => f.value === format);
  return entry ? [...entry.roles, ...(entry.optional ?? [])] : ['timestamp'];
};

export const TIMESTAMP_DEFINITION_NAMES: Record<string, TimestampDefinitionName> = {
  '1': 'intervalEnd',
  '2': 'intervalBegin',
  '3': 'intervalMiddle',
  '4': 'instantaneous',
};
const DEFINITION_IDS: Record<TimestampDefinitionName, string> = {
  intervalEnd: '1',
  intervalBegin: '2',
  intervalMiddle: '3',
  instantaneous: '4',
};

export interface MappingRow {
  index: number;
  header: string;
  role: ColumnRole;
  unit: string;
}

export interface ImportForm {
  name: string;
  latitude: number | '';
  longitude: number | '';
  elevation: number | '';
  /** site standard time, hours from UTC */
  timeZone: number | '';
  timestampDefinition: string;
  /** generic CSV only */
  delimiter: string;
  headerRow: number;
  firstDataRow: number;
  decimal: '.' | ',';
  stampFormat: StampFormat;
  dateOrder: 'ymd' | 'dmy' | 'mdy';
  /** UTC offset the stamps are written in ('' = the site's time zone) */
  stampTimeZone: number | '';
  columns: MappingRow[];
}

const numOr = (value: number | null | undefined): number | '' =>
  typeof value === 'number' && Number.isFinite(value) ? value : '';

const isSeries = (role: string): role is WeatherSeriesKey => role in FILE_UNITS;

export function unitsFor(role: ColumnRole, server?: Record<string, string[]>): string[] {
  if (!isSeries(role)) return [];
  return server?.[role]?.length ? server[role]! : FILE_UNITS[role];
}

/** Column index → stamp role of a timestamp layout. */
export function stampColumns(stamp: GenericTimestamp | null | undefined): Map<number, StampRole> {
  const out = new Map<number, StampRole>();
  if (!stamp) return out;
  if ('column' in stamp) out.set(stamp.column, 'timestamp');
  else if (stamp.format === 'date time') {
    out.set(stamp.dateColumn, 'date');
    out.set(stamp.timeColumn, 'time');
  } else {
    out.set(stamp.year, 'year');
    out.set(stamp.month, 'month');
    out.set(stamp.day, 'day');
    out.set(stamp.hour, 'hour');
    if (stamp.minute !== undefined) out.set(stamp.minute, 'minute');
  }
  return out;
}

/** The roles of the generic CSV columns: the engine's assembled mapping, else its per-column guesses. */
export function initialMapping(csv: GenericCsvInfo): MappingRow[] {
  const stamp = stampColumns(csv.mapping?.timestamp ?? csv.timestamp);
  const mapped = new Map((csv.mapping?.columns ?? []).map((c) => [c.index, c]));
  return csv.columns.map((column) => {
    const fromMapping = mapped.get(column.index);
    const guessed = fromMapping?.key ?? column.guessedKey ?? '';
    let role: ColumnRole = stamp.get(column.index) ?? (isSeries(guessed) ? guessed : 'ignore');
    if (!csv.mapping && !stamp.has(column.index) && !isSeries(guessed)) role = 'ignore';
    const units = unitsFor(role, csv.units);
    const wanted = fromMapping?.unit ?? column.guessedUnit ?? '';
    const unit = units.includes(wanted) ? wanted : (units[0] ?? '');
    return { index: column.index, header: column.header, role, unit };
  });
}

export function initialForm(parsed: ParseResult): ImportForm {
  const info = parsed.weatherFileInfo ?? {};
  const csv = parsed.genericCsv ?? null;
  const stamp = csv?.mapping?.timestamp ?? csv?.timestamp ?? null;
  const definition = csv?.mapping?.timestampDefinition;
  const siteZone =
    numOr(info.timeZone) !== '' ? numOr(info.timeZone) : numOr(csv?.mapping?.siteTimeZone ?? csv?.timeZone);
  return {
    name: (info.name ?? '').trim(),
    latitude: numOr(info.latitude ?? csv?.latitude),
    longitude: numOr(info.longitude ?? csv?.longitude),
    elevation: numOr(info.elevation ?? csv?.elevation),
    timeZone: siteZone,
    timestampDefinition: definition ? DEFINITION_IDS[definition] : String(info.timestampDefinition || 1),
    delimiter: csv?.mapping?.delimiter ?? csv?.delimiter ?? ',',
    headerRow: csv?.mapping?.headerRow ?? csv?.headerRow ?? 0,
    firstDataRow: csv?.mapping?.firstDataRow ?? csv?.firstDataRow ?? (csv?.headerRow ?? 0) + 1,
    decimal: csv?.mapping?.decimal ?? csv?.decimal ?? '.',
    stampFormat: stamp?.format ?? 'iso',
    dateOrder: stamp && 'order' in stamp ? stamp.order : 'ymd',
    // The engine's mapping says 0 (UTC) when the file names no offset: then the site's zone is meant.
    stampTimeZone: typeof csv?.timeZone === 'number' ? numOr(csv.mapping?.timeZone ?? csv.timeZone) : '',
    columns: csv ? initialMapping(csv) : [],
  };
}

/** Changing a column's role picks the first unit of the new role; a stamp role is held by one column. */
export function setRole(
  rows: MappingRow[],
  index: number,
  role: ColumnRole,
  server?: Record<string, string[]>,
): MappingRow[] {
  const stamp = (STAMP_ROLES as readonly string[]).includes(role);
  return rows.map((row) => {
    if (row.index === index) return { ...row, role, unit: unitsFor(role, server)[0] ?? '' };
    if (stamp && row.role === role) return { ...row, role: 'ignore', unit: '' };
    return row;
  });
}

export function setUnit(rows: MappingRow[], index: number, unit: string): MappingRow[] {
  return rows.map((row) => (row.index === index ? { ...row, unit } : row));
}

/** A new layout drops the stamp roles it does not use. */
export function setStampFormat(form: ImportForm, format: StampFormat): ImportForm {
  const keep = rolesOfFormat(format) as string[];
  return {
    ...form,
    stampFormat: format,
    columns: form.columns.map((row) =>
      (STAMP_ROLES as readonly string[]).includes(row.role) && !keep.includes(row.role)
        ? { ...row, role: 'ignore', unit: '' }
        : row,
    ),
  };
}

export type FormErrors = Partial<
  Record<'name' | 'latitude' | 'longitude' | 'elevation' | 'timeZone' | 'mapping', string>
>;

/** The form's errors; ranges of quantities are stated in the user's unit system. */
export function checkForm(form: ImportForm, generic: boolean, system: UnitSystemName = 'metric'): FormErrors {
  const errors: FormErrors = {};
  if (!form.name.trim()) errors.name = 'Name is required.';
  if (form.latitude === '') errors.latitude = 'Latitude is required.';
  else if (form.latitude < -90 || form.latitude > 90)
    errors.latitude = 'Latitude must be between -90 and 90.';
  if (form.longitude === '') errors.longitude = 'Longitude is required.';
  else if (form.longitude < -180 || form.longitude > 180)
    errors.longitude = 'Longitude must be between -180 and 180.';
  if (form.elevation !== '' && (form.elevation < -500 || form.elevation > 9000))
    errors.elevation = quantityRangeText('Elevation', 'elevation', -500, 9000, system);
  if (form.timeZone === '') errors.timeZone = 'Time zone is required.';
  else if (form.timeZone < -12 || form.timeZone > 14)
    errors.timeZone = 'Time zone must be between -12 and 14 hours.';
  if (generic) {
    const entry = STAMP_FORMATS.find((f) => f.value === form.stampFormat);
    const missing = (entry?.roles ?? ['timestamp']).filter(
      (role) => !form.columns.some((c) => c.role === role),
    );
    if (missing.length)
      errors.mapping = `Choose the ${missing.map((r) => STAMP_ROLE_LABELS[r].toLowerCase()).join(', ')} column${missing.length > 1 ? 's' : ''}.`;
    else if (!form.columns.some((c) => c.role === 'ghi' || c.role === 'poa'))
      errors.mapping = 'Map the GHI column.';
  }
  return errors;
}

function buildTimestamp(form: ImportForm): GenericTimestamp {
  const at = (role: StampRole) => form.columns.find((c) => c.role === role)?.index;
  if (form.stampFormat === 'date time')
    return {
      format: 'date time',
      order: form.dateOrder,
      dateColumn: at('date') ?? 0,
      timeColumn: at('time') ?? 1,
    };
  if (form.stampFormat === 'ymdhm columns') {
    const minute = at('minute');
    return {
      format: 'ymdhm columns',
      year: at('year') ?? 0,
      month: at('month') ?? 1,
      day: at('day') ?? 2,
      hour: at('hour') ?? 3,
      ...(minute !== undefined ? { minute } : {}),
    };
  }
  return { format: form.stampFormat, column: at('timestamp') ?? 0 };
}

/** The engine's GenericCsvMapping of the form (generic CSV only). */
export function buildMapping(form: ImportForm): GenericCsvMapping {
  const site = Number(form.timeZone);
  return {
    delimiter: form.delimiter,
    headerRow: form.headerRow,
    firstDataRow: form.firstDataRow,
    decimal: form.decimal,
    timestamp: buildTimestamp(form),
    timeZone: form.stampTimeZone === '' ? site : form.stampTimeZone,
    siteTimeZone: site,
    timestampDefinition: TIMESTAMP_DEFINITION_NAMES[form.timestampDefinition] ?? 'intervalEnd',
    columns: form.columns
      .filter((c) => isSeries(c.role))
      .map((c) => ({ index: c.index, key: c.role, unit: c.unit })),
    latitude: Number(form.latitude),
    longitude: Number(form.longitude),
    ...(form.elevation !== '' ? { elevation: form.elevation } : {}),
    name: form.name.trim(),
  };
}

/** The body of ValidateImport/FinalizeImport; call only when checkForm found nothing. */
export function buildSettings(form: ImportForm, generic: boolean): ImportSettings {
  return {
    name: form.name.trim(),
    latitude: Number(form.latitude),
    longitude: Number(form.longitude),
    elevation: form.elevation === '' ? null : form.elevation,
    timeZone: Number(form.timeZone),
    timestampDefinition: Number(form.timestampDefinition),
    ...(generic ? { mapping: buildMapping(form) } : {}),
  };
}

export function messageText(item: string | ValidationMessage): string {
  if (typeof item === 'string') return item;
  const line = typeof item.line === 'number' ? `Line ${item.line}: ` : '';
  return `${line}${item.message}`;
}

export function validationMessages(result: ValidationResult | null | undefined) {
  return {
    warnings: (result?.warnings ?? []).map(messageText),
    errors: (result?.errors ?? []).map(messageText),
  };
}

/**
 * The messages of a failed Parse/Validate/Finalize, shown on the import screen (no generic heading,
 * spec 1 §5): the message (e.g. 'Line 12: …') and every modelState message not already in it.
 */
export function importErrorMessages(body: unknown, fallback: string): string[] {
  const value = (body ?? {}) as { message?: unknown; modelState?: Record<string, unknown>; errors?: unknown };
  const out: string[] = [];
  if (typeof value.message === 'string' && value.message.trim()) out.push(value.message.trim());
  for (const list of Object.values(value.modelState ?? {})) {
    for (const item of Array.isArray(list) ? list : [list]) {
      const text = typeof item === 'string' ? item : messageText(item as ValidationMessage);
      if (text && !out.some((m) => m === text || m.includes(text))) out.push(text);
    }
  }
  if (Array.isArray(value.errors)) {
    for (const item of value.errors) {
      const text = messageText(item as ValidationMessage);
      if (text && !out.includes(text)) out.push(text);
    }
  }
  if (typeof body === 'string' && body.trim()) out.push(body.trim());
  return out.length ? out : [fallback];
}
