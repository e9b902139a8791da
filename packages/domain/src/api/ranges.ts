/**
 * The physical ranges of the numeric fields of modules, inverters and weather (one table, so that the
 * server's schemas and the web forms read the same limits), the zod fields built from them, and a
 * walker that finds numeric fields without a finite range.
 *
 * A range is what a real device or a real site can have, kept generous so that every entry of the
 * shipped CEC lists (16,830 modules, 4,114 inverters), the PAN and OND files the engine reads and the
 * demo data stay valid: the CEC list holds a 5.92 m long module, a 4.65 MW central inverter with a
 * 34.5 kV output, and Sandia coefficients c3 up to 3.8 /V. Units are those of the API (spec 3/4):
 * module dimensions in mm, inverter powers in kW, irradiance in W/m², temperatures in °C.
 */
import { z } from 'zod';
import type { DefinitionSpec, DefinitionValue } from '../enums/types.ts';

export interface PhysicalRange {
  readonly min: number;
  readonly max: number;
  readonly unit: string;
  /** Whole numbers only. */
  readonly integer?: boolean;
  /** The lower end is excluded (a rating, a resistance that must be > 0). */
  readonly aboveMin?: boolean;
}

const range = (min: number, max: number, unit = '', extra: Partial<PhysicalRange> = {}): PhysicalRange => ({
  min,
  max,
  unit,
  ...extra,
});
const above = (min: number, max: number, unit = ''): PhysicalRange =>
  range(min, max, unit, { aboveMin: true });
const whole = (min: number, max: number, unit = ''): PhysicalRange =>
  range(min, max, unit, { integer: true });

/** Every physical range by name. The web forms show `min`/`max`/`unit` from here. */
export const PHYSICAL = {
  // Shared
  percent: range(0, 100, '%'),
  signedPercent: range(-100, 100, '%'),
  fraction: range(0, 1),
  /** Polynomial and model coefficients (Sandia, spectral, ideality polynomials) [-]. */
  coefficient: range(-1_000, 1_000),
  /** Ids of nested records (0 where a client has not saved one yet). */
  recordId: whole(0, 2_147_483_647),
  latitude: range(-90, 90, '°'),
  longitude: range(-180, 180, '°'),
  elevation: range(-500, 9_000, 'm'),
  timeZone: range(-14, 14, 'h'),
  tilt: range(0, 90, '°'),
  azimuth: range(0, 360, '°'),
  /** Tracker and stow angles (east negative). */
  rotation: range(-90, 90, '°'),
  trackerPitch: range(-45, 45, '°'),
  groundCoverageRatio: above(0, 1),
  irradiance: range(0, 2_000, 'W/m²'),
  ambientTemperature: range(-90, 90, '°C'),
  cellTemperature: range(-60, 120, '°C'),
  windSpeed: range(0, 100, 'm/s'),
  windDirection: range(0, 360, '°'),
  /** Air pressure [mbar] (the weather records' unit). */
  pressure: range(0, 1_200, 'mbar'),
  precipitableWater: range(0, 100, 'cm'),
  /** Rain of one record [mm]. */
  rainfall: range(0, 1_000, 'mm'),
  /** Degradation rate [%/yr] (negative: a gain). */
  degradationRate: range(-100, 100, '%/yr'),
  degradationYear: whole(0, 100),

  // Module
  /** Module length and width [mm]: 0.01–10 m (the CEC list's longest module is 5.92 m). */
  moduleDimension: above(0, 10_000, 'mm'),
  moduleWeight: range(0, 500, 'kg'),
  cellsInSeries: whole(1, 1_000),
  cellsInParallel: whole(1, 100),
  moduleCurrent: above(0, 100, 'A'),
  moduleVoltage: above(0, 1_500, 'V'),
  modulePower: above(0, 2_000, 'W'),
  /** Temperature coefficients of power, Isc and Voc [%/K]. */
  moduleTempCoefficient: range(-2, 2, '%/K'),
  /** Power tolerance [%]. */
  tolerance: range(-100, 100, '%'),
  bifacialityFactor: range(0, 1),
  seriesResistance: range(0, 1_000, 'Ω'),
  shuntResistance: above(0, 100_000_000, 'Ω'),
  saturationCurrent: range(0, 1, 'A'),
  diodeIdealityFactor: above(0, 10),
  /** PVsyst Rsh exponent [-]. */
  shuntExponent: range(0, 100),
  /** Recombination parameter d²/µτ [V]. */
  recombination: range(0, 100, 'V'),
  builtInVoltage: range(0, 10, 'V'),
  bandgap: above(0, 10, 'eV'),
  /** Temperature dependence of the diode ideality factor [1/K]. */
  gammaTempCoefficient: range(-1, 1, '1/K'),
  referenceIrradiance: above(0, 2_000, 'W/m²'),
  referenceTemperature: range(-60, 120, '°C'),
  refractiveIndex: range(1, 5),
  glazingExtinction: range(0, 1_000, '1/m'),
  glazingThickness: range(0, 0.1, 'm'),
  incidenceAngle: range(0, 90, '°'),
  iamFactor: range(0, 1.5),
  relativeEfficiency: range(0, 200, '%'),
  /** Heat balance Uc [W/m²K] and Uv [W·s/m³K]; Sandia a [-], b [s/m]; cell–module ΔT; NOCT. */
  heatBalanceConductive: range(0, 200, 'W/m²K'),
  heatBalanceConvective: range(0, 100, 'W·s/m³K'),
  sandiaA: range(-20, 0),
  sandiaB: range(-1, 0, 's/m'),
  cellToModuleDeltaT: range(0, 30, '°C'),
  noct: range(20, 100, '°C'),
  /** CEC six-parameter fit: αsc [A/K], a_ref [V], I_L [A], I_0 [A], Rs, Rsh [Ω], Adjust [%]. */
  cecAlphaSc: range(-1, 1, 'A/K'),
  cecARef: above(0, 100, 'V'),
  cecLightCurrent: above(0, 100, 'A'),
  cecSaturationCurrent: above(0, 1, 'A'),
  cecAdjust: range(-100, 100, '%'),

  // Inverter
  /** AC ratings and powers of one inverter [kW] / [kVA] (the CEC list's largest is 4.65 MW). */
  inverterPower: above(0, 20_000, 'kW'),
  inverterApparentPower: above(0, 20_000, 'kVA'),
  inverterPowerLevel: range(0, 20_000, 'kW'),
  inverterKva: range(0, 20_000, 'kVA'),
  /** Reactive and active power of a PQ capability point. */
  activePower: range(-20_000, 20_000, 'kW'),
  reactivePower: range(-20_000, 20_000, 'kvar'),
  dcVoltage: range(0, 3_000, 'V'),
  dcVoltageLimit: above(0, 3_000, 'V'),
  dcCurrent: above(0, 20_000, 'A'),
  /** AC output voltage [V] (up to medium voltage: the CEC list has 34.5 kV skids). */
  acVoltage: above(0, 100_000, 'V'),
  /** Temperature of a derating curve point [°C]. */
  curveTemperature: range(-100, 150, '°C'),
  nightTare: range(0, 100_000, 'W'),
  /** Sandia inverter model: Paco, Pdco, Pso, Pnt [W], Vdco [V], C0 [1/W], C1…C3 [1/V]. */
  sandiaPower: above(0, 20_000_000, 'W'),
  sandiaLoss: range(0, 1_000_000, 'W'),
  sandiaC0: range(-1, 1, '1/W'),
  sandiaC: range(-100, 100, '1/V'),

  // Weather
  /** Distance to a station [km] (half the Earth's circumference at most). */
  distance: range(0, 20_100, 'km'),
  timeInterval: whole(1, 60, ' min'),
  offsetMinutes: whole(-1_440, 1_440, ' min'),
  /** A sum of irradiation or rain over a weather file (years of data) [kWh/m²] / [mm]. */
  irradiationSum: range(0, 1_000_000, 'kWh/m²'),
  rainfallSum: range(0, 1_000_000, 'mm'),
  albedoSum: range(0, 10_000_000),
  sensorHeight: range(0, 500, 'm'),
  recordIndex: whole(0, 10_000_000),
  /** A column of a generic weather file, a header row. */
  column: whole(0, 10_000),
  headerRow: whole(-1, 10_000_000),
  /** A missing-value marker of a weather file (-9999, 9900…). */
  missingValue: range(-1_000_000_000, 1_000_000_000),
  seed: whole(-2_147_483_648, 2_147_483_647),
} as const satisfies Record<string, PhysicalRange>;

export type PhysicalName = keyof typeof PHYSICAL;

function unitText(unit: string): string {
  return unit === '' ? '' : unit.startsWith(' ') ? unit : ` ${unit}`;
}

/** The message of a range: `Must be a number from 0 to 1500 V.` (the texts of `fields.ts`). */
export function rangeMessage(r: PhysicalRange): string {
  const unit = unitText(r.unit);
  if (r.integer) return `Must be a whole number from ${r.min} to ${r.max}${unit}.`;
  if (r.aboveMin) return `Must be greater than ${r.min} and at most ${r.max}${unit}.`;
  return `Must be a number from ${r.min} to ${r.max}${unit}.`;
}

/** A required finite number of a range. */
export function rangeNumber(r: PhysicalRange): z.ZodNumber {
  const message = rangeMessage(r);
  let schema = z.number({ error: message });
  if (r.integer) schema = schema.int({ error: message });
  schema = r.aboveMin ? schema.gt(r.min, { error: message }) : schema.min(r.min, { error: message });
  return schema.max(r.max, { error: message });
}

type PhysicalFields = {
  readonly [K in PhysicalName]: () => z.ZodOptional<z.ZodNullable<z.ZodNumber>>;
};

/** `physical.moduleVoltage()`: an optional field (null or absent allowed) of the named range. */
export const physical = Object.fromEntries(
  Object.entries(PHYSICAL).map(([name, r]) => [name, () => rangeNumber(r).nullish()]),
) as PhysicalFields;

type RequiredFields = { readonly [K in PhysicalName]: () => z.ZodNumber };

/** `physicalRequired.irradiance()`: the same, required (points of curves and tables). */
export const physicalRequired = Object.fromEntries(
  Object.entries(PHYSICAL).map(([name, r]) => [name, () => rangeNumber(r)]),
) as RequiredFields;

/** A list of numbers of a named range, at most `maxItems` long. */
export const physicalList = (name: PhysicalName, maxItems: number) =>
  z
    .array(rangeNumber(PHYSICAL[name]), { error: 'Must be a list of numbers.' })
    .max(maxItems, { error: `Must have at most ${maxItems} values.` })
    .nullish();

/**
 * An enumeration with the engine's values beyond the product's own (pvModel 100 CEC and 101 De Soto,
 * transposition 100 isotropic): the schema accepts both, `GET /definitions` still serves the product's.
 */
export function withEngineValues(
  definition: DefinitionSpec,
  values: readonly DefinitionValue[],
): DefinitionSpec {
  return { ...definition, values: [...definition.values, ...values] };
}

// ---------------------------------------------------------------------------------------------
// The walker

/** Largest bound a numeric field may have; zod's own `int()` bound (2^53) is not a physical one. */
const LARGEST_BOUND = 1e10;

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/**
 * The paths of the numeric leaves of a schema that lack a finite range (a minimum and a maximum both
 * within ±1e10), e.g. `['stcmppVoltage', 'iamFactors[].factor']`. Walks objects, arrays, records,
 * unions, optional, nullable, default and preprocess wrappers.
 */
export function unboundedNumbers(schema: z.ZodType, path = '', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const at = (key: string) => (path ? `${path}.${key}` : key);
  switch (def.type) {
    case 'number': {
      const n = schema as z.ZodNumber;
      const bounded =
        n.minValue !== null &&
        n.maxValue !== null &&
        Math.abs(n.minValue) <= LARGEST_BOUND &&
        Math.abs(n.maxValue) <= LARGEST_BOUND;
      return bounded ? [] : [path || '$'];
    }
    case 'bigint':
      return [path || '$'];
    case 'object': {
      const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
      const out = Object.entries(shape).flatMap(([key, field]) => unboundedNumbers(field, at(key), seen));
      const catchall = def.catchall as z.ZodType | undefined;
      return catchall ? [...out, ...unboundedNumbers(catchall, at('*'), seen)] : out;
    }
    case 'array':
      return unboundedNumbers(def.element as z.ZodType, `${path}[]`, seen);
    case 'set':
      return unboundedNumbers(def.valueType as z.ZodType, `${path}[]`, seen);
    case 'record':
    case 'map':
      return unboundedNumbers(def.valueType as z.ZodType, at('*'), seen);
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((item, i) => unboundedNumbers(item, `${path}[${i}]`, seen));
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => unboundedNumbers(option, path, seen));
    case 'intersection':
      return [
        ...unboundedNumbers(def.left as z.ZodType, path, seen),
        ...unboundedNumbers(def.right as z.ZodType, path, seen),
      ];
    case 'pipe':
      return [
        ...unboundedNumbers(def.in as z.ZodType, path, seen),
        ...unboundedNumbers(def.out as z.ZodType, path, seen),
      ];
    case 'lazy':
      return unboundedNumbers((def.getter as () => z.ZodType)(), path, seen);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return unboundedNumbers(def.innerType as z.ZodType, path, seen);
    default:
      // string, boolean, literal, enum, unknown, transform, …: no number to bound.
      return [];
  }
}

/** Unwraps optional, nullable, default and preprocess wrappers down to the schema that checks. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(current);
    if (def.type === 'pipe') current = def.out as z.ZodType;
    else if ('innerType' in def && def.type !== 'object') current = def.innerType as z.ZodType;
    else return current;
  }
  return current;
}

/**
 * The range of the numeric field at a dotted path of an object schema (`stcmppVoltage`,
 * `cecParameters.rS`), for a form to show; undefined when the path names no bounded number.
 */
export function fieldRange(schema: z.ZodType, path: string): { min: number; max: number } | undefined {
  let current: z.ZodType | undefined = schema;
  for (const key of path.split('.')) {
    const inner: z.ZodType = unwrapped(current);
    if (defOf(inner).type !== 'object') return undefined;
    current = ((inner as z.ZodObject).shape as Record<string, z.ZodType>)[key];
    if (!current) return undefined;
  }
  const leaf = unwrapped(current);
  if (defOf(leaf).type !== 'number') return undefined;
  const { minValue: min, maxValue: max } = leaf as z.ZodNumber;
  if (min === null || max === null || Math.abs(min) > LARGEST_BOUND || Math.abs(max) > LARGEST_BOUND)
    return undefined;
  return { min, max };
}
