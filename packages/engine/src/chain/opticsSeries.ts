/**
 * The optics chain's weather input and its result: one preallocated Float64Array column per quantity
 * and per stage, so that the loss tree, the 8760 export and the nodal export are views of one result.
 */
import type { TimestampConvention } from '../time/weatherTimestamps.ts';

/**
 * The zero-length stand-in for a column the chain does not compute for these choices (no rows, no
 * rear side; see {@link allocateOpticsWithScratch} and `workColumns`): never read nor written.
 */
export const UNUSED = new Float64Array(0);

/** Weather series the optics chain reads; every column has one value per record. */
export interface OpticsWeather {
  /** record timestamps [ms since 1970-01-01T00:00Z] */
  time: Float64Array;
  /** what the timestamps mark (interval end, begin or middle) and the interval (1–60 min) */
  convention: TimestampConvention;
  /** standard-time offset of the file (no daylight saving) [h] */
  utcOffsetHours: number;
  /** global horizontal irradiance [W/m²] (decomposition) */
  ghi?: Float64Array;
  /** direct normal irradiance [W/m²] (decomposition 'None') */
  dni?: Float64Array;
  /** diffuse horizontal irradiance [W/m²] (decomposition 'None') */
  dhi?: Float64Array;
  /** measured plane-of-array global irradiance in the rows' plane [W/m²] (`useMeteoPOAI`) */
  poaGlobal?: Float64Array;
  /** air temperature [°C] (refraction, precipitable water); missing steps count as 12 °C */
  tempAir: Float64Array;
  /** wind speed [m/s] (tracker wind stow) */
  windSpeed?: Float64Array;
  /** site pressure [Pa]; omitted or missing steps: the standard pressure at the site's altitude */
  pressure?: Float64Array;
  /** relative humidity [%] */
  relativeHumidity?: Float64Array;
  /** dew point [°C] */
  tempDew?: Float64Array;
  /** precipitable water [cm] */
  precipitableWater?: Float64Array;
  /** ground albedo ρ [-] (`useWeatherFileAlbedoData`) */
  albedo?: Float64Array;
  /** soiling loss S [%] (soiling model 'WeatherFile') */
  soilingLoss?: Float64Array;
  /** tracker rotation θ [°] (tracker control 'TimeSeries', `trackingAngleTimeSeriesDetails`) */
  trackingAngle?: Float64Array;
}

/**
 * Result of the optics chain, one value per weather record. Irradiance [W/m²] is 0 (never NaN) at night
 * and while the sun is below the horizon. Stage columns are plane-of-array global values after each
 * step of spec 4 §2, in order: poaGlobal (transposed) → poaAfterHorizon → poaAfterNearShading
 * (geometric) → poaAfterShading (electrical effect) → poaAfterSoiling → poaAfterIam → poaAfterSpectral
 * (front effective) → effectiveIrradiance (+ rear).
 */
export interface OpticsSeries {
  /** number of records */
  length: number;
  /** instant at which the sun was computed, the middle of each interval [ms since 1970-01-01T00:00Z] */
  sunTime: Float64Array;
  /** calendar month, local standard time, 1–12 */
  month: Uint8Array;
  /** day of year, local standard time, 1–366 */
  dayOfYear: Float64Array;
  /** true (unrefracted) solar zenith θz [°] */
  solarZenith: Float64Array;
  /** apparent (refracted) solar zenith [°]; the geometry and transposition use it */
  apparentZenith: Float64Array;
  /** solar azimuth Φ, N = 0, E = 90 [°] */
  solarAzimuth: Float64Array;
  /** extraterrestrial normal irradiance I0 [W/m²] */
  dniExtra: Float64Array;
  /** relative air mass AM by the chosen model, 0 from θz = 89° [-] */
  airmassRelative: Float64Array;
  /** pressure-corrected air mass AM′ = AM·P/101 325 [-] */
  airmassAbsolute: Float64Array;
  /** site pressure used [Pa] */
  pressure: Float64Array;
  /** precipitable water used by the spectral model [cm] (0 when the source is 'None', or the spectral model reads none) */
  precipitableWater: Float64Array;
  /** horizontal irradiance used: global, direct normal, diffuse [W/m²] */
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  /** rotation θ about the row axis (the tilt for fixed rows) [°] */
  trackerTheta: Float64Array;
  /** surface tilt β [°] and azimuth γ [°] */
  surfaceTilt: Float64Array;
  surfaceAzimuth: Float64Array;
  /** angle of incidence θi [°] and its cosine [-] */
  aoi: Float64Array;
  cosAoi: Float64Array;
  /** solar zenith projected on the plane across the rows θT [°] */
  projectedZenith: Float64Array;
  /** transposed components, before any shading: beam In·cos θi, sky diffuse (all of it), its circumsolar part, ground-reflected [W/m²] */
  poaBeam: Float64Array;
  poaSkyDiffuse: Float64Array;
  poaCircumsolar: Float64Array;
  poaGroundDiffuse: Float64Array;
  /** poaBeam + poaSkyDiffuse + poaGroundDiffuse [W/m²] */
  poaGlobal: Float64Array;
  /** global after the far horizon [W/m²] */
  poaAfterHorizon: Float64Array;
  /** beam shaded fraction of the collector width f [-] */
  shadedFraction: Float64Array;
  /** global after geometric near shading [W/m²] */
  poaAfterNearShading: Float64Array;
  /** components after near shading and its electrical effect: beam (with circumsolar treated as beam), sky, ground [W/m²] */
  beamAfterShading: Float64Array;
  skyAfterShading: Float64Array;
  groundAfterShading: Float64Array;
  /** global after shading and its electrical effect [W/m²] */
  poaAfterShading: Float64Array;
  /** soiling factor U = 1 − S/100 [-] */
  soilingFactor: Float64Array;
  /** global after soiling [W/m²] */
  poaAfterSoiling: Float64Array;
  /** beam incidence-angle modifier at θi [-] */
  iamBeam: Float64Array;
  /** diffuse incidence-angle modifiers of the sky and the ground [-] */
  iamSky: Float64Array;
  iamGround: Float64Array;
  /** global after the incidence-angle modifiers [W/m²] */
  poaAfterIam: Float64Array;
  /** spectral factor M [-] */
  spectralFactor: Float64Array;
  /** global after the spectral correction: the front effective irradiance [W/m²] */
  poaAfterSpectral: Float64Array;
  /** rear irradiance incident [W/m²] and effective (IAM, φ, structure shading, mismatch) [W/m²]; 0 when monofacial */
  poaRear: Float64Array;
  rearEffective: Float64Array;
  /** front + rear effective irradiance [W/m²] */
  effectiveIrradiance: Float64Array;
}

/** Names of the Float64Array columns of {@link OpticsSeries}. */
export type OpticsColumn = Exclude<keyof OpticsSeries, 'length' | 'month'>;

/** Every Float64Array column, in the order of {@link OpticsSeries}. */
export const OPTICS_COLUMNS = [
  'sunTime',
  'dayOfYear',
  'solarZenith',
  'apparentZenith',
  'solarAzimuth',
  'dniExtra',
  'airmassRelative',
  'airmassAbsolute',
  'pressure',
  'precipitableWater',
  'ghi',
  'dni',
  'dhi',
  'trackerTheta',
  'surfaceTilt',
  'surfaceAzimuth',
  'aoi',
  'cosAoi',
  'projectedZenith',
  'poaBeam',
  'poaSkyDiffuse',
  'poaCircumsolar',
  'poaGroundDiffuse',
  'poaGlobal',
  'poaAfterHorizon',
  'shadedFraction',
  'poaAfterNearShading',
  'beamAfterShading',
  'skyAfterShading',
  'groundAfterShading',
  'poaAfterShading',
  'soilingFactor',
  'poaAfterSoiling',
  'iamBeam',
  'iamSky',
  'iamGround',
  'poaAfterIam',
  'spectralFactor',
  'poaAfterSpectral',
  'poaRear',
  'rearEffective',
  'effectiveIrradiance',
] as const satisfies readonly OpticsColumn[];

/**
 * Allocates the result columns of the optics chain for `length` records (zero-filled), once per series
 * length: {@link runOptics} fills them in place. Columns given in `shared` are taken by reference
 * instead (an earlier run's sun, horizontal irradiance and spectral columns, from `sharedOpticsColumns`):
 * the run then leaves them as they are.
 * @param length number of weather records
 * @param shared columns of an earlier run to use as they are
 */
export function allocateOptics(length: number, shared: Partial<OpticsSeries> = {}): OpticsSeries {
  // Every column new: the scratch allocator below, given new columns for the intermediate ones too.
  return allocateOpticsWithScratch(length, shared, (n) => new Float64Array(n));
}

/**
 * The columns of {@link OpticsSeries} that a simulation's result keeps (the loss tree's stages, the
 * per-step and nodal exports, the module's inputs); the others (instants, I0, air mass, pressure and
 * water, cos θi, projected zenith, circumsolar and shaded components, soiling and IAM factors) are
 * intermediate values of the chain, which `simulate` computes in scratch columns (issue 17, speed).
 */
export const OPTICS_RESULT_COLUMNS = [
  'solarZenith',
  'solarAzimuth',
  'ghi',
  'dni',
  'dhi',
  'trackerTheta',
  'surfaceTilt',
  'surfaceAzimuth',
  'aoi',
  'poaBeam',
  'poaSkyDiffuse',
  'poaGroundDiffuse',
  'poaGlobal',
  'poaAfterHorizon',
  'poaAfterNearShading',
  'poaAfterShading',
  'poaAfterSoiling',
  'poaAfterIam',
  'spectralFactor',
  'poaAfterSpectral',
  'poaRear',
  'rearEffective',
  'effectiveIrradiance',
] as const satisfies readonly OpticsColumn[];

/** The optics columns of a simulation's result (see {@link OPTICS_RESULT_COLUMNS}). */
export type OpticsResult = Pick<OpticsSeries, 'length' | 'month' | (typeof OPTICS_RESULT_COLUMNS)[number]>;

/**
 * Columns of a run of the chain that hold the same values step for step, bit for bit, for its choices
 * (`identicalOpticsColumns` of optics.ts): one array can then stand for both (issue 17, first run).
 */
export interface IdenticalOpticsColumns {
  /** fixed and seasonal rows: the rotation θ is the tilt (`fixedLoop` writes one value to both) */
  trackerThetaIsTilt: boolean;
  /** no rows to shade: the POA after near shading is the POA after shading (the same sums) */
  nearShadingIsShading: boolean;
  /** no spectral model: M = 1 and M·x is x */
  spectralIsIam: boolean;
  /**
   * no rear side: the rear irradiance and its effective part are 0 (the simulation's zero column),
   * and the effective irradiance is the front's (x + 0 = x, but for −0, which becomes +0)
   */
  rearIsZero: boolean;
  /**
   * no horizon profile: the POA after the horizon is the transposed POA (the same terms; `combineFront`
   * writes both as beam + sky + ground, and the loss to the horizon is then exactly 0)
   */
  horizonIsGlobal: boolean;
}

/**
 * Columns of the chain for `simulate`: the result's columns (see {@link OPTICS_RESULT_COLUMNS}) new
 * and zero-filled, the intermediate ones from `scratch` (zero-filled, valid while the simulation
 * runs); columns in `shared` by reference, as {@link allocateOptics}; with `identical`, one array for
 * each pair of columns that the chain it is given for fills with the same values.
 * @param length number of weather records
 * @param shared columns of an earlier run to use as they are
 * @param scratch a zero-filled column of n values that the result will not hold
 * @param column a zero-filled column of n values for the result (`resultColumn` of `simulate`); new by default
 * @param identical the pairs of columns the run fills alike (`identicalOpticsColumns` of its prepared chain)
 * @param zero the simulation's zero column of n values, for the columns `identical` says are 0 (`zeroColumn`)
 */
export function allocateOpticsWithScratch(
  length: number,
  shared: Partial<OpticsSeries>,
  scratch: (n: number) => Float64Array,
  column: (n: number) => Float64Array = (n) => new Float64Array(n),
  identical?: IdenticalOpticsColumns,
  zero: (n: number) => Float64Array = column,
): OpticsSeries {
  // One object literal (not keyed stores in a loop over OPTICS_COLUMNS): an object given this many
  // properties one computed key at a time falls back to slow dictionary properties in V8, and the
  // chain reads these columns in its loops.
  const f = () => column(length);
  const t = () => scratch(length);
  const s = shared;
  const surfaceTilt = f();
  const poaAfterShading = f();
  const poaAfterIam = f();
  const poaAfterSpectral = identical?.spectralIsIam ? poaAfterIam : f();
  const poaGlobal = f();
  const rearIsZero = identical?.rearIsZero === true;
  // Columns no stage of `simulate` reads, or that only row shading reads, are not computed there:
  // zero-length (runOptics asks for no output of length 0), never touched memory (issue 17).
  const noRows = identical?.nearShadingIsShading === true;
  const unread = () => (identical !== undefined ? UNUSED : t());
  const poaRear = rearIsZero ? zero(length) : f();
  return {
    length,
    month: s.month ?? new Uint8Array(length),
    sunTime: s.sunTime ?? t(),
    dayOfYear: s.dayOfYear ?? t(),
    solarZenith: s.solarZenith ?? f(),
    apparentZenith: s.apparentZenith ?? t(),
    solarAzimuth: s.solarAzimuth ?? f(),
    dniExtra: s.dniExtra ?? t(),
    airmassRelative: s.airmassRelative ?? t(),
    airmassAbsolute: s.airmassAbsolute ?? t(),
    pressure: s.pressure ?? t(),
    precipitableWater: s.precipitableWater ?? t(),
    ghi: s.ghi ?? f(),
    dni: s.dni ?? f(),
    dhi: s.dhi ?? f(),
    trackerTheta: identical?.trackerThetaIsTilt ? surfaceTilt : f(),
    surfaceTilt,
    surfaceAzimuth: f(),
    aoi: f(),
    cosAoi: t(),
    projectedZenith: noRows ? UNUSED : t(),
    poaBeam: f(),
    poaSkyDiffuse: f(),
    poaCircumsolar: unread(),
    poaGroundDiffuse: f(),
    poaGlobal,
    poaAfterHorizon: identical?.horizonIsGlobal ? poaGlobal : f(),
    shadedFraction: noRows ? UNUSED : t(),
    poaAfterNearShading: identical?.nearShadingIsShading ? poaAfterShading : f(),
    beamAfterShading: t(),
    skyAfterShading: t(),
    groundAfterShading: t(),
    poaAfterShading,
    soilingFactor: t(),
    poaAfterSoiling: f(),
    iamBeam: t(),
    iamSky: t(),
    iamGround: t(),
    poaAfterIam,
    spectralFactor: s.spectralFactor ?? f(),
    poaAfterSpectral,
    poaRear,
    rearEffective: rearIsZero ? poaRear : f(),
    effectiveIrradiance: rearIsZero ? poaAfterSpectral : f(),
  };
}

/** The result's columns of a run of the chain (one object literal, see {@link OPTICS_RESULT_COLUMNS}). */
export function opticsResult(o: OpticsSeries): OpticsResult {
  return {
    length: o.length,
    month: o.month,
    solarZenith: o.solarZenith,
    solarAzimuth: o.solarAzimuth,
    ghi: o.ghi,
    dni: o.dni,
    dhi: o.dhi,
    trackerTheta: o.trackerTheta,
    surfaceTilt: o.surfaceTilt,
    surfaceAzimuth: o.surfaceAzimuth,
    aoi: o.aoi,
    poaBeam: o.poaBeam,
    poaSkyDiffuse: o.poaSkyDiffuse,
    poaGroundDiffuse: o.poaGroundDiffuse,
    poaGlobal: o.poaGlobal,
    poaAfterHorizon: o.poaAfterHorizon,
    poaAfterNearShading: o.poaAfterNearShading,
    poaAfterShading: o.poaAfterShading,
    poaAfterSoiling: o.poaAfterSoiling,
    poaAfterIam: o.poaAfterIam,
    spectralFactor: o.spectralFactor,
    poaAfterSpectral: o.poaAfterSpectral,
    poaRear: o.poaRear,
    rearEffective: o.rearEffective,
    effectiveIrradiance: o.effectiveIrradiance,
  };
}

/** Compile-time check that {@link OPTICS_COLUMNS} lists every Float64Array column. */
type MissingColumn = Exclude<OpticsColumn, (typeof OPTICS_COLUMNS)[number]>;
const _columnsComplete: [MissingColumn] extends [never] ? true : never = true;
