/**
 * Resolution of the optics chain's choices into the per-call constants and tables of the series
 * functions (`prepareOptics`), done once per DC field and reused for every run of the chain.
 */
import { alt2pres, type AirmassModelType } from '../atmosphere/airmass.ts';
import type { MarionRearParams } from '../bifacial/marionRear.ts';
import type { DecompositionChoice as DecomposeModel } from '../irradiance/decomposition/decompose.ts';
import { type GtiDirintWork, gtiDirintWork } from '../irradiance/decomposition/gtiDirint.ts';
import {
  type PlaneOfArrayOptions,
  type PreparedPlaneOfArray,
  type Transposition,
  preparePlaneOfArray,
} from '../irradiance/transposition/planeOfArray.ts';
import { crossAxisTilt } from '../mounting/crossAxisTilt.ts';
import type { IamModel } from '../optics/iam/iamModel.ts';
import type { ElectricalShading } from '../shading/electricalShading.ts';
import { SPA_DEFAULT_DELTA_T } from '../solarPosition/spa.ts';
import {
  AirMassModelType,
  type BeamShadingChoice,
  DCFieldTrackingTypeEnum,
  DiffuseDirectDecompModelType,
  DiffuseShadingModel,
  DirectBeamShadingModel,
  type IamChoice,
  IncidenceAngleModelType,
  ModuleOrientation,
  ModuleShadingResponse,
  type OpticsChoices,
  type OpticsGeometry,
  type OpticsSite,
  SoilingModelType,
  SpectralShiftModel,
  TranspositionModelType,
} from './choices.ts';
import { UNUSED } from './opticsSeries.ts';

/** Scratch columns of a run, owned by the prepared chain and reallocated only when the length changes. */
export interface OpticsWork {
  length: number;
  /** air temperature with missing steps filled [°C] */
  tempAir: Float64Array;
  /** cos of the true zenith, of the apparent zenith, sin and cos of the solar azimuth [-], from SPA for the later stages */
  cosTrueZenith: Float64Array;
  cosZenith: Float64Array;
  sinAzimuth: Float64Array;
  cosAzimuth: Float64Array;
  /** cos θ, sin θ, cos θT, sin θT of the rows' rotation and the projected zenith [-], from the mounting */
  rotationTrig: {
    cosTheta: Float64Array;
    sinTheta: Float64Array;
    cosProjected: Float64Array;
    sinProjected: Float64Array;
  };
  /** albedo per step [-] */
  albedo: Float64Array;
  /** circumsolar share of DHI (Perez F1, Hay A) [-] */
  circumsolarFraction: Float64Array;
  /** rear irradiance after the rear IAM [W/m²] */
  poaRearIam: Float64Array;
  /** DIRINT kt′ [-] */
  ktPrime: Float64Array;
  /** GTI-DIRINT scratch (useMeteoPOAI only) */
  gti: GtiDirintWork | undefined;
}

/** The rows' axis as the 2D models see it: a fixed row is a row rotated by its tilt about a horizontal axis γ − 90°. */
export interface RowAxis {
  axisTilt: number;
  axisAzimuth: number;
  /** cross-axis tilt βc of the ground [°] */
  crossAxisTilt: number;
}

/** The chain's choices resolved into the series functions' parameters (from {@link prepareOptics}). */
export interface PreparedOptics {
  choices: OpticsChoices;
  site: OpticsSite;
  geometry: OpticsGeometry;
  /** ΔT [s] */
  deltaT: number;
  /** standard pressure at the site's altitude, for missing pressure [Pa] */
  sitePressure: number;
  airmassModel: AirmassModelType;
  /** decomposition as `decomposeSeries` takes it */
  decomposition: DecomposeModel;
  axis: RowAxis;
  /** transposition, horizon and near shading tables */
  planeOfArray: PreparedPlaneOfArray;
  /** beam incidence-angle model as the IAM series take it */
  iam: IamModel;
  /** rear model parameters; undefined for monofacial modules */
  rear: MarionRearParams | undefined;
  work: OpticsWork;
}

/** @internal Checks that a monthly table has 12 finite values. */
function checkMonthly(name: string, values: readonly number[]): void {
  if (values.length !== 12 || values.some((v) => !Number.isFinite(v)))
    throw new RangeError(`optics chain: ${name} needs 12 finite monthly values`);
}

/** @internal The engine's transposition choice from the product's. */
function transposition(c: OpticsChoices['transposition']): Transposition {
  switch (c.model) {
    case TranspositionModelType.Hay:
      return { model: 'haydavies' };
    case TranspositionModelType.Perez:
      return { model: 'perez', coefficients: c.coefficients };
    case TranspositionModelType.Isotropic:
      return { model: 'isotropic' };
    case TranspositionModelType.Reindl:
      return { model: 'reindl' };
    case TranspositionModelType.Klucher:
      return { model: 'klucher' };
  }
}

/** @internal `decomposeSeries`'s choice from the product's. */
function decomposition(c: OpticsChoices['decomposition']): DecomposeModel {
  switch (c.model) {
    case DiffuseDirectDecompModelType.Erbs:
      return { model: 'erbs' };
    case DiffuseDirectDecompModelType.Reindl:
      return c.variant !== undefined ? { model: 'reindl', variant: c.variant } : { model: 'reindl' };
    case DiffuseDirectDecompModelType.Dirint:
      return { model: 'dirint', useDeltaKtPrime: c.useDeltaKtPrime ?? true, water: c.water ?? 'none' };
    case DiffuseDirectDecompModelType.None:
      return { model: 'none' };
  }
}

/** @internal The IAM series' model from the product's choice (one object per prepare, so caches keyed on it hold). */
function iamModel(c: IamChoice): IamModel {
  switch (c.model) {
    case IncidenceAngleModelType.Sandia: {
      const { model: _, ...sandia } = c;
      return { model: 'sandia', ...sandia };
    }
    case IncidenceAngleModelType.Ashrae:
      return { model: 'ashrae', b0: c.b0 };
    case IncidenceAngleModelType.None:
      return { model: 'none' };
    case IncidenceAngleModelType.Tabular:
      return { model: 'tabular', angles: c.angles, factors: c.factors };
    case IncidenceAngleModelType.Physical: {
      const { model: _, ...physical } = c;
      return { model: 'physical', ...physical };
    }
  }
}

/** @internal The electrical shading response from the beam shading choice. */
function electrical(c: BeamShadingChoice): ElectricalShading {
  const fractional = (x: {
    fractionalEffect: number;
    modulesHigh: number;
    orientation: ModuleOrientation;
    substrings?: number;
  }): ElectricalShading => ({
    response: 'fractional',
    fractionalEffect: x.fractionalEffect,
    modulesHigh: x.modulesHigh,
    orientation: x.orientation === ModuleOrientation.Portrait ? 'portrait' : 'landscape',
    ...(x.substrings !== undefined ? { substrings: x.substrings } : {}),
  });
  switch (c.model) {
    case DirectBeamShadingModel.Linear:
      return { response: 'linear' };
    case DirectBeamShadingModel.None:
      return { response: 'none' };
    case DirectBeamShadingModel.FractionalElectrical:
      return fractional(c);
    case DirectBeamShadingModel.ModuleFileDefined:
      // The module's response, numbered as the beam models (spec 1 §3).
      if (c.response === ModuleShadingResponse.Linear) return { response: 'linear' };
      if (c.response === ModuleShadingResponse.None) return { response: 'none' };
      if (c.response === ModuleShadingResponse.FractionalEffect) return fractional(c);
      return { response: 'stepFractional', fractionalEffect: c.fractionalEffect, fractions: c.fractions };
    case DirectBeamShadingModel.StepFractional:
      return { response: 'stepFractional', fractionalEffect: c.fractionalEffect, fractions: c.fractions };
  }
}

/** @internal The rows' axis and the cross-axis tilt of the ground under them. */
function rowAxis(g: OpticsGeometry): RowAxis {
  const m = g.mounting;
  const axis =
    m.type === DCFieldTrackingTypeEnum.HorizontalTracker
      ? { axisTilt: m.axisTilt, axisAzimuth: m.axisAzimuth }
      : { axisTilt: 0, axisAzimuth: m.surfaceAzimuth - 90 };
  const slope = g.groundSlope;
  const cross = slope !== undefined && slope.slopeTilt !== 0 ? crossAxisTilt({ ...slope, ...axis }) : 0;
  return { ...axis, crossAxisTilt: cross };
}

/** @internal Empty scratch; {@link ensureWork} sizes it on the first run. */
function emptyWork(): OpticsWork {
  const e = new Float64Array(0);
  return {
    length: 0,
    tempAir: e,
    cosTrueZenith: e,
    cosZenith: e,
    sinAzimuth: e,
    cosAzimuth: e,
    rotationTrig: { cosTheta: e, sinTheta: e, cosProjected: e, sinProjected: e },
    albedo: e,
    circumsolarFraction: e,
    poaRearIam: e,
    ktPrime: e,
    gti: undefined,
  };
}

/**
 * Resolves the optics chain's choices for one DC field: the series functions' parameters, the
 * transposition, horizon and sky-shading tables ({@link preparePlaneOfArray}), and the scratch columns
 * (sized on the first run). Validates the choices against each other (12 monthly values, a collector
 * width for the rear side, GCR in (0, 1]). Reuse the result for every year and weather file of the DC
 * field; {@link runOptics} allocates nothing while the series length stays the same.
 *
 * The row axis of fixed and seasonal rows is horizontal at azimuth γ − 90° (a fixed row is a row rotated
 * by its tilt, see mounting/fixedTilt.ts); the cross-axis tilt βc of the ground follows from the ground
 * slope ({@link crossAxisTilt}, Anderson & Mikofski 2020). Sky-diffuse shading weights the sky by the
 * ASHRAE modifier of the module's b0 when the IAM choice is ASHRAE, else by b0 = 0.05 (spec 4 §2).
 *
 * @param choices model choices (prediction level), see {@link OpticsChoices}
 * @param site latitude, longitude [°], altitude [m], ΔT [s], horizon profile
 * @param geometry rows, mounting and rear side, see {@link OpticsGeometry}
 * @returns the prepared chain for {@link runOptics}
 * @see K. Anderson, M. Mikofski, "Slope-Aware Backtracking for Single-Axis Trackers,"
 *      NREL/TP-5K00-76626 (2020), doi:10.2172/1660126
 */
export function prepareOptics(
  choices: OpticsChoices,
  site: OpticsSite,
  geometry: OpticsGeometry,
): PreparedOptics {
  checkMonthly('monthlyAlbedo', choices.monthlyAlbedo);
  if (choices.soiling.model === SoilingModelType.ConstantMonthly)
    checkMonthly('soiling.monthlyLoss', choices.soiling.monthlyLoss);
  if (choices.spectral.model === SpectralShiftModel.MonthlyOverride)
    checkMonthly('spectral.monthlyLoss', choices.spectral.monthlyLoss);
  const m = geometry.mounting;
  if (m.type === DCFieldTrackingTypeEnum.SeasonalTilt) checkMonthly('mounting.monthlyTilt', m.monthlyTilt);
  if (!(geometry.gcr > 0 && geometry.gcr <= 1))
    throw new RangeError(`optics chain: gcr must be in (0, 1], got ${geometry.gcr}`);
  const axis = rowAxis(geometry);
  const iam = iamModel(choices.iam);
  const shading =
    choices.beamShading.model !== DirectBeamShadingModel.None ||
    choices.diffuseShading !== DiffuseShadingModel.None ||
    choices.shadeGroundReflected;
  const poaOptions: PlaneOfArrayOptions = {
    transposition: transposition(choices.transposition),
    circumsolar: choices.circumsolar,
    monthlyAlbedo: choices.monthlyAlbedo,
    ...(site.horizon !== undefined && site.horizon.length > 0
      ? { horizon: { horizon: site.horizon, axisTilt: axis.axisTilt, axisAzimuth: axis.axisAzimuth } }
      : {}),
    ...(shading
      ? {
          rows: {
            gcr: geometry.gcr,
            crossAxisTilt: axis.crossAxisTilt,
            electrical: electrical(choices.beamShading),
            diffuse:
              choices.diffuseShading === DiffuseShadingModel.SchaarPanchula ? 'schaarPanchula' : 'none',
            ground: choices.shadeGroundReflected,
            viewHeight: geometry.viewHeight ?? 0.5,
            iamB0: choices.iam.model === IncidenceAngleModelType.Ashrae ? choices.iam.b0 : 0.05,
          },
        }
      : {}),
  };
  let rear: MarionRearParams | undefined;
  const b = geometry.bifacial;
  if (b !== undefined) {
    const width = geometry.collectorWidth;
    if (!(width !== undefined && width > 0))
      throw new RangeError('optics chain: the rear side needs geometry.collectorWidth');
    rear = {
      postHeight: b.postHeight,
      pitch: width / geometry.gcr,
      collectorWidth: width,
      bifacialityFactor: b.bifacialityFactor,
      transmissionFactor: b.transmissionFactor ?? 0,
      structureShading: b.structureShading ?? 0,
      backsideMismatch: b.backsideMismatch ?? 0,
    };
  }
  return {
    choices,
    site,
    geometry,
    deltaT: site.deltaT ?? SPA_DEFAULT_DELTA_T,
    sitePressure: alt2pres({ altitude: site.altitude }),
    airmassModel: choices.airMass === AirMassModelType.BirdHulstrom ? 'birdHulstrom' : 'kastenSandia',
    decomposition: decomposition(choices.decomposition),
    axis,
    planeOfArray: preparePlaneOfArray(poaOptions),
    iam,
    rear,
    work: emptyWork(),
  };
}

/**
 * @internal The scratch columns for a series of `n` steps: reallocated only when the length changes
 * (the series functions take a column's length as the series length).
 */
export function ensureWork(p: PreparedOptics, n: number, gti: boolean): OpticsWork {
  let w = p.work;
  if (w.length !== n) w = p.work = workColumns(n, (k) => new Float64Array(k), p);
  if (gti && w.gti === undefined) w.gti = gtiDirintWork(n);
  return w;
}

/**
 * What a chain computes besides the front side: rows to shade (which read the rows' frame: projected
 * zenith, cos and sin of θ and θT) and a rear side (which reads the circumsolar share and the rear
 * irradiance after IAM). Without a chain, both (a caller that does not say gets every column).
 */
export function chainNeeds(p: PreparedOptics | undefined): { rows: boolean; rear: boolean } {
  return p === undefined
    ? { rows: true, rear: true }
    : { rows: p.planeOfArray.options.rows !== undefined, rear: p.rear !== undefined };
}

/** The rows' frame columns: cos θ, sin θ, cos θT, sin θT. */
function rotationTrigColumns(f: () => Float64Array): OpticsWork['rotationTrig'] {
  return { cosTheta: f(), sinTheta: f(), cosProjected: f(), sinProjected: f() };
}

/**
 * Scratch columns of n steps from `column` (a zero-filled column of n values), for a prepared chain
 * whose work arrays its caller lends (`simulate` takes them from its scratch pool): set as
 * `prepared.work` before the first run, {@link ensureWork} keeps them. Given the chain `p`, the rows'
 * frame is made only when rows shade, and the rear side's columns only with a rear side (a zero-length
 * stand-in otherwise: the chain neither reads nor writes them; a recycled simulation would otherwise
 * zero-fill columns no one touches, issue 17).
 */
export function workColumns(n: number, column: (n: number) => Float64Array, p?: PreparedOptics): OpticsWork {
  const f = () => column(n);
  const needs = chainNeeds(p);
  const unused = () => UNUSED;
  return {
    length: n,
    tempAir: f(),
    cosTrueZenith: f(),
    cosZenith: f(),
    sinAzimuth: f(),
    cosAzimuth: f(),
    rotationTrig: rotationTrigColumns(needs.rows ? f : unused),
    albedo: f(),
    circumsolarFraction: needs.rear ? f() : UNUSED,
    poaRearIam: needs.rear ? f() : UNUSED,
    ktPrime: f(),
    gti: undefined,
  };
}

/**
 * @internal Scratch for a run that takes its sun stage, and when `irradiance` its horizontal
 * irradiance, from an earlier run whose scratch is `from`: the sun columns (and kt′) are that run's by
 * reference, as they hold the same values; so are the mounting and rear columns and the GTI-DIRINT
 * scratch, which a run writes before it reads them (the earlier run is over). Not kept in the prepared
 * chain, so a later run of that chain on its own sizes its own scratch (`ensureWork`).
 * @param from the earlier run's scratch (of the series' length)
 * @param irradiance whether the horizontal irradiance is the earlier run's too
 * @param gti whether this run needs the GTI-DIRINT scratch (useMeteoPOAI)
 * @param p the chain that borrows: the rows' frame and the rear side's columns are new ones when it
 *        needs them and the earlier run had none ({@link workColumns})
 */
export function borrowedWork(
  from: OpticsWork,
  irradiance: boolean,
  gti: boolean,
  p?: PreparedOptics,
): OpticsWork {
  const n = from.length;
  const needs = chainNeeds(p);
  const f = () => new Float64Array(n);
  const rowsMissing = needs.rows && from.rotationTrig.cosTheta.length !== n;
  const rearMissing = needs.rear && from.poaRearIam.length !== n;
  return {
    length: n,
    tempAir: from.tempAir,
    cosTrueZenith: from.cosTrueZenith,
    cosZenith: from.cosZenith,
    sinAzimuth: from.sinAzimuth,
    cosAzimuth: from.cosAzimuth,
    rotationTrig: rowsMissing ? rotationTrigColumns(f) : from.rotationTrig,
    albedo: from.albedo,
    circumsolarFraction: rearMissing ? f() : from.circumsolarFraction,
    poaRearIam: rearMissing ? f() : from.poaRearIam,
    ktPrime: irradiance ? from.ktPrime : new Float64Array(n),
    gti: gti ? (from.gti ?? gtiDirintWork(n)) : undefined,
  };
}
