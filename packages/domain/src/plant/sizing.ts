/**
 * Electrical sizing of a DC field in the power-plant builder: module count, strings in parallel, field
 * DC power, DC:AC ratio and modules wide (spec 2 §9.2–9.3; spec 4 §1 "DCField" SDK formulas, S1
 * `powerplant.py` `_validate_dc_field_sizing`, `calculate_field_dc_power_from_dc_ac_ratio`,
 * `_calculate_modules_wide`).
 *
 * Units: field DC power and inverter setpoint in kW, module ratings in W (as the product stores them).
 * The results are not rounded; ratios are shown with `roundRatio` (4 decimals, spec 2 §9.2).
 */
import { modulesWideError } from '../validation.ts';

/** Default DC:AC ratio of a new DC field (spec 2 §9.2). */
export const DEFAULT_DC_AC_RATIO = 1.2;

/**
 * Module count of a DC field (spec 2 §9.3; spec 4 §1, "confirmed calculation in PlantPredict backend").
 *
 * N = 1000 · Pdc / Pmod
 *
 * Not rounded: the product keeps the fractional count that the power implies.
 * @param x.fieldDcPower field DC power Pdc [kW]
 * @param x.plannedModuleRating planned module rating Pmod [W]
 * @returns module count [-]; NaN when the rating is not positive
 */
export function moduleCount(x: { fieldDcPower: number; plannedModuleRating: number }): number {
  if (!(x.plannedModuleRating > 0)) return Number.NaN;
  return (1000 * x.fieldDcPower) / x.plannedModuleRating;
}

/**
 * Strings in parallel of a DC field from its DC power (spec 4 §1; SDK `_validate_dc_field_sizing`).
 *
 * Nstr = 1000 · Pdc / (Pmod · Nser)
 *
 * @param x.fieldDcPower field DC power Pdc [kW]
 * @param x.plannedModuleRating planned module rating Pmod [W]
 * @param x.modulesWiredInSeries modules per string Nser [-]
 * @returns numberOfSeriesStringsWiredInParallel [-] (not rounded); NaN when Pmod·Nser is not positive
 */
export function numberOfSeriesStringsWiredInParallel(x: {
  fieldDcPower: number;
  plannedModuleRating: number;
  modulesWiredInSeries: number;
}): number {
  const stringPower = x.plannedModuleRating * x.modulesWiredInSeries;
  if (!(stringPower > 0)) return Number.NaN;
  return (1000 * x.fieldDcPower) / stringPower;
}

/**
 * Field DC power from the strings in parallel, the inverse of
 * {@link numberOfSeriesStringsWiredInParallel} (SDK `_validate_dc_field_sizing`).
 *
 * Pdc = Nstr · Pmod · Nser / 1000
 *
 * @param x.numberOfSeriesStringsWiredInParallel strings in parallel Nstr [-]
 * @param x.plannedModuleRating planned module rating Pmod [W]
 * @param x.modulesWiredInSeries modules per string Nser [-]
 * @returns field DC power Pdc [kW]
 */
export function fieldDcPowerFromStrings(x: {
  numberOfSeriesStringsWiredInParallel: number;
  plannedModuleRating: number;
  modulesWiredInSeries: number;
}): number {
  return (x.numberOfSeriesStringsWiredInParallel * x.plannedModuleRating * x.modulesWiredInSeries) / 1000;
}

/**
 * Field DC power for a desired DC:AC ratio (SDK `calculate_field_dc_power_from_dc_ac_ratio`).
 *
 * Pdc = r · Pset
 *
 * @param x.dcAcRatio desired DC:AC ratio r [-] (1.2 by default, spec 2 §9.2)
 * @param x.setpointkW setpoint of the parent inverter Pset [kW]
 * @returns field DC power [kW]
 */
export function fieldDcPowerFromDcAcRatio(x: { dcAcRatio?: number; setpointkW: number }): number {
  return (x.dcAcRatio ?? DEFAULT_DC_AC_RATIO) * x.setpointkW;
}

/**
 * DC:AC ratio of an inverter, the inverse of {@link fieldDcPowerFromDcAcRatio}: r = ΣPdc / Pset.
 * @param x.fieldDcPower DC power of the inverter's DC fields, summed [kW]
 * @param x.setpointkW inverter setpoint Pset [kW]
 * @returns DC:AC ratio [-] (not rounded; shown with 4 decimals); NaN when the setpoint is not positive
 */
export function dcAcRatio(x: { fieldDcPower: number; setpointkW: number }): number {
  if (!(x.setpointkW > 0)) return Number.NaN;
  return x.fieldDcPower / x.setpointkW;
}

/**
 * Modules wide across a table from the strings across it (SDK `_calculate_modules_wide`).
 *
 * mw = stringsWide · Nser
 *
 * @param x.stringsWide strings across one table [-]
 * @param x.modulesWiredInSeries modules per string Nser [-]
 * @returns modulesWide [-]
 */
export function modulesWide(x: { stringsWide: number; modulesWiredInSeries: number }): number {
  return x.stringsWide * x.modulesWiredInSeries;
}

/**
 * Strings across one table and the Modules Wide rule of spec 1 §5 ("Modules Wide must be an integer
 * multiple of Modules Per String"), whose message is `modulesWideError` of validation.ts.
 * @param x.modulesWide modules across one table [-]
 * @param x.modulesWiredInSeries modules per string [-]
 * @returns stringsWide = mw / Nser [-] (fractional when the rule is broken) and the rule's message or null
 */
export function stringsWide(x: { modulesWide: number; modulesWiredInSeries: number }): {
  stringsWide: number;
  error: string | null;
} {
  return {
    stringsWide: x.modulesWiredInSeries > 0 ? x.modulesWide / x.modulesWiredInSeries : Number.NaN,
    error: modulesWideError(x.modulesWide, x.modulesWiredInSeries),
  };
}
