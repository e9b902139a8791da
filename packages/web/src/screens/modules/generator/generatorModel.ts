/**
 * The module generator's data: the datasheet fields (spec 3 `Module` names) it asks for, how a
 * generator answer is merged into the module being generated, and the templates of the key IV
 * points and full IV curves uploads.
 */
import type { FieldGroup } from '../model/fields.ts';
import type { ModuleRecord } from '../model/types.ts';

export const DATASHEET_GROUPS: FieldGroup[] = [
  {
    title: 'Module',
    fields: [
      { path: 'name', label: 'Name', kind: 'text', required: true },
      { path: 'manufacturer', label: 'Manufacturer', kind: 'text' },
      { path: 'model', label: 'Model', kind: 'text' },
      {
        path: 'cellTechnologyType',
        label: 'Cell technology',
        kind: 'select',
        enumType: 'CellTechnologyTypeEnum',
      },
      { path: 'constructionType', label: 'Construction', kind: 'select', enumType: 'ConstructionTypeEnum' },
      { path: 'faciality', label: 'Faciality', kind: 'select', enumType: 'FacialityEnum' },
      { path: 'numberOfCellsInSeries', label: 'Cells in series', kind: 'integer' },
      { path: 'length', label: 'Length', kind: 'number', unit: 'mm' },
      { path: 'width', label: 'Width', kind: 'number', unit: 'mm' },
    ],
  },
  {
    title: 'Datasheet at STC',
    fields: [
      { path: 'stcMaxPower', label: 'Maximum power (Pmax)', kind: 'number', unit: 'W' },
      { path: 'stcShortCircuitCurrent', label: 'Short-circuit current (Isc)', kind: 'number', unit: 'A' },
      { path: 'stcOpenCircuitVoltage', label: 'Open-circuit voltage (Voc)', kind: 'number', unit: 'V' },
      { path: 'stcmppCurrent', label: 'MPP current (Imp)', kind: 'number', unit: 'A' },
      { path: 'stcmppVoltage', label: 'MPP voltage (Vmp)', kind: 'number', unit: 'V' },
      {
        path: 'stcShortCircuitCurrentTempCoef',
        label: 'Isc temperature coefficient',
        kind: 'number',
        unit: '%/°C',
      },
      {
        path: 'stcOpenCircuitVoltageTempCoef',
        label: 'Voc temperature coefficient',
        kind: 'number',
        unit: '%/°C',
      },
      { path: 'stcPowerTempCoef', label: 'Pmax temperature coefficient', kind: 'number', unit: '%/°C' },
    ],
  },
];

/** Parameters the advanced generator lets the user fix (empty = fitted). */
export const ADVANCED_GROUP: FieldGroup = {
  title: 'Fixed parameters (advanced)',
  fields: [
    { path: 'seriesResistanceAtSTC', label: 'Series resistance', kind: 'number', unit: 'Ω' },
    { path: 'shuntResistanceAtSTC', label: 'Shunt resistance', kind: 'number', unit: 'Ω' },
    { path: 'darkShuntResistance', label: 'Dark shunt resistance', kind: 'number', unit: 'Ω' },
    { path: 'exponentialDependencyOnShuntResistance', label: 'Shunt resistance exponent', kind: 'number' },
    { path: 'diodeIdealityFactorAtSTC', label: 'Diode ideality factor', kind: 'number' },
    {
      path: 'linearTempDependenceOnGamma',
      label: 'Ideality factor temperature coefficient',
      kind: 'number',
      unit: '1/°C',
    },
  ],
};

/** The fitted single-diode fields shown after generation. */
export const FITTED_FIELDS: { key: string; label: string; unit?: string }[] = [
  { key: 'seriesResistanceAtSTC', label: 'Series resistance', unit: 'Ω' },
  { key: 'shuntResistanceAtSTC', label: 'Shunt resistance', unit: 'Ω' },
  { key: 'darkShuntResistance', label: 'Dark shunt resistance', unit: 'Ω' },
  { key: 'exponentialDependencyOnShuntResistance', label: 'Shunt resistance exponent' },
  { key: 'saturationCurrentAtSTC', label: 'Saturation current', unit: 'A' },
  { key: 'diodeIdealityFactorAtSTC', label: 'Diode ideality factor' },
  { key: 'linearTempDependenceOnGamma', label: 'Ideality factor temperature coefficient', unit: '1/°C' },
  { key: 'shortCircuitCurrentAtSTC', label: 'Short-circuit current', unit: 'A' },
  { key: 'linearTempDependenceOnIsc', label: 'Isc temperature coefficient', unit: '%/°C' },
  { key: 'bandgapVoltage', label: 'Bandgap voltage', unit: 'eV' },
];

/**
 * The module fields of a generator answer: the answer itself when it is a module record, or its
 * `module` / `record` member. Only plain values are taken (no ids or library fields).
 */
export function fittedFields(answer: unknown): Partial<ModuleRecord> {
  if (!answer || typeof answer !== 'object') return {};
  const body = answer as Record<string, unknown>;
  const source = (body.module ?? body.record ?? body) as Record<string, unknown>;
  if (!source || typeof source !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (['id', 'status', 'companyId', 'ownerId', 'name'].includes(key)) continue;
    if (
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      typeof value === 'string' ||
      Array.isArray(value)
    )
      out[key] = value;
  }
  return out;
}

/** Warnings of a generator answer, when it gives any. */
export function answerWarnings(answer: unknown): string[] {
  const warnings = (answer as { warnings?: unknown } | null)?.warnings;
  return Array.isArray(warnings) ? warnings.filter((w): w is string => typeof w === 'string') : [];
}

/** One measured point of an upload, as the answer lists it (names read tolerantly). */
export interface MeasuredPoint {
  irradiance: number;
  temperature: number;
  voltage?: number;
  current?: number;
  pmp?: number;
}

const pick = (row: Record<string, unknown>, ...keys: string[]): number | undefined => {
  for (const key of keys) {
    const value = row[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return undefined;
};

/** The measured points of an answer (`points`, `keyIVPoints`, `ivCurves` or `measured`). */
export function measuredPoints(answer: unknown): MeasuredPoint[] {
  const body = (answer ?? {}) as Record<string, unknown>;
  const list = [body.points, body.keyIVPoints, body.ivPoints, body.measured, body.ivCurves].find(
    Array.isArray,
  ) as unknown[] | undefined;
  if (!list) return [];
  const out: MeasuredPoint[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const row = item as Record<string, unknown>;
    const irradiance = pick(row, 'irradiance', 'effectiveIrradiance', 'g');
    const temperature = pick(row, 'temperature', 'cellTemperature', 'tempCell', 't');
    if (irradiance === undefined || temperature === undefined) continue;
    const nested = Array.isArray(row.points) ? (row.points as Record<string, unknown>[]) : null;
    if (nested) {
      for (const p of nested) {
        out.push({
          irradiance,
          temperature,
          voltage: pick(p, 'voltage', 'v'),
          current: pick(p, 'current', 'i'),
        });
      }
      continue;
    }
    const vmp = pick(row, 'vmp', 'vmpp');
    const imp = pick(row, 'imp', 'impp');
    out.push({
      irradiance,
      temperature,
      voltage: pick(row, 'voltage', 'v'),
      current: pick(row, 'current', 'i'),
      pmp: pick(row, 'pmp', 'pmpp') ?? (vmp !== undefined && imp !== undefined ? vmp * imp : undefined),
    });
  }
  return out;
}

/** Template CSVs of the uploads (header and example rows). */
export const KEY_IV_TEMPLATE =
  'irradiance,temperature,isc,voc,imp,vmp\n1000,25,13.9,49.6,13.1,41.9\n800,25,11.12,49.2,10.49,41.8\n600,25,8.34,48.7,7.87,41.6\n400,25,5.56,48.0,5.24,41.2\n200,25,2.78,46.8,2.61,40.3\n1000,50,14.0,46.3,13.1,38.7\n';
export const FULL_IV_TEMPLATE =
  'irradiance,temperature,voltage,current\n1000,25,0,13.9\n1000,25,10,13.88\n1000,25,20,13.85\n1000,25,30,13.7\n1000,25,40,13.2\n1000,25,45,10.5\n1000,25,49.6,0\n';

/** Saves a text file through the browser. */
export function downloadText(name: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
