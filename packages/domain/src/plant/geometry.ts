/**
 * Table and field geometry of a DC field, the formulas of the public SDK (spec 4 §1 "DCField" SDK
 * formulas; S1 `plantpredict/powerplant.py`: `_calculate_collector_bandwidth`, `_calculate_table_length`,
 * `calculate_post_to_post_spacing_from_gcr`, `_calculate_tables_per_row`,
 * `_calculate_dc_field_length`, `_calculate_dc_field_width`).
 *
 * Module length and width in mm (as the module record stores them); gaps, spacings and results in m.
 * Orientation: ModuleOrientation landscape 0, portrait 1. Tracking type: DCFieldTrackingTypeEnum fixed
 * tilt 0, horizontal tracker 1, seasonal tilt 2 (laid out as fixed tilt).
 */
import { DCFieldTrackingTypeEnum, ModuleOrientation } from '@sunfield/engine';
import { moduleCount } from './sizing.ts';

/** A module's size and its orientation on the table. */
export interface ModuleOnTable {
  /** module length (long side) [mm] */
  moduleLength: number;
  /** module width (short side) [mm] */
  moduleWidth: number;
  /** ModuleOrientation: landscape 0, portrait 1 */
  moduleOrientation: number;
}

/** @internal The module's dimension up the table (across the row) [mm]: width in landscape, else length. */
function upTable(m: ModuleOnTable): number {
  return m.moduleOrientation === ModuleOrientation.Landscape ? m.moduleWidth : m.moduleLength;
}

/** @internal The module's dimension along the row [mm]: width in portrait, else length. */
function alongRow(m: ModuleOnTable): number {
  return m.moduleOrientation === ModuleOrientation.Landscape ? m.moduleLength : m.moduleWidth;
}

/**
 * Collector bandwidth, the depth of a table across its row (spec 4 §1; SDK
 * `_calculate_collector_bandwidth`).
 *
 *   CBW = mh · dim/1000 + (mh − 1) · vgap, dim = module width in landscape, else its length
 *
 * @param x.moduleLength / x.moduleWidth module size [mm]; x.moduleOrientation landscape 0, portrait 1
 * @param x.modulesHigh modules up the table mh [-]
 * @param x.verticalIntermoduleGap gap between modules up the table vgap [m] (0.02 by default)
 * @returns collector bandwidth [m]
 */
export function collectorBandwidth(
  x: ModuleOnTable & { modulesHigh: number; verticalIntermoduleGap: number },
): number {
  return (x.modulesHigh * upTable(x)) / 1000 + (x.modulesHigh - 1) * x.verticalIntermoduleGap;
}

/**
 * Table length along the row (spec 4 §1; SDK `_calculate_table_length`).
 *
 *   L = mw · w/1000 + lgap · (mw − 1), w = module width in portrait, else its length
 *
 * @param x.moduleLength / x.moduleWidth module size [mm]; x.moduleOrientation landscape 0, portrait 1
 * @param x.modulesWide modules along the table mw [-]
 * @param x.lateralIntermoduleGap gap between modules along the table lgap [m] (0.02 by default)
 * @returns table length [m]
 */
export function tableLength(
  x: ModuleOnTable & { modulesWide: number; lateralIntermoduleGap: number },
): number {
  return (x.modulesWide * alongRow(x)) / 1000 + x.lateralIntermoduleGap * (x.modulesWide - 1);
}

/**
 * Row pitch (post-to-post spacing) for a ground coverage ratio (spec 4 §1; SDK
 * `calculate_post_to_post_spacing_from_gcr`): pitch = CBW / GCR.
 * @param x.collectorBandwidth CBW [m]
 * @param x.groundCoverageRatio GCR [-] (0.4, not 40)
 * @returns postToPostSpacing [m]; NaN when the GCR is not positive
 */
export function postToPostSpacingFromGcr(x: {
  collectorBandwidth: number;
  groundCoverageRatio: number;
}): number {
  if (!(x.groundCoverageRatio > 0)) return Number.NaN;
  return x.collectorBandwidth / x.groundCoverageRatio;
}

/**
 * Ground coverage ratio of a row pitch, the inverse of {@link postToPostSpacingFromGcr}:
 * GCR = CBW / pitch.
 * @param x.collectorBandwidth CBW [m]
 * @param x.postToPostSpacing row pitch [m]
 * @returns GCR [-] (not rounded; a ratio, shown with 4 decimals); NaN when the pitch is not positive
 */
export function groundCoverageRatio(x: { collectorBandwidth: number; postToPostSpacing: number }): number {
  if (!(x.postToPostSpacing > 0)) return Number.NaN;
  return x.collectorBandwidth / x.postToPostSpacing;
}

/**
 * Tables per row (spec 4 §1; SDK `_calculate_tables_per_row`), rounded up "as would be done
 * automatically in the backend of PlantPredict".
 *
 *   tablesPerRow = ⌈(N/(mh·mw) + removedForPCS) / rows⌉, N = 1000·Pdc/Pmod
 *
 * @param x.fieldDcPower field DC power Pdc [kW]
 * @param x.plannedModuleRating module rating Pmod [W]
 * @param x.modulesHigh mh [-]; x.modulesWide mw [-]
 * @param x.numberOfRows rows [-]
 * @param x.tablesRemovedForPCS tables left out for the power conversion station [-] (0 by default)
 * @returns tables per row [-]; NaN when a divisor is not positive
 */
export function tablesPerRow(x: {
  fieldDcPower: number;
  plannedModuleRating: number;
  modulesHigh: number;
  modulesWide: number;
  numberOfRows: number;
  tablesRemovedForPCS?: number | null;
}): number {
  const modulesPerTable = x.modulesHigh * x.modulesWide;
  if (!(modulesPerTable > 0 && x.numberOfRows > 0)) return Number.NaN;
  const tables = moduleCount(x) / modulesPerTable;
  return Math.ceil((tables + (x.tablesRemovedForPCS ?? 0)) / x.numberOfRows);
}

/**
 * Field size from the first to the last row, front of the first table to the back of the last (SDK
 * `_calculate_dc_field_size_by_collector_bandwidth`): pitch · (rows − 1) + CBW.
 * @param x.numberOfRows rows [-]
 * @param x.postToPostSpacing row pitch [m]
 * @param x.collectorBandwidth CBW [m]
 * @returns size across the rows [m]
 */
export function fieldSizeAcrossRows(x: {
  numberOfRows: number;
  postToPostSpacing: number;
  collectorBandwidth: number;
}): number {
  return x.postToPostSpacing * (x.numberOfRows - 1) + x.collectorBandwidth;
}

/**
 * Field size along a row (SDK `_calculate_dc_field_size_by_tables_per_row`): the row's modules with a
 * lateral gap after each but the last, mw · tablesPerRow · (w/1000 + lgap) − lgap, w as in
 * {@link tableLength} (the SDK leaves out `tableToTableSpacing`).
 * @param x.tablesPerRow tables per row [-]; x.modulesWide mw [-]
 * @param x.moduleLength / x.moduleWidth [mm]; x.moduleOrientation landscape 0, portrait 1
 * @param x.lateralIntermoduleGap lgap [m]
 * @returns size along the rows [m]
 */
export function fieldSizeAlongRows(
  x: ModuleOnTable & { tablesPerRow: number; modulesWide: number; lateralIntermoduleGap: number },
): number {
  const module = alongRow(x) / 1000;
  return x.modulesWide * x.tablesPerRow * (module + x.lateralIntermoduleGap) - x.lateralIntermoduleGap;
}

/** Inputs of {@link fieldLength} and {@link fieldWidth}. */
export type FieldSizeInputs = ModuleOnTable & {
  /** DCFieldTrackingTypeEnum: fixed tilt 0, horizontal tracker 1, seasonal tilt 2 */
  trackingType: number;
  tablesPerRow: number;
  modulesWide: number;
  /** [m] */
  lateralIntermoduleGap: number;
  numberOfRows: number;
  /** row pitch [m] */
  postToPostSpacing: number;
  /** [m] */
  collectorBandwidth: number;
};

/**
 * DC field length (SDK `_calculate_dc_field_length`): along the rows for a horizontal tracker (its rows
 * run north–south), across the rows (front to back) for fixed and seasonal tilt.
 * @param x see {@link FieldSizeInputs}
 * @returns fieldLength [m]
 */
export function fieldLength(x: FieldSizeInputs): number {
  return x.trackingType === DCFieldTrackingTypeEnum.HorizontalTracker
    ? fieldSizeAlongRows(x)
    : fieldSizeAcrossRows(x);
}

/**
 * DC field width (SDK `_calculate_dc_field_width`): across the rows for a horizontal tracker, along the
 * rows for fixed and seasonal tilt.
 * @param x see {@link FieldSizeInputs}
 * @returns fieldWidth [m]
 */
export function fieldWidth(x: FieldSizeInputs): number {
  return x.trackingType === DCFieldTrackingTypeEnum.HorizontalTracker
    ? fieldSizeAcrossRows(x)
    : fieldSizeAlongRows(x);
}
