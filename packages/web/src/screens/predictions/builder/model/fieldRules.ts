/**
 * The builder's automatic rules as the user types, run on the edited node only: the domain's
 * `calculatePlant` (spec 4 §1 CalculatePowerPlantFields; spec 2 §9.2–9.3; spec 1 §4–5) applied to a
 * plant of one inverter whose edited DC fields are marked `calculateDCFields`, so that a keystroke in
 * a plant of hundreds of DC fields recalculates one field (and its inverter), never the whole plant.
 *
 * Locks (spec 1 §3): a locked field is never overwritten by the rules. Typing a value into a field
 * that has a lock turns its lock on, so the value typed is the value kept (unlock it to have the rules
 * compute it again). The DC power and the strings follow each other (module count = P·1000/rating):
 * typing the strings locks them (the power follows), typing the power unlocks them (the strings
 * follow); likewise the pitch and the ground coverage ratio.
 *
 * Also: a module picked on a DC field resets its module-derived values (domain `applyModule`, through
 * `calculatePlant`, which sees the module changed) and recomputes its sizing; an inverter picked on a
 * node takes the inverter's kVA and setpoint = power factor × kVA (spec 4 §1) and its DC fields are
 * recalculated (string length inside the new window, DC power at the default DC:AC of 1.2 for fields
 * without any); the warnings of spec 2 §8.4 shown under a DC field.
 */
import {
  azimuthWarning,
  calculatePlant,
  dcAcRatioWarning,
  DEFAULT_DC_AC_RATIO,
  finiteNumber,
  modulesWideError,
  type PlantCalculationContext,
} from '@sunfield/domain';
import type { Json } from '../../model/types.ts';
import { asNodes, inverterDcAc } from './plantEdit.ts';

/** Each DC-field value that has a lock, with its lock flag (spec 1 §3). */
export const DC_FIELD_LOCKS = {
  modulesWiredInSeries: 'lockModulesWiredInSeries',
  numberOfSeriesStringsWiredInParallel: 'lockNumberOfSeriesStringsWiredInParallel',
  modulesHigh: 'lockModulesHigh',
  modulesWide: 'lockModulesWide',
  numberOfRows: 'lockNumberOfRows',
  postToPostSpacing: 'lockPostToPostSpacing',
  postHeight: 'lockPostHeight',
  moduleAzimuth: 'lockModuleAzimuth',
} as const;
export type LockedValue = keyof typeof DC_FIELD_LOCKS;
export type LockFlag = (typeof DC_FIELD_LOCKS)[LockedValue];

/** Values whose lock typing another value turns off (the two follow each other). */
const UNLOCKS: Readonly<Record<string, LockFlag>> = {
  fieldDcPower: 'lockNumberOfSeriesStringsWiredInParallel',
  groundCoverageRatio: 'lockPostToPostSpacing',
};

export interface RuleContext {
  /** project latitude [°] */
  latitude: number;
  /** the prediction's site data and spectral model */
  site: PlantCalculationContext['site'];
  /** the plant's `useCoolingTemp` (inverter kVA at the cooling design temperature) */
  useCoolingTemp: boolean;
  /** the library module of a DC field (embedded, cached or just picked); undefined when not at hand */
  moduleOf: (field: Json) => Json | undefined;
  /** the library inverter of an inverter node */
  inverterOf: (node: Json) => Json | undefined;
}

export interface RuleResult {
  /** the new inverter node (a new object; untouched DC fields are reused) */
  inverter: Json;
  /** the notices of spec 2 §8.4 the rules gave (string length or kVA updated, spectral defaults) */
  notices: string[];
}

const num = finiteNumber;
const TEMP_ID_BASE = -1_000_000;

/**
 * Runs the domain's rules on the DC fields `indexes` of one inverter node (and on the node's kVA when
 * the plant uses the cooling temperature). `previousModules` gives each field's module before the
 * edit (a field whose module changed takes the new module's values); absent: unchanged.
 */
export function recalculate(
  inverter: Json,
  indexes: readonly number[],
  ctx: RuleContext,
  previousModules: ReadonlyMap<number, number | undefined> = new Map(),
): RuleResult {
  const fields = asNodes(inverter.dcFields);
  const marked = new Set(indexes.filter((i) => i >= 0 && i < fields.length));
  const modules = new Map<number, Json>();
  const storedFields: Json[] = [];
  // Only the marked fields go through the rules (copies: calculatePlant works in place).
  const copies = new Map<number, Json>();
  for (const i of marked) {
    const field = fields[i]!;
    const module = ctx.moduleOf(field);
    const moduleId = num(field.moduleId);
    if (module && moduleId !== undefined) modules.set(moduleId, module);
    const before = previousModules.has(i) ? previousModules.get(i) : moduleId;
    storedFields.push({ id: TEMP_ID_BASE - i, moduleId: before });
    copies.set(i, { ...field, id: TEMP_ID_BASE - i, calculateDCFields: true });
  }
  const node: Json = { ...inverter, dcFields: [...copies.values()] };
  const inverters = new Map<number, Json>();
  const record = ctx.inverterOf(inverter);
  const inverterId = num(inverter.inverterId);
  if (record && inverterId !== undefined) inverters.set(inverterId, record);
  const mini: Json = { useCoolingTemp: ctx.useCoolingTemp, blocks: [{ arrays: [{ inverters: [node] }] }] };
  const stored: Json = { blocks: [{ arrays: [{ inverters: [{ dcFields: storedFields }] }] }] };
  const notices = calculatePlant(mini, {
    modules,
    inverters,
    stored,
    latitude: ctx.latitude,
    site: ctx.site,
  });
  // The fields in their places; the copies get back their own id and calculateDCFields (or none).
  node.dcFields = fields.map((field, i) => {
    const copy = copies.get(i);
    if (!copy) return field;
    if ('id' in field) copy.id = field.id;
    else delete copy.id;
    if ('calculateDCFields' in field) copy.calculateDCFields = field.calculateDCFields;
    else delete copy.calculateDCFields;
    return copy;
  });
  return { inverter: node, notices };
}

const isLockFlag = (key: string): key is LockFlag =>
  (Object.values(DC_FIELD_LOCKS) as string[]).includes(key);

/**
 * The DC field `index` of `inverter` with `patch` applied and the rules run on it. Typing a value that
 * has a lock locks it; the power and the ground coverage ratio unlock their counterpart; a lock
 * switched off lets the rules compute its value again.
 */
export function editDcField(inverter: Json, index: number, patch: Json, ctx: RuleContext): RuleResult {
  const field = asNodes(inverter.dcFields)[index];
  if (!field) return { inverter, notices: [] };
  const next: Json = { ...field, ...patch };
  for (const key of Object.keys(patch)) {
    if (isLockFlag(key)) continue;
    const lock = DC_FIELD_LOCKS[key as LockedValue] as LockFlag | undefined;
    if (lock && patch[key] !== null && patch[key] !== undefined) next[lock] = true;
    const unlock = UNLOCKS[key];
    if (unlock) next[unlock] = false;
  }
  // A value cleared is absent for the rules (they fill what they can).
  for (const [key, value] of Object.entries(patch)) if (value === null) delete next[key];
  const fields = asNodes(inverter.dcFields).slice();
  fields[index] = next;
  return recalculate({ ...inverter, dcFields: fields }, [index], ctx);
}

/**
 * A library module picked on the DC field `index`: the field takes its id and record, then the rules
 * reset the module-derived values (rating, coefficients, orientation, modules high) and the sizing.
 */
export function pickModule(inverter: Json, index: number, module: Json, ctx: RuleContext): RuleResult {
  const field = asNodes(inverter.dcFields)[index];
  const id = num(module.id);
  if (!field || id === undefined) return { inverter, notices: [] };
  const fields = asNodes(inverter.dcFields).slice();
  fields[index] = { ...field, moduleId: id, module };
  const context: RuleContext = {
    ...ctx,
    moduleOf: (f) => (f === fields[index] || num(f.moduleId) === id ? module : ctx.moduleOf(f)),
  };
  return recalculate(
    { ...inverter, dcFields: fields },
    [index],
    context,
    new Map([[index, num(field.moduleId)]]),
  );
}

/** The kVA rating of a library inverter [kVA]: its apparent power, else its rated power. */
export function inverterKva(record: Json): number | undefined {
  const kva = num(record.apparentPower) ?? num(record.powerRated);
  return kva !== undefined && kva > 0 ? kva : undefined;
}

/**
 * A library inverter picked on an inverter node: its id and record, kVA rating, setpoint = power
 * factor × kVA; DC fields without power get the default DC:AC of 1.2 shared between them; every DC
 * field is recalculated (string length inside the new window).
 */
export function pickInverter(node: Json, record: Json, ctx: RuleContext): RuleResult {
  const id = num(record.id);
  if (id === undefined) return { inverter: node, notices: [] };
  const kva = inverterKva(record);
  const pf = num(node.powerFactor) ?? 1;
  const next: Json = { ...node, inverterId: id, inverter: record };
  if (kva !== undefined) {
    next.kVARating = kva;
    next.setpointkW = pf * kva;
  }
  const fields = asNodes(node.dcFields);
  const setpoint = num(next.setpointkW);
  const empty = fields.filter(
    (f) => num(f.fieldDcPower) === undefined && !f.lockNumberOfSeriesStringsWiredInParallel,
  );
  if (setpoint !== undefined && empty.length) {
    const share = (DEFAULT_DC_AC_RATIO * setpoint) / empty.length;
    next.dcFields = fields.map((f) => (empty.includes(f) ? { ...f, fieldDcPower: share } : f));
  }
  const context: RuleContext = {
    ...ctx,
    inverterOf: (n) => (num(n.inverterId) === id ? record : ctx.inverterOf(n)),
  };
  return recalculate(
    next,
    fields.map((_, i) => i),
    context,
  );
}

/**
 * An edit of an inverter node's own values: the kVA rating or the power factor sets the setpoint
 * (power factor × kVA); a DC:AC ratio typed scales its DC fields' power to it (their strings follow).
 */
export function editInverter(node: Json, patch: Json, ctx: RuleContext): RuleResult {
  const next: Json = { ...node, ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === null) delete next[key];
  if ('kVARating' in patch || 'powerFactor' in patch) {
    const kva = num(next.kVARating);
    if (kva !== undefined) next.setpointkW = (num(next.powerFactor) ?? 1) * kva;
  }
  const ratio = num(patch.dcacRatio);
  if (ratio !== undefined && ratio > 0) {
    const setpoint = num(next.setpointkW);
    const current = inverterDcAc(node);
    const fields = asNodes(node.dcFields);
    if (setpoint !== undefined && fields.length) {
      const target = ratio * setpoint;
      const scale = Number.isFinite(current) && current > 0 ? ratio / current : undefined;
      const repeaters = fields.reduce((sum, f) => sum + (num(f.repeater) ?? 1), 0);
      next.dcFields = fields.map((f) => {
        const power = num(f.fieldDcPower);
        const fieldDcPower =
          scale !== undefined && power !== undefined ? power * scale : target / Math.max(1, repeaters);
        return { ...f, fieldDcPower, lockNumberOfSeriesStringsWiredInParallel: false };
      });
      return recalculate(
        next,
        fields.map((_, i) => i),
        ctx,
      );
    }
  }
  if (ctx.useCoolingTemp) return recalculate(next, [], ctx);
  return { inverter: next, notices: [] };
}

/**
 * The warnings of spec 2 §8.4 under a DC field: its inverter's DC:AC ratio (below 0.85 or above 1.5;
 * none with the map builder), modules facing away from the equator (project latitude), and the
 * Modules Wide rule of spec 1 §5.
 */
export function dcFieldWarnings(
  field: Json,
  inverter: Json | undefined,
  latitude: number,
  options: { useMapBuilder?: boolean } = {},
): string[] {
  const out: string[] = [];
  if (inverter) {
    const ratio = dcAcRatioWarning(inverterDcAc(inverter), options);
    if (ratio) out.push(ratio);
  }
  const azimuth = num(field.moduleAzimuth);
  if (azimuth !== undefined) {
    const warning = azimuthWarning(latitude, azimuth);
    if (warning) out.push(warning);
  }
  const wide = num(field.modulesWide);
  const series = num(field.modulesWiredInSeries);
  if (wide !== undefined && series !== undefined) {
    const error = modulesWideError(wide, series);
    if (error) out.push(error);
  }
  return out;
}

/** The DC:AC warning of an inverter node, or null. */
export function inverterWarning(inverter: Json, options: { useMapBuilder?: boolean } = {}): string | null {
  return dcAcRatioWarning(inverterDcAc(inverter), options);
}
