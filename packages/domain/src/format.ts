/**
 * Display formats of spec 2 §9.2-9.3: rounding, power in MW, coordinates as degrees-minutes-seconds.
 */

/** '--' stands for a number that is not finite (spec 1 §5). */
export const NOT_A_NUMBER_TEXT = '--';

/** Decimals of spec 2 §9.2. */
export const ROUNDING = {
  default: 2,
  step: 2,
  averageModuleWattage: 3,
  ratio: 4,
  postHeight: 1,
  transmissionLineResistance: 5,
  coordinate: 4,
} as const;

/**
 * Rounds half away from zero to `decimals` places, exactly on decimal representations
 * (`round(1.005, 2)` is 1.01, which `Math.round(1.005 * 100) / 100` gets wrong).
 */
export function round(value: number, decimals: number = ROUNDING.default): number {
  if (!Number.isFinite(value)) return value;
  const [mantissa, exponent] = Math.abs(value).toExponential().split('e') as [string, string];
  const shifted = Math.round(Number(`${mantissa}e${Number(exponent) + decimals}`));
  const back = Number(`${shifted}e${-decimals}`);
  return value < 0 ? -back : back;
}

export const roundRatio = (value: number): number => round(value, ROUNDING.ratio);
export const roundPostHeight = (value: number): number => round(value, ROUNDING.postHeight);
export const roundResistance = (value: number): number => round(value, ROUNDING.transmissionLineResistance);
export const roundStep = (value: number): number => round(value, ROUNDING.step);
export const roundAverageModuleWattage = (value: number): number =>
  round(value, ROUNDING.averageModuleWattage);

/** A number with fixed decimals (2 by default); '--' when it is missing or not finite. */
export function formatNumber(value: number | null | undefined, decimals: number = ROUNDING.default): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return NOT_A_NUMBER_TEXT;
  const text = round(value, decimals).toFixed(decimals);
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** kW to MW (spec 2 §9.2: power is shown in MW by dividing kW by 1000). */
export const kwToMw = (kW: number): number => kW / 1000;

/** `1500` kW → `'1.50 MW'`; '--' when not finite. */
export function formatPowerMW(kW: number | null | undefined, decimals: number = ROUNDING.default): string {
  if (typeof kW !== 'number' || !Number.isFinite(kW)) return NOT_A_NUMBER_TEXT;
  return `${formatNumber(kwToMw(kW), decimals)} MW`;
}

// ---------------------------------------------------------------------------------------------
// Degrees, minutes, seconds.

export type CoordinateAxis = 'lat' | 'lng';

const HEMISPHERES: Record<CoordinateAxis, readonly [positive: string, negative: string]> = {
  lat: ['N', 'S'],
  lng: ['E', 'W'],
};
const LIMIT: Record<CoordinateAxis, number> = { lat: 90, lng: 180 };

/**
 * `39.739333` → `39° 44' 21.60" N (39.7393)`: whole degrees, whole minutes, seconds to 2 decimals,
 * the hemisphere letter and the decimal degrees to 4 decimals; '--' for non-finite numbers.
 */
export function formatDMS(value: number | null | undefined, axis: CoordinateAxis): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return NOT_A_NUMBER_TEXT;
  // Work in hundredths of a second so that 59.999" carries into the minutes and degrees.
  const hundredths = Math.round(Math.abs(value) * 360_000);
  const degrees = Math.floor(hundredths / 360_000);
  const minutes = Math.floor((hundredths % 360_000) / 6000);
  const seconds = (hundredths % 6000) / 100;
  const [positive, negative] = HEMISPHERES[axis];
  const hemisphere = value < 0 && hundredths > 0 ? negative : positive;
  return `${degrees}° ${minutes}' ${seconds.toFixed(2)}" ${hemisphere} (${formatNumber(value, ROUNDING.coordinate)})`;
}

export const formatLatitudeDMS = (latitude: number | null | undefined): string => formatDMS(latitude, 'lat');
export const formatLongitudeDMS = (longitude: number | null | undefined): string =>
  formatDMS(longitude, 'lng');

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Reads a coordinate typed as decimal degrees (`39.7393`, `-104.99`, `104.99 W`) or as degrees,
 * minutes and seconds (`39° 44' 21.6" N`, `39 44 21.6 N`, `104°59'W`, `N 39 44 21.6`); a trailing
 * `(39.7393)` as written by formatDMS is ignored. Returns the signed decimal degrees, or null when the
 * text is not a coordinate of that axis (wrong hemisphere letter, minutes or seconds ≥ 60, out of range).
 */
export function parseCoordinate(text: string | null | undefined, axis: CoordinateAxis): number | null {
  if (typeof text !== 'string') return null;
  let s = text
    .trim()
    .replace(/\(\s*[+-]?[\d.]+\s*\)$/, '')
    .trim()
    .toUpperCase();
  if (!s) return null;

  let hemisphere: string | undefined;
  const leading = /^([NSEW])\s*(.*)$/.exec(s);
  const trailing = leading ? null : /^(.*?)\s*([NSEW])$/.exec(s);
  if (leading) {
    hemisphere = leading[1];
    s = leading[2] ?? '';
  } else if (trailing) {
    hemisphere = trailing[2];
    s = trailing[1] ?? '';
  }
  if (hemisphere && !HEMISPHERES[axis].includes(hemisphere)) return null;

  const parts = s
    .replace(/''/g, ' ')
    .replace(/[°º˚'′’"″”]/g, ' ')
    .split(/[\s,]+/)
    .filter(Boolean);
  if (parts.length < 1 || parts.length > 3 || !parts.every((p) => NUMBER.test(p))) return null;
  if (parts.slice(1).some((p) => /^[+-]/.test(p))) return null;

  const numbers = parts.map(Number);
  const [first, minutes = 0, seconds = 0] = numbers as [number, number?, number?];
  const negativeSign = /^-/.test(parts[0] as string);
  // With minutes the degrees must be whole; with seconds the minutes must be whole.
  if (parts.length >= 2 && !Number.isInteger(first)) return null;
  if (parts.length === 3 && !Number.isInteger(minutes)) return null;
  if (minutes >= 60 || seconds >= 60) return null;
  if (negativeSign && hemisphere) return null;

  const magnitude = Math.abs(first) + minutes / 60 + seconds / 3600;
  if (!Number.isFinite(magnitude) || magnitude > LIMIT[axis]) return null;
  const negative = negativeSign || hemisphere === HEMISPHERES[axis][1];
  return negative ? -magnitude : magnitude;
}
