/**
 * Unit conversion of generic weather columns to the canonical units of `WeatherData`
 * (irradiance W/m², temperature °C, wind m/s, pressure Pa, humidity %, albedo 0–1, precipitable water
 * cm, rainfall mm). Irradiation per interval (Wh/m², kWh/m², J/cm², MJ/m²) becomes the interval's
 * mean irradiance: G = H / Δt. Factors: 1 mph = 0.44704 m/s, 1 kn = 1852/3600 m/s, 1 atm = 101 325 Pa,
 * 1 mmHg = 133.322 Pa, 1 in = 25.4 mm (NIST SP 811, Appendix B).
 */
import type { GenericUnit } from './genericCsv.ts';
import type { WeatherSeriesKey } from './types.ts';

/** canonical = file × scale + offset */
export interface UnitConversion {
  scale: number;
  offset: number;
}

const IRRADIANCE: readonly WeatherSeriesKey[] = ['ghi', 'dni', 'dhi', 'poa'];

/**
 * The conversion of a column in `unit` to the canonical unit of `key`, or null when the unit does
 * not fit the series.
 * @param intervalMinutes record interval, for irradiation per interval
 */
export function unitConversion(
  key: WeatherSeriesKey,
  unit: GenericUnit,
  intervalMinutes: number,
): UnitConversion | null {
  const s = (scale: number, offset = 0): UnitConversion => ({ scale, offset });
  const seconds = intervalMinutes * 60;
  if (IRRADIANCE.includes(key)) {
    switch (unit) {
      case 'W/m2':
        return s(1);
      case 'kW/m2':
        return s(1000);
      case 'Wh/m2':
        return s(3600 / seconds);
      case 'kWh/m2':
        return s(3_600_000 / seconds);
      case 'J/cm2':
        return s(10_000 / seconds);
      case 'MJ/m2':
        return s(1_000_000 / seconds);
      default:
        return null;
    }
  }
  switch (key) {
    case 'tempAir':
    case 'tempDew':
      if (unit === 'C') return s(1);
      if (unit === 'F') return s(5 / 9, (-32 * 5) / 9);
      if (unit === 'K') return s(1, -273.15);
      return null;
    case 'windSpeed':
      if (unit === 'm/s') return s(1);
      if (unit === 'km/h') return s(1 / 3.6);
      if (unit === 'mph') return s(0.44704);
      if (unit === 'kn') return s(1852 / 3600);
      return null;
    case 'relativeHumidity':
      if (unit === '%') return s(1);
      if (unit === 'fraction' || unit === '-') return s(100);
      return null;
    case 'albedo':
      if (unit === 'fraction' || unit === '-') return s(1);
      if (unit === '%') return s(0.01);
      return null;
    case 'pressure':
      switch (unit) {
        case 'Pa':
          return s(1);
        case 'hPa':
        case 'mbar':
          return s(100);
        case 'kPa':
          return s(1000);
        case 'bar':
          return s(100_000);
        case 'atm':
          return s(101_325);
        case 'mmHg':
          return s(133.322);
        default:
          return null;
      }
    case 'windDirection':
      return unit === 'deg' ? s(1) : null;
    case 'precipitableWater':
      if (unit === 'cm') return s(1);
      if (unit === 'mm') return s(0.1);
      if (unit === 'in') return s(2.54);
      return null;
    case 'rainfall':
      if (unit === 'mm') return s(1);
      if (unit === 'cm') return s(10);
      if (unit === 'in') return s(25.4);
      return null;
    default:
      return null;
  }
}

/** True when the unit is an amount per interval (its factor depends on the interval). */
export function isPerInterval(unit: GenericUnit): boolean {
  return unit === 'Wh/m2' || unit === 'kWh/m2' || unit === 'J/cm2' || unit === 'MJ/m2';
}
