/**
 * Defaults of a new DC field in the power-plant builder (spec 2 §9.2–9.3; spec 1 §3–5): module layout,
 * tilt and azimuth by latitude, post height, number of rows, and the rule that locked fields keep their
 * value.
 */
import { DCFieldTrackingTypeEnum, ModuleOrientation } from '@sunfield/engine';
import { roundPostHeight } from '../format.ts';

/** Modules of this width or narrower default to 4 high (spec 2 §9.2) [mm]. */
export const NARROW_MODULE_WIDTH = 600;
/** Default tracker rotation limits (spec 4 §1 "DCField" defaults) [°]. */
export const DEFAULT_TRACKING_LIMIT_ANGLE = 60;

/** The module setup of a new DC field (spec 2 §9.2). Gaps and post height in m, edge offset as stored. */
export const DEFAULT_MODULE_LAYOUT = {
  modulesWide: 20,
  moduleOrientation: ModuleOrientation.Portrait,
  postHeight: 1.5,
  lateralIntermoduleGap: 0.02,
  verticalIntermoduleGap: 0.02,
  groundEdgeOffset: 50,
  groundColor: '#afaea4',
} as const;

/**
 * Default fixed tilt by latitude magnitude (spec 2 §9.3): |φ| < 5 → 5°; < 15 → 10°; < 25 → 15°;
 * < 35 → 20°; otherwise 25° (each bound belongs to the next band: 5 gives 10).
 * @param x.latitude site latitude φ [°], north positive
 * @returns tilt [°]
 */
export function defaultTilt(x: { latitude: number }): number {
  const a = Math.abs(x.latitude);
  return a < 5 ? 5 : a < 15 ? 10 : a < 25 ? 15 : a < 35 ? 20 : 25;
}

/**
 * Default module azimuth (spec 2 §9.2; SDK `_get_default_module_azimuth_from_latitude`): facing the
 * equator, 180° when latitude ≥ 0, else 0° (N = 0, E = 90).
 * @param x.latitude site latitude [°], north positive
 * @returns azimuth [°]
 */
export function defaultModuleAzimuth(x: { latitude: number }): number {
  return x.latitude >= 0 ? 180 : 0;
}

/**
 * Default modules high (spec 2 §9.2): modules of width up to 600 mm are 4 high; otherwise 2 high on
 * fixed tilt (and seasonal tilt, a fixed rack) and 1 high on trackers. An unknown width is not narrow.
 * @param x.moduleWidth module width [mm]
 * @param x.trackingType DCFieldTrackingTypeEnum: fixed 0, horizontal tracker 1, seasonal tilt 2
 * @returns modulesHigh [-]
 */
export function defaultModulesHigh(x: { moduleWidth?: number | null; trackingType: number }): number {
  if (x.moduleWidth != null && x.moduleWidth > 0 && x.moduleWidth <= NARROW_MODULE_WIDTH) return 4;
  return x.trackingType === DCFieldTrackingTypeEnum.HorizontalTracker ? 1 : 2;
}

/** The module setup of a new DC field, {@link defaultModuleLayout}. */
export interface ModuleLayoutDefaults {
  modulesHigh: number;
  modulesWide: number;
  /** ModuleOrientation: landscape 0, portrait 1 */
  moduleOrientation: number;
  /** [°], N = 0 */
  moduleAzimuth: number;
  /** [m] */
  postHeight: number;
  /** [m] */
  lateralIntermoduleGap: number;
  verticalIntermoduleGap: number;
  ground: { edgeOffset: number; color: string };
}

/**
 * The module setup of a new DC field (spec 2 §9.2): modulesHigh by {@link defaultModulesHigh}, 20 wide,
 * portrait, azimuth 180 north of the equator (latitude ≥ 0) else 0, post height 1.5 m, intermodule gaps
 * 0.02 m, ground edgeOffset 50 and colour #afaea4.
 * @param x.latitude site latitude [°]
 * @param x.moduleWidth module width [mm]
 * @param x.trackingType DCFieldTrackingTypeEnum
 * @returns the defaults, spec 1 §3 field names
 */
export function defaultModuleLayout(x: {
  latitude: number;
  moduleWidth?: number | null;
  trackingType: number;
}): ModuleLayoutDefaults {
  const d = DEFAULT_MODULE_LAYOUT;
  return {
    modulesHigh: defaultModulesHigh(x),
    modulesWide: d.modulesWide,
    moduleOrientation: d.moduleOrientation,
    moduleAzimuth: defaultModuleAzimuth(x),
    postHeight: d.postHeight,
    lateralIntermoduleGap: d.lateralIntermoduleGap,
    verticalIntermoduleGap: d.verticalIntermoduleGap,
    ground: { edgeOffset: d.groundEdgeOffset, color: d.groundColor },
  };
}

/**
 * The tilt that sets the post height: the module tilt of a fixed (or seasonal-tilt) rack, the largest
 * rotation |min|, |max| of a tracker (±60° when absent, spec 4 §1).
 * @param x.trackingType DCFieldTrackingTypeEnum
 * @param x.moduleTilt fixed tilt [°] (for seasonal tilt, pass the largest monthly tilt)
 * @param x.minimumTrackingLimitAngleD tracker minimum rotation [°] (negative, either sign read)
 * @param x.maximumTrackingLimitAngleD tracker maximum rotation [°]
 * @returns tilt [°]
 */
export function postHeightTilt(x: {
  trackingType: number;
  moduleTilt?: number | null;
  minimumTrackingLimitAngleD?: number | null;
  maximumTrackingLimitAngleD?: number | null;
}): number {
  if (x.trackingType !== DCFieldTrackingTypeEnum.HorizontalTracker) return x.moduleTilt ?? Number.NaN;
  return Math.max(
    Math.abs(x.minimumTrackingLimitAngleD ?? -DEFAULT_TRACKING_LIMIT_ANGLE),
    Math.abs(x.maximumTrackingLimitAngleD ?? DEFAULT_TRACKING_LIMIT_ANGLE),
  );
}

/**
 * Default post height (spec 2 §9.3; spec 1 §3 `postHeight`): the lower edge of the table stays 0.5 m
 * above the ground at the largest tilt,
 *
 *   h = 0.5 + CBW/2 · sin β, rounded to 1 decimal (spec 2 §9.2)
 *
 * with β from {@link postHeightTilt}. The SDK (spec 4 §1, S1 `_calculate_default_post_height`) uses
 * max(1.5, CBW·sin β/2 + 1) instead; documents 1–2 stand.
 * @param x.collectorBandwidth collector bandwidth CBW [m]
 * @param x.trackingType DCFieldTrackingTypeEnum
 * @param x.moduleTilt fixed tilt [°]
 * @param x.minimumTrackingLimitAngleD tracker minimum rotation [°]
 * @param x.maximumTrackingLimitAngleD tracker maximum rotation [°]
 * @returns post height [m], 1 decimal
 */
export function defaultPostHeight(x: {
  collectorBandwidth: number;
  trackingType: number;
  moduleTilt?: number | null;
  minimumTrackingLimitAngleD?: number | null;
  maximumTrackingLimitAngleD?: number | null;
}): number {
  const tilt = postHeightTilt(x);
  return roundPostHeight(0.5 + (x.collectorBandwidth / 2) * Math.sin((tilt * Math.PI) / 180));
}

/**
 * Default number of rows (spec 2 §9.3 "the cube root, rounded up, when not locked"):
 *
 *   rows = ⌈∛N⌉, N the module count of the field (at least 1)
 *
 * The spec does not say of what the cube root is taken, and the product's documentation found does
 * not either; the module count is chosen because it gives a roughly square field for the fields the
 * builder makes (one inverter's worth): N modules in ∛N rows leave N^⅔ modules per row, so the row
 * length N^⅔·w/mh and the depth ∛N·pitch are equal when ∛N ≈ pitch·mh/w, about 10–15 for 1 m-wide
 * modules 2 high at 5–8 m pitch, i.e. N ≈ 1 000–3 400 modules (0.4–1.9 MW). The cube root of the table
 * count would give 3–5 rows for such a field, 300 m long and 30 m deep. A relative 1e-9 is forgiven
 * before rounding up, so that a count a hair above a perfect cube (1728.0000001) stays 12 rows.
 * @param x.moduleCount module count of the field N [-] (`moduleCount`, 1000·Pdc/Pmod)
 * @returns number of rows [-]; NaN when the count is not positive
 */
export function defaultNumberOfRows(x: { moduleCount: number }): number {
  if (!(x.moduleCount > 0)) return Number.NaN;
  const root = Math.cbrt(x.moduleCount);
  return Math.max(1, Math.ceil(root * (1 - 1e-9)));
}

/**
 * The value a field takes on automatic recalculation: "locked fields are never overwritten by automatic
 * calculation" (spec 2 §9.3), e.g. `lockNumberOfRows`, `lockPostHeight`, `lockModulesWiredInSeries`.
 * @param x.locked the field's lock flag
 * @param x.current the field's present value
 * @param x.computed the value calculated for it
 * @returns current when locked, else computed
 */
export function unlessLocked<T>(x: { locked?: boolean | null; current: T; computed: T }): T {
  return x.locked ? x.current : x.computed;
}
