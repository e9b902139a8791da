/**
 * The inverter editor's working copy (pure, unit-tested). Number inputs hand back text while a number
 * is being typed ('12.'), so the draft keeps `number | string`; `fromDraft` turns it back into the API
 * shape with the field errors. Temperatures and elevations are held in the user's unit system
 * (°F and ft for imperial, spec 2 §9.3) and converted back on save.
 */
import { fromDisplay, quantitySymbol, toDisplay, type UnitSystemName } from '@sunfield/domain';
import type { InverterFields } from './types.ts';

export type Num = number | string;

export interface DraftPoint {
  /** React key; never sent. */
  key: string;
  id?: number;
  x: Num;
  y: Num;
}

export interface DraftCurve {
  key: string;
  id?: number;
  value: Num;
  points: DraftPoint[];
}

export const CURVE_KINDS = ['efficiency', 'kva', 'pq'] as const;
export type CurveKind = (typeof CURVE_KINDS)[number];

type Quantity = 'temperature' | 'elevation' | null;

export interface CurveSpec {
  field: 'efficiencyCurves' | 'kVACurves' | 'pqCurves';
  valueField: 'voltage' | 'elevation' | 'temperature';
  pointsField: 'efficiencyPoints' | 'kVAPoints' | 'pqPoints';
  xField: 'power' | 'temperature' | 'activePowerP';
  yField: 'efficiency' | 'kVA' | 'reactivePowerQ';
  valueLabel: string;
  valueUnit: string | Quantity;
  xLabel: string;
  xUnit: string | Quantity;
  yLabel: string;
  yUnit: string;
  /** What one curve is called ('curve at 880 V'). */
  noun: string;
}

export const CURVES: Record<CurveKind, CurveSpec> = {
  efficiency: {
    field: 'efficiencyCurves',
    valueField: 'voltage',
    pointsField: 'efficiencyPoints',
    xField: 'power',
    yField: 'efficiency',
    valueLabel: 'Voltage',
    valueUnit: 'V',
    xLabel: 'Power',
    xUnit: 'kW',
    yLabel: 'Efficiency',
    yUnit: '%',
    noun: 'Efficiency curve',
  },
  kva: {
    field: 'kVACurves',
    valueField: 'elevation',
    pointsField: 'kVAPoints',
    xField: 'temperature',
    yField: 'kVA',
    valueLabel: 'Elevation',
    valueUnit: 'elevation',
    xLabel: 'Temperature',
    xUnit: 'temperature',
    yLabel: 'Apparent power',
    yUnit: 'kVA',
    noun: 'kVA curve',
  },
  pq: {
    field: 'pqCurves',
    valueField: 'temperature',
    pointsField: 'pqPoints',
    xField: 'activePowerP',
    yField: 'reactivePowerQ',
    valueLabel: 'Temperature',
    valueUnit: 'temperature',
    xLabel: 'Active power P',
    xUnit: 'kW',
    yLabel: 'Reactive power Q',
    yUnit: 'kVAr',
    noun: 'PQ curve',
  },
};

/** Numeric fields of the general panel, with their stored unit (or quantity converted for imperial). */
export const NUMBER_FIELDS = {
  powerRated: { label: 'Rated power', unit: 'kW' },
  apparentPower: { label: 'Apparent power', unit: 'kVA' },
  minDCPowerThreshold: { label: 'Minimum DC power threshold', unit: 'kW' },
  minVoltage: { label: 'Minimum MPP voltage', unit: 'V' },
  maxMPPVoltage: { label: 'Maximum MPP voltage', unit: 'V' },
  maxAbsoluteVoltage: { label: 'Maximum absolute voltage', unit: 'V' },
  maxCurrent: { label: 'Maximum DC current', unit: 'A' },
  outputVoltage: { label: 'Output voltage', unit: 'V' },
  maxElevation: { label: 'Maximum elevation', unit: 'elevation' },
} as const satisfies Record<string, { label: string; unit: string }>;
export type NumberField = keyof typeof NUMBER_FIELDS;
export const NUMBER_FIELD_NAMES = Object.keys(NUMBER_FIELDS) as NumberField[];

export const TEXT_FIELDS = ['name', 'manufacturer', 'model', 'description'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export interface InverterDraft {
  /** Everything the editor does not edit, kept as it came and sent back. */
  rest: Record<string, unknown>;
  text: Record<TextField, string>;
  numbers: Record<NumberField, Num>;
  inverterType: number | null;
  dataSource: number | null;
  usekVACurves: boolean;
  usePQCurves: boolean;
  curves: Record<CurveKind, DraftCurve[]>;
}

/** The units layer (domain quantities.ts) converts the two quantity kinds of an inverter. */
const isQuantity = (unit: string | Quantity): unit is 'temperature' | 'elevation' =>
  unit === 'temperature' || unit === 'elevation';

/** The symbol shown for a unit or quantity in the user's system. */
export function unitLabel(unit: string | Quantity, system: UnitSystemName): string {
  if (isQuantity(unit)) return quantitySymbol(unit, system);
  return unit ?? '';
}

function show(value: unknown, unit: string | Quantity, system: UnitSystemName): Num {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return isQuantity(unit) ? toDisplay(unit, value, system) : value;
}

function store(value: number, unit: string | Quantity, system: UnitSystemName): number {
  return isQuantity(unit) ? fromDisplay(unit, value, system) : value;
}

let nextKey = 0;
export const newKey = (): string => `k${++nextKey}`;

const EDITED_FIELDS = new Set<string>([
  ...TEXT_FIELDS,
  ...NUMBER_FIELD_NAMES,
  'inverterType',
  'dataSource',
  'usekVACurves',
  'usePQCurves',
  'efficiencyCurves',
  'kVACurves',
  'pqCurves',
]);

function curvesToDraft(inverter: InverterFields, kind: CurveKind, system: UnitSystemName): DraftCurve[] {
  const spec = CURVES[kind];
  const list = (inverter[spec.field] ?? []) as unknown as Record<string, unknown>[];
  return list.map((curve) => ({
    key: newKey(),
    ...(typeof curve.id === 'number' ? { id: curve.id } : {}),
    value: show(curve[spec.valueField], spec.valueUnit, system),
    points: ((curve[spec.pointsField] ?? []) as Record<string, unknown>[]).map((point) => ({
      key: newKey(),
      ...(typeof point.id === 'number' ? { id: point.id } : {}),
      x: show(point[spec.xField], spec.xUnit, system),
      y: show(point[spec.yField], spec.yUnit, system),
    })),
  }));
}

/** What the library owns (ids, ownership, permissions, dates): shown, never sent back. */
const LIBRARY_FIELDS = new Set<string>([
  'id',
  'status',
  'companyId',
  'company',
  'ownerId',
  'owner',
  'ownerName',
  'note',
  'isReadOnly',
  'canDelete',
  'createdDate',
  'lastModified',
  'lastModifiedById',
  'lastModifiedBy',
]);

export function toDraft(inverter: InverterFields, system: UnitSystemName = 'metric'): InverterDraft {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(inverter)) {
    if (!EDITED_FIELDS.has(key) && !LIBRARY_FIELDS.has(key)) rest[key] = value;
  }
  const text = Object.fromEntries(
    TEXT_FIELDS.map((field) => [field, typeof inverter[field] === 'string' ? inverter[field] : '']),
  ) as Record<TextField, string>;
  const numbers = Object.fromEntries(
    NUMBER_FIELD_NAMES.map((field) => [field, show(inverter[field], NUMBER_FIELDS[field].unit, system)]),
  ) as Record<NumberField, Num>;
  return {
    rest,
    text,
    numbers,
    inverterType: typeof inverter.inverterType === 'number' ? inverter.inverterType : null,
    dataSource: typeof inverter.dataSource === 'number' ? inverter.dataSource : null,
    usekVACurves: inverter.usekVACurves === true,
    usePQCurves: inverter.usePQCurves === true,
    curves: {
      efficiency: curvesToDraft(inverter, 'efficiency', system),
      kva: curvesToDraft(inverter, 'kva', system),
      pq: curvesToDraft(inverter, 'pq', system),
    },
  };
}

/** A typed value as a number: null for empty text, NaN for text that is not a number. */
export function toNumber(value: Num): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : Number.NaN;
}

export const MESSAGES = {
  nameRequired: 'Name is required.',
  notANumber: 'Enter a number.',
  required: 'Required.',
  efficiencyRange: 'Efficiency must be between 0 and 100 %.',
  negative: 'Must not be negative.',
  duplicate: (label: string) => `Another curve has this ${label.toLowerCase()}.`,
} as const;

export type DraftErrors = Record<string, string>;

/** Error keys: 'name', 'powerRated', 'efficiency.0.value', 'efficiency.0.points.2.x' … */
export const curveErrorKey = (
  kind: CurveKind,
  curve: number,
  part: 'value' | `points.${number}.${'x' | 'y'}`,
) => `${kind}.${curve}.${part}`;

function curvesFromDraft(
  kind: CurveKind,
  curves: DraftCurve[],
  system: UnitSystemName,
  errors: DraftErrors,
): Record<string, unknown>[] {
  const spec = CURVES[kind];
  const seen = new Map<number, number>();
  return curves.map((curve, c) => {
    const value = toNumber(curve.value);
    if (value === null) errors[curveErrorKey(kind, c, 'value')] = MESSAGES.required;
    else if (Number.isNaN(value)) errors[curveErrorKey(kind, c, 'value')] = MESSAGES.notANumber;
    else if (seen.has(value)) errors[curveErrorKey(kind, c, 'value')] = MESSAGES.duplicate(spec.valueLabel);
    else seen.set(value, c);
    const points = curve.points.map((point, p) => {
      const x = toNumber(point.x);
      const y = toNumber(point.y);
      for (const [axis, n] of [
        ['x', x],
        ['y', y],
      ] as const) {
        const key = curveErrorKey(kind, c, `points.${p}.${axis}`);
        if (n === null) errors[key] = MESSAGES.required;
        else if (Number.isNaN(n)) errors[key] = MESSAGES.notANumber;
      }
      if (kind === 'efficiency' && y !== null && !Number.isNaN(y) && (y < 0 || y > 100)) {
        errors[curveErrorKey(kind, c, `points.${p}.y`)] = MESSAGES.efficiencyRange;
      }
      if (kind === 'efficiency' && x !== null && !Number.isNaN(x) && x < 0) {
        errors[curveErrorKey(kind, c, `points.${p}.x`)] = MESSAGES.negative;
      }
      return {
        ...(point.id !== undefined ? { id: point.id } : {}),
        [spec.xField]: x === null || Number.isNaN(x) ? null : store(x, spec.xUnit, system),
        [spec.yField]: y === null || Number.isNaN(y) ? null : store(y, spec.yUnit, system),
      };
    });
    return {
      ...(curve.id !== undefined ? { id: curve.id } : {}),
      [spec.valueField]: value === null || Number.isNaN(value) ? null : store(value, spec.valueUnit, system),
      [spec.pointsField]: points,
    };
  });
}

/** The API body of the draft, and what keeps it from being saved. */
export function fromDraft(
  draft: InverterDraft,
  system: UnitSystemName = 'metric',
): { payload: InverterFields; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const name = draft.text.name.trim();
  if (!name) errors.name = MESSAGES.nameRequired;
  const numbers: Record<string, number | null> = {};
  for (const field of NUMBER_FIELD_NAMES) {
    const n = toNumber(draft.numbers[field]);
    if (Number.isNaN(n)) errors[field] = MESSAGES.notANumber;
    numbers[field] = n === null || Number.isNaN(n) ? null : store(n, NUMBER_FIELDS[field].unit, system);
  }
  const optionalText = (value: string) => (value.trim() === '' ? null : value.trim());
  const payload = {
    ...draft.rest,
    name,
    manufacturer: optionalText(draft.text.manufacturer),
    model: optionalText(draft.text.model),
    description: optionalText(draft.text.description),
    ...numbers,
    inverterType: draft.inverterType,
    dataSource: draft.dataSource,
    usekVACurves: draft.usekVACurves,
    usePQCurves: draft.usePQCurves,
    efficiencyCurves: curvesFromDraft('efficiency', draft.curves.efficiency, system, errors),
    kVACurves: curvesFromDraft('kva', draft.curves.kva, system, errors),
    pqCurves: curvesFromDraft('pq', draft.curves.pq, system, errors),
  } as unknown as InverterFields;
  return { payload, errors };
}

/** Whether two drafts hold the same values (React keys aside; 12 and '12' are the same). */
export function sameDraft(a: InverterDraft, b: InverterDraft): boolean {
  const strip = (draft: InverterDraft) =>
    JSON.stringify(draft, (key, value: unknown) => {
      if (key === 'key') return undefined;
      if (typeof value === 'number') return String(value);
      return value;
    });
  return strip(a) === strip(b);
}

// ---------------------------------------------------------------------------------------------
// Curve edits (immutable)

export function addCurve(curves: DraftCurve[], template?: DraftCurve): DraftCurve[] {
  const points = template
    ? template.points.map((point) => ({ key: newKey(), x: point.x, y: point.y }))
    : [{ key: newKey(), x: '', y: '' }];
  return [...curves, { key: newKey(), value: '', points }];
}

export const removeCurve = (curves: DraftCurve[], index: number): DraftCurve[] =>
  curves.filter((_, i) => i !== index);

export const setCurveValue = (curves: DraftCurve[], index: number, value: Num): DraftCurve[] =>
  curves.map((curve, i) => (i === index ? { ...curve, value } : curve));

export function addPoint(curves: DraftCurve[], index: number): DraftCurve[] {
  return curves.map((curve, i) =>
    i === index ? { ...curve, points: [...curve.points, { key: newKey(), x: '', y: '' }] } : curve,
  );
}

export function removePoint(curves: DraftCurve[], index: number, point: number): DraftCurve[] {
  return curves.map((curve, i) =>
    i === index ? { ...curve, points: curve.points.filter((_, p) => p !== point) } : curve,
  );
}

export function setPoint(
  curves: DraftCurve[],
  index: number,
  point: number,
  axis: 'x' | 'y',
  value: Num,
): DraftCurve[] {
  return curves.map((curve, i) =>
    i === index
      ? {
          ...curve,
          points: curve.points.map((entry, p) => (p === point ? { ...entry, [axis]: value } : entry)),
        }
      : curve,
  );
}

/** Sorts each curve's rows by x (and the curves by their value); rows still being typed stay last. */
export function sortCurves(curves: DraftCurve[]): DraftCurve[] {
  const order = (value: Num) => {
    const n = toNumber(value);
    return n === null || Number.isNaN(n) ? Number.POSITIVE_INFINITY : n;
  };
  return [...curves]
    .sort((a, b) => order(a.value) - order(b.value))
    .map((curve) => ({ ...curve, points: [...curve.points].sort((a, b) => order(a.x) - order(b.x)) }));
}

/** One chart series per curve: its finite points sorted by x. */
export function chartSeries(
  curves: readonly DraftCurve[],
  kind: CurveKind,
  system: UnitSystemName,
): { name: string; data: [number, number][] }[] {
  const spec = CURVES[kind];
  const unit = unitLabel(spec.valueUnit, system);
  return curves.map((curve, index) => {
    const value = toNumber(curve.value);
    const data = curve.points
      .map((point) => [toNumber(point.x), toNumber(point.y)] as const)
      .filter((pair): pair is readonly [number, number] =>
        pair.every((n) => n !== null && Number.isFinite(n)),
      )
      .map(([x, y]) => [x, y] as [number, number])
      .sort((a, b) => a[0] - b[0]);
    const name =
      value === null || Number.isNaN(value) ? `Curve ${index + 1}` : `${formatNumber(value)} ${unit}`.trim();
    return { name, data };
  });
}

/** Numbers as tables show them: up to 8 decimals, no trailing zeros (499.12345678). */
export function formatNumber(value: number | null | undefined, maxDecimals = 8): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  return value.toLocaleString('en-US', { maximumFractionDigits: maxDecimals, useGrouping: false });
}

const AXIS_LABEL = (kind: CurveKind, axis: string) =>
  axis === 'x' ? CURVES[kind].xLabel : CURVES[kind].yLabel;

/** The errors as sentences for the summary above the form ('Efficiency curve 1, row 3, Power: Required.'). */
export function describeErrors(errors: DraftErrors): string[] {
  return Object.entries(errors).map(([key, message]) => {
    const [kind, curve, part, row, axis] = key.split('.');
    if (kind && kind in CURVES && curve !== undefined) {
      const spec = CURVES[kind as CurveKind];
      const where = `${spec.noun} ${Number(curve) + 1}`;
      if (part === 'value') return `${where}, ${spec.valueLabel}: ${message}`;
      return `${where}, row ${Number(row) + 1}, ${AXIS_LABEL(kind as CurveKind, axis ?? 'x')}: ${message}`;
    }
    const field = NUMBER_FIELDS[key as NumberField];
    if (field) return `${field.label}: ${message}`;
    return message;
  });
}

/** Which tab holds an error key (so the summary can say where to look). */
export function errorTab(key: string): CurveKind | 'general' {
  const kind = key.split('.')[0];
  return kind && kind in CURVES ? (kind as CurveKind) : 'general';
}
