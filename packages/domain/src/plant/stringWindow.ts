/**
 * Series-string limits of a DC field on its inverter (spec 2 §9.3: "Series-string count per inverter is
 * limited above by the inverter maximum voltage at the 50-year minimum temperature, and below by the
 * 99.6 percent cooling design temperature"; spec 1 §5: modules in series follow the 50-year minimum
 * temperature unless locked).
 *
 * - Upper limit: the string's open-circuit voltage on a cold, clear morning must stay at or below the
 *   inverter's maximum absolute voltage. The cells are taken at the 50-year minimum ambient temperature
 *   (`min50Year`), not yet warmed by the sun, under 1000 W/m²: the usual string-sizing practice (NEC
 *   690.7(A): Voc corrected to the lowest expected ambient temperature; IEC 62548: Voc at the lowest
 *   expected operating cell temperature, which at sunrise is the ambient).
 *   maxModulesInSeries = ⌊Vmax,abs / Voc(Tmin, 1000 W/m²)⌋
 * - Lower limit: the string's MPP voltage on a hot, sunny afternoon must stay at or above the inverter's
 *   minimum (MPP) voltage `minVoltage`. The air is at the 99.6 % cooling design temperature (`cool996`,
 *   exceeded 0.4 % of the year) and the cells are heated under 1000 W/m² as the heat balance gives
 *   (Faiman / PVsyst form, the product's default model):
 *   Tc = Ta + α·G·(1 − η)/(Uc + Uv·v), α 0.9, Uc 29 W/(m²·K), Uv 0, v 1 m/s by default;
 *   minModulesInSeries = ⌈Vmin / Vmp(Tc, 1000 W/m²)⌉
 *
 * The voltages come from the engine's single-diode model of the module when the record has its
 * parameters, else from its linear temperature coefficients (moduleVoltage.ts).
 */
import { heatBalanceCell } from '@sunfield/engine';
import { formatNumber } from '../format.ts';
import { moduleArea } from '../moduleDefaults.ts';
import {
  linearModuleVoltages,
  moduleVoltages,
  type ModuleVoltageMethod,
  type StringSizingModule,
} from './moduleVoltage.ts';

/** Irradiance of both sizing conditions [W/m²]. */
export const STRING_SIZING_IRRADIANCE = 1000;

/** Heat-balance defaults of the hot condition (spec 1 §3 "Defaults for a new PV module"; wind 1 m/s). */
export const STRING_SIZING_HEAT_BALANCE = { alpha: 0.9, uC: 29, uV: 0, windSpeed: 1 } as const;

/** Heat-balance coefficients of a DC field (spec 3 `PVDCField` names), each overriding the module's. */
export interface StringSizingThermal {
  /** Uc [W/(m²·K)] */
  heatBalanceConductiveCoef?: number | null;
  /** Uv [W/(m²·K)/(m/s)] */
  heatBalanceConvectiveCoef?: number | null;
  /** absorption α [-] */
  heatAbsorptionCoefAlphaT?: number | null;
  /** wind speed v [m/s] (1 by default) */
  windSpeed?: number | null;
}

/** Inputs of {@link seriesStringLimits}. */
export interface SeriesStringInputs {
  /** site design temperatures (spec 1 §3 prediction site data) [°C] */
  site: { min50Year: number; cool996: number };
  /** library inverter (spec 3 `Inverter`): maximum absolute DC voltage and minimum (MPP) voltage [V] */
  inverter: { maxAbsoluteVoltage: number; minVoltage: number };
  module: StringSizingModule;
  /** the DC field's heat-balance coefficients, when it has its own */
  thermal?: StringSizingThermal;
}

/** The series-string window, {@link seriesStringLimits}. */
export interface SeriesStringLimits {
  /** ⌈minVoltage / vmpAtHot⌉ [-] */
  minModulesInSeries: number;
  /** ⌊maxAbsoluteVoltage / vocAtMin⌋ [-] */
  maxModulesInSeries: number;
  /** one module's Voc at the cold condition [V] */
  vocAtMin: number;
  /** one module's Vmp at the hot condition [V] */
  vmpAtHot: number;
  /** cell temperature of the cold condition: min50Year [°C] */
  tempCellCold: number;
  /** cell temperature of the hot condition: cool996 + heating [°C] */
  tempCellHot: number;
  /** the inverter's limits [V] */
  maxAbsoluteVoltage: number;
  minVoltage: number;
  /** how the voltages were obtained (both conditions by the same method) */
  method: ModuleVoltageMethod;
  /** minModulesInSeries ≤ maxModulesInSeries: some string length fits */
  feasible: boolean;
}

/**
 * Module efficiency η at STC for the heat balance: Pmp/(1000·A) with A from length × width, else the
 * record's stcEfficiency, else 0 (the hottest cell, the cautious choice for the lower limit).
 * @param m stcMaxPower [W], length and width [mm], stcEfficiency [%]
 * @returns η [-]
 */
export function heatBalanceEfficiency(m: StringSizingModule): number {
  const area = moduleArea(m);
  if (m.stcMaxPower != null && m.stcMaxPower > 0 && area > 0) return m.stcMaxPower / (1000 * area);
  if (m.stcEfficiency != null && m.stcEfficiency > 0) return m.stcEfficiency / 100;
  return 0;
}

/**
 * Cell temperature of the hot sizing condition: the heat balance at 1000 W/m² and the 99.6 % cooling
 * design temperature, Tc = Ta + α·G·(1 − η)/(Uc + Uv·v), with the field's coefficients, else the
 * module's, else α 0.9, Uc 29, Uv 0 and v 1 m/s.
 * @param x.cool996 air temperature Ta [°C]
 * @param m the module record (its α, Uc, Uv and η)
 * @param thermal the DC field's coefficients and the wind speed
 * @returns cell temperature [°C]
 * @see D. Faiman, "Assessing the outdoor operating temperature of photovoltaic modules,"
 *      Prog. Photovolt. 16 (2008) 307–315, doi:10.1002/pip.813
 */
export function hotCellTemperature(
  x: { cool996: number },
  m: StringSizingModule,
  thermal: StringSizingThermal = {},
): number {
  const d = STRING_SIZING_HEAT_BALANCE;
  return heatBalanceCell(
    { poaGlobal: STRING_SIZING_IRRADIANCE, tempAir: x.cool996, windSpeed: thermal.windSpeed ?? d.windSpeed },
    {
      alpha: thermal.heatAbsorptionCoefAlphaT ?? m.heatAbsorptionCoefAlphaT ?? d.alpha,
      uC: thermal.heatBalanceConductiveCoef ?? m.heatBalanceConductiveCoef ?? d.uC,
      uV: thermal.heatBalanceConvectiveCoef ?? m.heatBalanceConvectiveCoef ?? d.uV,
      efficiency: heatBalanceEfficiency(m),
    },
  );
}

/**
 * The window of modules in series for a module on an inverter at a site (spec 2 §9.3; the models are
 * those of the file's header):
 *
 *   maxModulesInSeries = ⌊maxAbsoluteVoltage / Voc(min50Year, 1000 W/m²)⌋
 *   minModulesInSeries = ⌈minVoltage / Vmp(cool996 + α·G·(1 − η)/(Uc + Uv·v), 1000 W/m²)⌉
 *
 * A quotient within 1e-9 of an integer counts as that integer (a string exactly at a limit fits).
 * @param x.site min50Year and cool996 [°C]
 * @param x.inverter maxAbsoluteVoltage and minVoltage [V]
 * @param x.module the module record (spec 3 names)
 * @param x.thermal the DC field's heat-balance coefficients and wind speed
 * @returns the limits, the voltages and temperatures behind them
 */
export function seriesStringLimits(x: SeriesStringInputs): SeriesStringLimits {
  const tempCellCold = x.site.min50Year;
  const tempCellHot = hotCellTemperature(x.site, x.module, x.thermal);
  let cold = moduleVoltages({ tempCell: tempCellCold, irradiance: STRING_SIZING_IRRADIANCE }, x.module);
  let hot = moduleVoltages({ tempCell: tempCellHot, irradiance: STRING_SIZING_IRRADIANCE }, x.module);
  if (cold.method !== hot.method) {
    // the model failed at one condition only: both limits from the same (linear) model
    cold = linearModuleVoltages({ tempCell: tempCellCold }, x.module);
    hot = linearModuleVoltages({ tempCell: tempCellHot }, x.module);
  }
  const { maxAbsoluteVoltage, minVoltage } = x.inverter;
  const maxModulesInSeries =
    cold.voc > 0 ? Math.floor(nearInteger(maxAbsoluteVoltage / cold.voc)) : Number.NaN;
  const minModulesInSeries =
    hot.vmp > 0 ? Math.max(1, Math.ceil(nearInteger(minVoltage / hot.vmp))) : Number.NaN;
  return {
    minModulesInSeries,
    maxModulesInSeries,
    vocAtMin: cold.voc,
    vmpAtHot: hot.vmp,
    tempCellCold,
    tempCellHot,
    maxAbsoluteVoltage,
    minVoltage,
    method: cold.method,
    feasible: minModulesInSeries <= maxModulesInSeries,
  };
}

/** @internal Snaps a quotient within 1e-9 (relative) of an integer onto it. */
function nearInteger(q: number): number {
  const n = Math.round(q);
  return Math.abs(q - n) <= 1e-9 * Math.max(1, Math.abs(q)) ? n : q;
}

/** A string length outside the window, {@link seriesStringProblem}. */
export interface SeriesStringProblem {
  /** 'maximum': too many modules for the inverter's maximum voltage; 'minimum': too few for its MPP range */
  limit: 'maximum' | 'minimum';
  message: string;
}

/**
 * Whether modules wired in series lie within the window of {@link seriesStringLimits}, with a message
 * naming the limit broken (the messages are not in the spec; they state the voltages behind the limit).
 * @param x.modulesWiredInSeries modules per string [-]
 * @param x.limits the window
 * @returns null when within (or when the window is unknown), else the limit broken and its message
 */
export function seriesStringProblem(x: {
  modulesWiredInSeries: number;
  limits: SeriesStringLimits;
}): SeriesStringProblem | null {
  const n = x.modulesWiredInSeries;
  const l = x.limits;
  const v = (volts: number) => `${formatNumber(volts)} V`;
  const t = (celsius: number) => `${formatNumber(celsius, 1)} °C`;
  if (n > l.maxModulesInSeries)
    return {
      limit: 'maximum',
      message:
        `Modules wired in series (${n}) exceeds the maximum of ${l.maxModulesInSeries}: at the 50-year minimum ` +
        `temperature (${t(l.tempCellCold)}) the string open-circuit voltage would be ${v(n * l.vocAtMin)}, ` +
        `above the inverter maximum voltage of ${v(l.maxAbsoluteVoltage)}.`,
    };
  if (n < l.minModulesInSeries)
    return {
      limit: 'minimum',
      message:
        `Modules wired in series (${n}) is below the minimum of ${l.minModulesInSeries}: at the 99.6 % cooling ` +
        `design temperature (cells at ${t(l.tempCellHot)}) the string MPP voltage would be ${v(n * l.vmpAtHot)}, ` +
        `below the inverter minimum voltage of ${v(l.minVoltage)}.`,
    };
  return null;
}

/**
 * Modules wired in series that the builder proposes when the 50-year minimum temperature (or the
 * module or inverter) changes and the field is not locked (spec 1 §5): the longest string the
 * inverter's maximum voltage allows (fewest strings and combiner inputs for the power), provided it
 * is not below the minimum; NaN when no length fits.
 * @param limits the window
 * @returns modules per string [-]
 */
export function proposedModulesWiredInSeries(limits: SeriesStringLimits): number {
  return limits.feasible && limits.maxModulesInSeries >= 1 ? limits.maxModulesInSeries : Number.NaN;
}
