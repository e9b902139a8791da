/**
 * Quantity kinds: what a number on screen *is* (an elevation, a module's length, an air temperature,
 * a pressure …) mapped to the unit it is stored in (SI, as the API sends it) and the unit each unit
 * system shows it in. Screens ask for a kind, never a unit, so the Metric/Imperial switch (spec 1 §2
 * user settings) reaches every quantity shown or typed through this one table; the arithmetic is the
 * unit catalogue's (units.ts).
 *
 * Irradiance and insolation stay W/m² and kWh/m² in both systems (the industry's own units, and what
 * the results show); precipitable water stays cm (the unit of every weather source).
 */
import { convertUnit, UNITS, type UnitId, type UnitSystemName } from './units.ts';

export interface QuantityDefinition {
  /** the unit the API and the database hold the value in */
  readonly stored: UnitId;
  readonly metric: UnitId;
  readonly imperial: UnitId;
  /** decimals shown per system (a foot is a third of a metre, an inch 25 mm …) */
  readonly decimals: Readonly<Record<UnitSystemName, number>>;
}

const q = (
  stored: UnitId,
  metric: UnitId,
  imperial: UnitId,
  decimals: number | Record<UnitSystemName, number>,
): QuantityDefinition => ({
  stored,
  metric,
  imperial,
  decimals: typeof decimals === 'number' ? { metric: decimals, imperial: decimals } : decimals,
});

/** The quantity kinds of the screens, one a line. */
// prettier-ignore
export const QUANTITIES = {
  /** site, project and weather elevation above sea level */
  elevation: q('metre', 'metre', 'foot', 0),
  /** plant lengths (row pitch, heights) */
  length: q('metre', 'metre', 'foot', 2),
  /** module length, width and depth */
  moduleDimension: q('millimetre', 'millimetre', 'inch', { metric: 0, imperial: 2 }),
  mass: q('kilogram', 'kilogram', 'pound', 1),
  /** module and plant areas */
  area: q('squareMetre', 'squareMetre', 'squareFoot', { metric: 3, imperial: 2 }),
  landArea: q('hectare', 'hectare', 'acre', 2),
  distance: q('kilometre', 'kilometre', 'mile', 1),
  /** air, dew-point, cell and ambient temperatures */
  temperature: q('celsius', 'celsius', 'fahrenheit', 1),
  temperatureDelta: q('celsiusDelta', 'celsiusDelta', 'fahrenheitDelta', 1),
  /** air pressure: stored Pa (weather summaries; raw weather rows are hPa, pass the stored unit) */
  pressure: q('pascal', 'hectopascal', 'inchOfMercury', { metric: 1, imperial: 2 }),
  windSpeed: q('metrePerSecond', 'metrePerSecond', 'milePerHour', 1),
  /** rainfall and snow depth */
  precipitation: q('millimetre', 'millimetre', 'inch', { metric: 1, imperial: 2 }),
  irradiance: q('wattPerSquareMetre', 'wattPerSquareMetre', 'wattPerSquareMetre', 1),
  insolation: q('kilowattHourPerSquareMetre', 'kilowattHourPerSquareMetre', 'kilowattHourPerSquareMetre', 1),
} as const satisfies Record<string, QuantityDefinition>;

export type QuantityKind = keyof typeof QUANTITIES;

export const QUANTITY_KINDS = Object.keys(QUANTITIES) as QuantityKind[];

export function isQuantityKind(kind: string): kind is QuantityKind {
  return Object.hasOwn(QUANTITIES, kind);
}

/** The unit a kind is shown (and typed) in for a system. */
export function quantityUnit(kind: QuantityKind, system: UnitSystemName): UnitId {
  return QUANTITIES[kind][system];
}

/** The symbol a kind is shown with for a system: 'ft', '°F', 'hPa'. */
export function quantitySymbol(kind: QuantityKind, system: UnitSystemName): string {
  return UNITS[quantityUnit(kind, system)].symbol;
}

/** The decimals a kind is shown with for a system. */
export function quantityDecimals(kind: QuantityKind, system: UnitSystemName): number {
  return QUANTITIES[kind].decimals[system];
}

/**
 * Float noise off: a value is shown to twelve significant digits and stored back to ten, so a
 * conversion and its inverse (°C → °F → °C, m → ft → m) give back what was stored, not
 * 20.000000000000004; ten digits is still far finer than any measured quantity here.
 */
const tidy = (value: number, digits = 12): number => (value === 0 ? 0 : Number(value.toPrecision(digits)));

/**
 * A stored value as shown in `system`. `stored` overrides the kind's stored unit for a source that
 * holds it otherwise (raw weather rows carry pressure in hPa). Null and undefined pass through.
 */
export function toDisplay<T extends number | null | undefined>(
  kind: QuantityKind,
  value: T,
  system: UnitSystemName,
  stored: UnitId = QUANTITIES[kind].stored,
): T {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  return tidy(convertUnit(value, stored, quantityUnit(kind, system))) as T;
}

/** A value typed in `system` back into the stored unit (the inverse of `toDisplay`). */
export function fromDisplay<T extends number | null | undefined>(
  kind: QuantityKind,
  value: T,
  system: UnitSystemName,
  stored: UnitId = QUANTITIES[kind].stored,
): T {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  return tidy(convertUnit(value, quantityUnit(kind, system), stored), 10) as T;
}

export const NO_VALUE_TEXT = '--';

/**
 * A number as read: grouped thousands, at most `decimals` decimals and no trailing zeros
 * ('1,234.5'); '--' when not a finite number.
 */
export function formatReading(value: number | null | undefined, decimals: number): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return NO_VALUE_TEXT;
  const text = value.toLocaleString('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
  return text === '-0' ? '0' : text;
}

export interface FormatQuantityOptions {
  decimals?: number;
  /** the unit the value is stored in when not the kind's own */
  stored?: UnitId;
  /** false: the number alone (a table whose header names the unit) */
  withUnit?: boolean;
}

/** A stored value as shown in `system`, with its symbol: '1,148 ft', '68 °F', '1,013.2 hPa'. */
export function formatQuantity(
  kind: QuantityKind,
  value: number | null | undefined,
  system: UnitSystemName,
  options: FormatQuantityOptions = {},
): string {
  const shown = toDisplay(kind, value, system, options.stored);
  const text = formatReading(shown, options.decimals ?? quantityDecimals(kind, system));
  if (text === NO_VALUE_TEXT || options.withUnit === false) return text;
  return `${text} ${quantitySymbol(kind, system)}`;
}

/**
 * A range's bounds as typed in `system`, without grouping ('-1640' and '29528' for −500 … 9000 m in
 * feet), with one decimal more than the kind shows so a bound is never rounded past what may be typed.
 */
export function displayBounds(
  kind: QuantityKind,
  min: number,
  max: number,
  system: UnitSystemName,
): { min: string; max: string; symbol: string } {
  const digits = quantityDecimals(kind, system) + 1;
  const text = (value: number) => String(Number(toDisplay(kind, value, system).toFixed(digits)));
  return { min: text(min), max: text(max), symbol: quantitySymbol(kind, system) };
}

/**
 * A range check's message in the user's units: `Elevation must be between -1640.4 and 29527.6 ft.`
 * (`subject` is the text before 'must': 'Elevation', 'Each monthly temperature').
 */
export function quantityRangeText(
  subject: string,
  kind: QuantityKind,
  min: number,
  max: number,
  system: UnitSystemName,
): string {
  const b = displayBounds(kind, min, max, system);
  return `${subject} must be between ${b.min} and ${b.max} ${b.symbol}.`;
}
