/**
 * The unit catalogue and metric ↔ imperial conversion (spec 1 §3 "Unit catalogue", spec 2 §9.3).
 *
 * Every unit states how many base units of its dimension one of it is, as `factor ^ exponent`
 * (ft² = 0.3048², W/ft² = 10.7639 W/m², Δ°F = 1.8⁻¹ Δ°C), plus an `offset` for °F. A value is
 * converted only when the unit's system differs from the user's and the unit has a pair in the other
 * system; units of both systems (V, kW, kWh, Ω) are never converted.
 */

export type UnitSystemName = 'metric' | 'imperial';

export const DEFAULT_UNIT_SYSTEM: UnitSystemName = 'metric';

/** The catalogue groups of spec 1 §3. */
export type UnitCategory =
  | 'area'
  | 'length'
  | 'mass'
  | 'distance'
  | 'speed'
  | 'temperature'
  | 'temperatureDelta'
  | 'irradiance'
  | 'pressure'
  | 'resistance'
  | 'electrical'
  | 'energy';

export interface UnitDefinition {
  readonly id: string;
  readonly category: UnitCategory;
  /** Units convert only within one dimension. */
  readonly dimension: string;
  readonly symbol: string;
  readonly label: string;
  readonly system: UnitSystemName | 'both';
  /** The matching unit of the other system. */
  readonly pair?: string;
  /** One of this unit is `factor ^ exponent` base units of its dimension (plus `offset`). */
  readonly factor: number;
  readonly exponent?: number;
  readonly offset?: number;
}

/** Spec 2 §9.3: irradiance factor between per-square-foot and per-square-metre. */
export const IRRADIANCE_FACTOR = 10.7639;
/** Spec 2 §9.3: temperature delta factor (1 Δ°C = 1.8 Δ°F). */
export const TEMPERATURE_DELTA_FACTOR = 1.8;
export const FOOT_IN_METRES = 0.3048;
export const FACTOR_INVALID = 'Factor invalid';

const unit = <const U extends UnitDefinition>(u: U): U => u;

/** The catalogue, one unit a line. */
// prettier-ignore
export const UNITS = {
  // area (base m²)
  squareMetre: unit({ id: 'squareMetre', category: 'area', dimension: 'area', symbol: 'm²', label: 'square metres', system: 'metric', pair: 'squareFoot', factor: 1 }),
  squareFoot: unit({ id: 'squareFoot', category: 'area', dimension: 'area', symbol: 'ft²', label: 'square feet', system: 'imperial', pair: 'squareMetre', factor: FOOT_IN_METRES, exponent: 2 }),
  hectare: unit({ id: 'hectare', category: 'area', dimension: 'area', symbol: 'ha', label: 'hectares', system: 'metric', pair: 'acre', factor: 10_000 }),
  acre: unit({ id: 'acre', category: 'area', dimension: 'area', symbol: 'ac', label: 'acres', system: 'imperial', pair: 'hectare', factor: 4046.8564224 }),
  // length (base m)
  metre: unit({ id: 'metre', category: 'length', dimension: 'length', symbol: 'm', label: 'metres', system: 'metric', pair: 'foot', factor: 1 }),
  foot: unit({ id: 'foot', category: 'length', dimension: 'length', symbol: 'ft', label: 'feet', system: 'imperial', pair: 'metre', factor: FOOT_IN_METRES }),
  millimetre: unit({ id: 'millimetre', category: 'length', dimension: 'length', symbol: 'mm', label: 'millimetres', system: 'metric', pair: 'inch', factor: 10, exponent: -3 }),
  inch: unit({ id: 'inch', category: 'length', dimension: 'length', symbol: 'in', label: 'inches', system: 'imperial', pair: 'millimetre', factor: 0.0254 }),
  // mass (base kg)
  kilogram: unit({ id: 'kilogram', category: 'mass', dimension: 'mass', symbol: 'kg', label: 'kilograms', system: 'metric', pair: 'pound', factor: 1 }),
  pound: unit({ id: 'pound', category: 'mass', dimension: 'mass', symbol: 'lb', label: 'pounds', system: 'imperial', pair: 'kilogram', factor: 0.45359237 }),
  // distance (base km)
  kilometre: unit({ id: 'kilometre', category: 'distance', dimension: 'distance', symbol: 'km', label: 'kilometres', system: 'metric', pair: 'mile', factor: 1 }),
  mile: unit({ id: 'mile', category: 'distance', dimension: 'distance', symbol: 'mi', label: 'miles', system: 'imperial', pair: 'kilometre', factor: 1.609344 }),
  // speed (base m/s)
  metrePerSecond: unit({ id: 'metrePerSecond', category: 'speed', dimension: 'speed', symbol: 'm/s', label: 'metres per second', system: 'metric', pair: 'milePerHour', factor: 1 }),
  milePerHour: unit({ id: 'milePerHour', category: 'speed', dimension: 'speed', symbol: 'mph', label: 'miles per hour', system: 'imperial', pair: 'metrePerSecond', factor: 0.44704 }),
  // temperature (base °C): °F = °C × 1.8 + 32
  celsius: unit({ id: 'celsius', category: 'temperature', dimension: 'temperature', symbol: '°C', label: 'degrees Celsius', system: 'metric', pair: 'fahrenheit', factor: 1 }),
  fahrenheit: unit({ id: 'fahrenheit', category: 'temperature', dimension: 'temperature', symbol: '°F', label: 'degrees Fahrenheit', system: 'imperial', pair: 'celsius', factor: TEMPERATURE_DELTA_FACTOR, exponent: -1, offset: -32 / TEMPERATURE_DELTA_FACTOR }),
  // temperature delta (base Δ°C)
  celsiusDelta: unit({ id: 'celsiusDelta', category: 'temperatureDelta', dimension: 'temperatureDelta', symbol: '°C', label: 'degrees Celsius (difference)', system: 'metric', pair: 'fahrenheitDelta', factor: 1 }),
  fahrenheitDelta: unit({ id: 'fahrenheitDelta', category: 'temperatureDelta', dimension: 'temperatureDelta', symbol: '°F', label: 'degrees Fahrenheit (difference)', system: 'imperial', pair: 'celsiusDelta', factor: TEMPERATURE_DELTA_FACTOR, exponent: -1 }),
  // irradiance (base W/m²) and insolation (base kWh/m²)
  wattPerSquareMetre: unit({ id: 'wattPerSquareMetre', category: 'irradiance', dimension: 'irradiance', symbol: 'W/m²', label: 'watts per square metre', system: 'metric', pair: 'wattPerSquareFoot', factor: 1 }),
  wattPerSquareFoot: unit({ id: 'wattPerSquareFoot', category: 'irradiance', dimension: 'irradiance', symbol: 'W/ft²', label: 'watts per square foot', system: 'imperial', pair: 'wattPerSquareMetre', factor: IRRADIANCE_FACTOR }),
  kilowattHourPerSquareMetre: unit({ id: 'kilowattHourPerSquareMetre', category: 'irradiance', dimension: 'insolation', symbol: 'kWh/m²', label: 'kilowatt-hours per square metre', system: 'metric', pair: 'kilowattHourPerSquareFoot', factor: 1 }),
  kilowattHourPerSquareFoot: unit({ id: 'kilowattHourPerSquareFoot', category: 'irradiance', dimension: 'insolation', symbol: 'kWh/ft²', label: 'kilowatt-hours per square foot', system: 'imperial', pair: 'kilowattHourPerSquareMetre', factor: IRRADIANCE_FACTOR }),
  // pressure (base Pa): weather files store Pa; a reading is shown in hPa or inHg
  pascal: unit({ id: 'pascal', category: 'pressure', dimension: 'pressure', symbol: 'Pa', label: 'pascals', system: 'metric', pair: 'poundPerSquareInch', factor: 1 }),
  poundPerSquareInch: unit({ id: 'poundPerSquareInch', category: 'pressure', dimension: 'pressure', symbol: 'psi', label: 'pounds per square inch', system: 'imperial', pair: 'pascal', factor: 6894.757293168 }),
  hectopascal: unit({ id: 'hectopascal', category: 'pressure', dimension: 'pressure', symbol: 'hPa', label: 'hectopascals', system: 'metric', pair: 'inchOfMercury', factor: 100 }),
  inchOfMercury: unit({ id: 'inchOfMercury', category: 'pressure', dimension: 'pressure', symbol: 'inHg', label: 'inches of mercury', system: 'imperial', pair: 'hectopascal', factor: 3386.389 }),
  // resistance (base Ω; line resistance base Ω/300 m, spec 4 §1)
  ohm: unit({ id: 'ohm', category: 'resistance', dimension: 'resistance', symbol: 'Ω', label: 'ohms', system: 'both', factor: 1 }),
  ohmPer300Metre: unit({ id: 'ohmPer300Metre', category: 'resistance', dimension: 'lineResistance', symbol: 'Ω/300 m', label: 'ohms per 300 metres', system: 'metric', pair: 'ohmPer1000Foot', factor: 1 }),
  ohmPer1000Foot: unit({ id: 'ohmPer1000Foot', category: 'resistance', dimension: 'lineResistance', symbol: 'Ω/1000 ft', label: 'ohms per 1000 feet', system: 'imperial', pair: 'ohmPer300Metre', factor: 300 / (1000 * FOOT_IN_METRES) }),
  // electrical (same in both systems)
  volt: unit({ id: 'volt', category: 'electrical', dimension: 'voltage', symbol: 'V', label: 'volts', system: 'both', factor: 1 }),
  kilovolt: unit({ id: 'kilovolt', category: 'electrical', dimension: 'voltage', symbol: 'kV', label: 'kilovolts', system: 'both', factor: 1000 }),
  ampere: unit({ id: 'ampere', category: 'electrical', dimension: 'current', symbol: 'A', label: 'amperes', system: 'both', factor: 1 }),
  watt: unit({ id: 'watt', category: 'electrical', dimension: 'power', symbol: 'W', label: 'watts', system: 'both', factor: 1 }),
  kilowatt: unit({ id: 'kilowatt', category: 'electrical', dimension: 'power', symbol: 'kW', label: 'kilowatts', system: 'both', factor: 1000 }),
  megawatt: unit({ id: 'megawatt', category: 'electrical', dimension: 'power', symbol: 'MW', label: 'megawatts', system: 'both', factor: 1e6 }),
  kilovoltAmpere: unit({ id: 'kilovoltAmpere', category: 'electrical', dimension: 'apparentPower', symbol: 'kVA', label: 'kilovolt-amperes', system: 'both', factor: 1000 }),
  megavoltAmpere: unit({ id: 'megavoltAmpere', category: 'electrical', dimension: 'apparentPower', symbol: 'MVA', label: 'megavolt-amperes', system: 'both', factor: 1e6 }),
  // energy
  wattHour: unit({ id: 'wattHour', category: 'energy', dimension: 'energy', symbol: 'Wh', label: 'watt-hours', system: 'both', factor: 1 }),
  kilowattHour: unit({ id: 'kilowattHour', category: 'energy', dimension: 'energy', symbol: 'kWh', label: 'kilowatt-hours', system: 'both', factor: 1000 }),
  megawattHour: unit({ id: 'megawattHour', category: 'energy', dimension: 'energy', symbol: 'MWh', label: 'megawatt-hours', system: 'both', factor: 1e6 }),
  gigawattHour: unit({ id: 'gigawattHour', category: 'energy', dimension: 'energy', symbol: 'GWh', label: 'gigawatt-hours', system: 'both', factor: 1e9 }),
} as const satisfies Record<string, UnitDefinition>;

export type UnitId = keyof typeof UNITS;

export const UNIT_IDS = Object.keys(UNITS) as UnitId[];

export function isUnitId(id: string): id is UnitId {
  return Object.hasOwn(UNITS, id);
}

function lookup(id: UnitId | string): UnitDefinition {
  if (!isUnitId(id)) throw new Error(`Unknown unit: ${id}`);
  return UNITS[id];
}

/** `factor ^ exponent`; throws 'Factor invalid' (spec 1 §5) when the result is not finite or is 0. */
export function exponentFactor(factor: number, exponent = 1): number {
  const result = Math.pow(factor, exponent);
  if (!Number.isFinite(result) || result === 0) throw new Error(FACTOR_INVALID);
  return result;
}

/** `value × factor ^ exponent`, the conversion step of spec 2 §9.3. */
export function convertByFactor(value: number, factor: number, exponent = 1): number {
  return value * exponentFactor(factor, exponent);
}

/** Converts between two units of one dimension. */
export function convertUnit(value: number, from: UnitId | string, to: UnitId | string): number {
  const a = lookup(from);
  const b = lookup(to);
  if (a.dimension !== b.dimension) throw new Error(`Cannot convert ${a.symbol} to ${b.symbol}`);
  if (a.id === b.id) return value;
  const base = convertByFactor(value, a.factor, a.exponent ?? 1) + (a.offset ?? 0);
  return convertByFactor(base - (b.offset ?? 0), b.factor, -(b.exponent ?? 1));
}

/** The unit a quantity stored in `unitId` is shown in for a user of `system`. */
export function displayUnit(unitId: UnitId | string, system: UnitSystemName): UnitId {
  const u = lookup(unitId);
  if (u.system === 'both' || u.system === system || !u.pair) return u.id as UnitId;
  return u.pair as UnitId;
}

export function unitSymbol(unitId: UnitId | string): string {
  return lookup(unitId).symbol;
}

/** A stored value in the user's system: converted only when the unit's system differs from the user's. */
export function toUserUnits<T extends number | null | undefined>(
  value: T,
  unitId: UnitId | string,
  system: UnitSystemName,
): { value: T; unit: UnitId; symbol: string } {
  const shown = displayUnit(unitId, system);
  const converted = typeof value === 'number' && shown !== unitId ? convertUnit(value, unitId, shown) : value;
  return { value: converted as T, unit: shown, symbol: UNITS[shown].symbol };
}

/** A value typed by the user (in their system) back into the stored unit. */
export function fromUserUnits<T extends number | null | undefined>(
  value: T,
  unitId: UnitId | string,
  system: UnitSystemName,
): T {
  const shown = displayUnit(unitId, system);
  if (typeof value !== 'number' || shown === unitId) return value;
  return convertUnit(value, shown, unitId) as T;
}

/** The unit system of a user setting: `UNIT_SYSTEM` id, name, or a "metric" boolean; metric by default. */
export function unitSystemName(setting: number | string | boolean | null | undefined): UnitSystemName {
  if (setting === 1 || setting === false) return 'imperial';
  if (typeof setting === 'string' && setting.trim().toLowerCase() === 'imperial') return 'imperial';
  return DEFAULT_UNIT_SYSTEM;
}

/** Units of one catalogue group. */
export function unitsOf(category: UnitCategory): UnitDefinition[] {
  return Object.values(UNITS).filter((u: UnitDefinition) => u.category === category);
}
