/**
 * Plane-of-array irradiance in the simulation chain (spec 4 §2 steps 4–6): transposition, horizon
 * (far) shading, near shading of infinite rows (beam with its electrical effect, sky diffuse, ground),
 * and the circumsolar treatment. Night steps give 0, never NaN.
 */
import {
  type ElectricalShading,
  electricalShadingConstants,
  electricalShadingKernel,
} from '../../shading/electricalShading.ts';
import { groundShadingKernel, seesGround } from '../../shading/groundShading.ts';
import {
  type HorizonPoint,
  type HorizonTable,
  horizonIsotropicTable,
  horizonLookup,
  horizonSkyViewFactor,
  horizonTable,
} from '../../shading/horizon.ts';
import { rowFrame } from '../../shading/rowGeometry.ts';
import { rowShadedFractionKernel } from '../../shading/rowShading.ts';
import { type RotationTable, lookupRotation, schaarPanchulaTable } from '../../shading/schaarPanchula.ts';
import { haydaviesKernel } from './haydavies.ts';
import { klucherKernel } from './klucher.ts';
import { PEREZ_IO_LENGTH, perezKernel } from './perez.ts';
import { type PerezModel, perezCoefficientArray } from './perezCoefficients.ts';
import { reindlKernel } from './reindl.ts';

const DEG = Math.PI / 180;

/**
 * Transposition model of the chain (`transpositionModel`: Hay 0, Perez 1; the engine's isotropic 100,
 * Reindl 101, Klucher 102).
 */
export type Transposition =
  | { model: 'isotropic' }
  | { model: 'haydavies' }
  | { model: 'perez'; coefficients: PerezModel }
  | { model: 'reindl' }
  | { model: 'klucher' };

/**
 * Circumsolar treatment (`circumsolarTreatment`). Spec 4 names the option but not its values; our
 * reading: the circumsolar part of the sky diffuse comes from the sun's direction, so it is either
 * - 'diffuse': kept in the sky diffuse, shaded by the sky-diffuse factor U_shd,D and given the diffuse
 *   incidence-angle modifier downstream; or
 * - 'beam': added to the beam, shaded by the beam (and electrical) shading of the rows and given the
 *   beam's incidence-angle modifier at θi downstream.
 * In both, the horizon profile blocks it together with the beam.
 */
export type CircumsolarTreatment = 'diffuse' | 'beam';

/** Near shading of infinite rows (omit `rows` for no near shading). */
export interface RowShadingOptions {
  /** ground coverage ratio ℓ/p (horizontal pitch) [-] */
  gcr: number;
  /** cross-axis slope of the ground βc [°] */
  crossAxisTilt: number;
  /** beam shading and its electrical effect; response 'none' ignores beam shading */
  electrical: ElectricalShading;
  /** sky-diffuse shading (`diffuseShadingModel`: None 0, Schaar–Panchula 1) */
  diffuse: 'none' | 'schaarPanchula';
  /** shading of the ground-reflected light (U_shd,Gb, U_shd,Gd) */
  ground: boolean;
  /** view height g of the diffuse and ground models [-] (0.5) */
  viewHeight?: number;
  /** ASHRAE b0 weighting the sky in Schaar–Panchula [-] (0.05) */
  iamB0?: number;
}

/** Horizon profile with the row axis, over whose rotation its sky factor is tabulated. */
export interface HorizonOptions {
  horizon: readonly HorizonPoint[];
  /** axis tilt βa of the row (0 for fixed rows) [°] */
  axisTilt: number;
  /** axis azimuth γa of the row (γ − 90° for a fixed row facing γ) [°] */
  axisAzimuth: number;
}

/** Options of {@link planeOfArraySeries}. */
export interface PlaneOfArrayOptions {
  transposition: Transposition;
  circumsolar: CircumsolarTreatment;
  /** twelve ground albedos, January first (`monthlyFactors[].albedo`) [-] */
  monthlyAlbedo: readonly number[];
  horizon?: HorizonOptions;
  rows?: RowShadingOptions;
}

/** Per-call tables of {@link planeOfArraySeries}, built once by {@link preparePlaneOfArray}. */
export interface PreparedPlaneOfArray {
  options: PlaneOfArrayOptions;
  albedo: Float64Array;
  perez: Float64Array | undefined;
  horizonBeam: HorizonTable | undefined;
  horizonIsotropic: RotationTable | undefined;
  horizonGroundSvf: number;
  skyShading: RotationTable | undefined;
  effect: number;
  units: number;
}

/**
 * Builds the tables of {@link planeOfArraySeries} (horizon, sky-diffuse shading), once per row
 * geometry: reuse the result for every year and weather file of a DC field.
 */
export function preparePlaneOfArray(p: PlaneOfArrayOptions): PreparedPlaneOfArray {
  if (p.monthlyAlbedo.length !== 12) throw new Error('planeOfArray: monthlyAlbedo needs 12 values');
  const rows = p.rows;
  const k = rows !== undefined ? electricalShadingConstants(rows.electrical) : { effect: 0, units: 0 };
  return {
    options: p,
    albedo: Float64Array.from(p.monthlyAlbedo),
    perez:
      p.transposition.model === 'perez' ? perezCoefficientArray(p.transposition.coefficients) : undefined,
    horizonBeam: p.horizon !== undefined ? horizonTable(p.horizon, 1) : undefined,
    horizonIsotropic: p.horizon !== undefined ? horizonIsotropicTable(p.horizon, 1) : undefined,
    horizonGroundSvf: p.horizon !== undefined ? horizonSkyViewFactor(p.horizon) : 1,
    skyShading:
      rows !== undefined && rows.diffuse === 'schaarPanchula'
        ? schaarPanchulaTable({
            gcr: rows.gcr,
            crossAxisTilt: rows.crossAxisTilt,
            viewHeight: rows.viewHeight ?? 0.5,
            iamB0: rows.iamB0 ?? 0.05,
          })
        : undefined,
    effect: k.effect,
    units: k.units,
  };
}

/** Inputs of {@link planeOfArraySeries}: weather, sun and the mounting's outputs, one value per step. */
export interface PlaneOfArrayInputs {
  /** apparent solar zenith [°] */
  solarZenith: Float64Array;
  /** optional cos of the apparent zenith [-] (e.g. from `spaSeries`), instead of a cosine per step */
  cosSolarZenith?: Float64Array;
  /** solar azimuth [°] */
  solarAzimuth: Float64Array;
  /** direct normal irradiance [W/m²] */
  dni: Float64Array;
  /** diffuse horizontal irradiance [W/m²] */
  dhi: Float64Array;
  /** global horizontal irradiance [W/m²] */
  ghi: Float64Array;
  /** extraterrestrial normal irradiance [W/m²] */
  dniExtra: Float64Array;
  /** relative air mass [-] (Perez) */
  airmassRelative: Float64Array;
  /** calendar month 1–12 [-] */
  month: Uint8Array;
  /** optional albedo per step [-], overriding the monthly value where finite */
  albedo?: Float64Array;
  /** surface tilt [°] */
  surfaceTilt: Float64Array;
  /** cos of the angle of incidence [-] */
  cosAoi: Float64Array;
  /** row rotation θ [°] */
  trackerTheta: Float64Array;
  /** projected solar zenith θT [°] */
  projectedZenith: Float64Array;
  /**
   * optional cos θ, sin θ, cos θT, sin θT [-] of the same angles (from the mounting series), instead of
   * three cosines per step in the near-shading models
   */
  rotationTrig?: {
    cosTheta: Float64Array;
    sinTheta: Float64Array;
    cosProjected: Float64Array;
    sinProjected: Float64Array;
  };
}

/** Outputs of {@link planeOfArraySeries} [W/m²] (factors [-]); optional columns are filled when given. */
export interface PlaneOfArrayOutputs {
  /** beam on the plane after all shading (with circumsolar when treated as beam) */
  beamAfterShading: Float64Array;
  /** sky diffuse after shading (isotropic + horizon band, with circumsolar when treated as diffuse) */
  skyAfterShading: Float64Array;
  /** ground-reflected irradiance after shading */
  groundAfterShading: Float64Array;
  /** beamAfterShading + skyAfterShading + groundAfterShading */
  poaAfterShading: Float64Array;
  /** transposed global irradiance, before any shading */
  poaGlobal?: Float64Array;
  /** global after the horizon */
  poaAfterHorizon?: Float64Array;
  /** global after geometric near shading, before its electrical effect */
  poaAfterNearShading?: Float64Array;
  /** beam shaded fraction of the row [-] */
  shadedFraction?: Float64Array;
  /** transposed beam In·cos θi, before any shading (circumsolar excluded) */
  poaBeam?: Float64Array;
  /** transposed sky diffuse (isotropic + circumsolar + horizon band), before any shading */
  poaSkyDiffuse?: Float64Array;
  /** transposed circumsolar part of the sky diffuse, before any shading */
  poaCircumsolar?: Float64Array;
  /** transposed ground-reflected irradiance, before any shading */
  poaGroundDiffuse?: Float64Array;
  /** share of DHI that the sky model sends from the sun's direction [-]: Perez F1, Hay–Davies A = In/I0, 0 isotropic */
  circumsolarFraction?: Float64Array;
}

const r3 = new Float64Array(PEREZ_IO_LENGTH);
const r2 = new Float64Array(2);

/**
 * Plane-of-array irradiance per step through the chain's optics steps 4–6 (spec 4 §2):
 *
 * 1. Transposition: beam B = max(0, In·cos θi); sky diffuse split into isotropic I, circumsolar C and
 *    horizon band H by the chosen model ({@link perez}, {@link haydavies}: H = 0, isotropic: C = H = 0,
 *    Reindl and Klucher: their circumsolar and horizon-brightening terms);
 *    ground G = ρ·Gh·(1 − cos β)/2 split into a beam part Gb = ρ·(Gh − Dh)·(1 − cos β)/2 and a diffuse part
 *    Gd = ρ·Dh·(1 − cos β)/2, ρ the month's albedo.
 * 2. Horizon: B, C and Gb × hb (0 when the sun is below the horizon line, see shading/horizon.ts);
 *    I × U_hor,iso(θ); Gd × the horizontal sky view factor of the horizon. H is left unchanged.
 * 3. Near shading of infinite rows: beam shaded fraction f ({@link rowShadedFraction}); geometric
 *    factor 1 − f and electrical factor U_elec ({@link electricalShadingFactor}) on B (and C when treated
 *    as beam); U_shd,D ({@link schaarPanchula}) on I and H (and C when treated as diffuse);
 *    U_shd,Gb and U_shd,Gd ({@link groundShading}) on Gb and Gd.
 *
 * Steps with θz > 90° (or NaN) give 0 in every irradiance column.
 *
 * @param x weather, sun and mounting columns, see {@link PlaneOfArrayInputs}
 * @param prep options and tables from {@link preparePlaneOfArray}
 * @param out caller-owned columns, see {@link PlaneOfArrayOutputs}
 * @see R. Perez et al., Solar Energy 44 (1990) 271–289, doi:10.1016/0038-092X(90)90055-H
 * @see K. Anderson, M. Mikofski, NREL/TP-5K00-76626 (2020), doi:10.2172/1660126
 */
export function planeOfArraySeries(
  x: PlaneOfArrayInputs,
  prep: PreparedPlaneOfArray,
  out: PlaneOfArrayOutputs,
): void {
  const opt = prep.options;
  const model = opt.transposition.model;
  const beamCircumsolar = opt.circumsolar === 'beam';
  const rows = opt.rows;
  const shadeBeam = rows !== undefined && rows.electrical.response !== 'none';
  const shadeGround = rows !== undefined && rows.ground;
  const frame = rows !== undefined ? rowFrame(rows.gcr, rows.crossAxisTilt) : undefined;
  const gcrCos = frame !== undefined ? frame.gcr * Math.cos(frame.cross) : 0;
  const crossDeg = rows?.crossAxisTilt ?? 0;
  const spacing = frame?.spacing ?? 1;
  const g = rows?.viewHeight ?? 0.5;
  const { effect, units, albedo: monthly, perez: coef, horizonBeam, horizonIsotropic, skyShading } = prep;
  const groundSvf = prep.horizonGroundSvf;
  const { solarZenith, solarAzimuth, dni, dhi, ghi, dniExtra, airmassRelative, month, surfaceTilt, cosAoi } =
    x;
  const { trackerTheta, projectedZenith, albedo, cosSolarZenith, rotationTrig } = x;
  const cosCross = Math.cos(crossDeg * DEG);
  const sinCross = Math.sin(crossDeg * DEG);
  const { beamAfterShading, skyAfterShading, groundAfterShading, poaAfterShading } = out;
  const { poaGlobal, poaAfterHorizon, poaAfterNearShading, shadedFraction } = out;
  const { poaBeam, poaSkyDiffuse, poaCircumsolar, poaGroundDiffuse } = out;
  const { circumsolarFraction } = out;
  for (let i = 0; i < solarZenith.length; i++) {
    const zen = solarZenith[i]!;
    if (!(zen <= 90)) {
      beamAfterShading[i] = skyAfterShading[i] = groundAfterShading[i] = poaAfterShading[i] = 0;
      if (poaGlobal !== undefined) poaGlobal[i] = 0;
      if (poaAfterHorizon !== undefined) poaAfterHorizon[i] = 0;
      if (poaAfterNearShading !== undefined) poaAfterNearShading[i] = 0;
      if (shadedFraction !== undefined) shadedFraction[i] = 0;
      if (poaBeam !== undefined) poaBeam[i] = 0;
      if (poaSkyDiffuse !== undefined) poaSkyDiffuse[i] = 0;
      if (poaCircumsolar !== undefined) poaCircumsolar[i] = 0;
      if (poaGroundDiffuse !== undefined) poaGroundDiffuse[i] = 0;
      if (circumsolarFraction !== undefined) circumsolarFraction[i] = 0;
      continue;
    }
    // 1. transposition
    const z = zen * DEG;
    const cosZ = cosSolarZenith !== undefined ? cosSolarZenith[i]! : Math.cos(z);
    const c = cosAoi[i]!;
    const cosTilt = Math.cos(surfaceTilt[i]! * DEG);
    const dh = dhi[i]!;
    const bn = dni[i]!;
    let beam = bn * c;
    if (!(beam > 0)) beam = 0;
    let iso: number;
    let circ = 0;
    let hor = 0;
    let f1 = 0;
    if (model === 'perez') {
      r3[0] = dh;
      r3[1] = bn;
      r3[2] = dniExtra[i]!;
      r3[3] = airmassRelative[i]!;
      r3[4] = z;
      r3[5] = cosZ;
      r3[6] = c;
      r3[7] = cosTilt;
      r3[8] = Math.sqrt(1 - cosTilt * cosTilt);
      perezKernel(coef!, r3);
      iso = r3[0]!;
      circ = r3[1]!;
      hor = r3[2]!;
      f1 = r3[3]!;
    } else if (model === 'haydavies') {
      haydaviesKernel(dh, bn, dniExtra[i]!, cosZ, c, cosTilt, r2);
      iso = r2[0]!;
      circ = r2[1]!;
      f1 = bn / dniExtra[i]!;
    } else if (model === 'reindl') {
      reindlKernel(dh, bn, ghi[i]!, dniExtra[i]!, cosZ, c, cosTilt, r3);
      iso = r3[0]!;
      circ = r3[1]!;
      hor = r3[2]!;
      f1 = bn / dniExtra[i]!;
    } else if (model === 'klucher') {
      klucherKernel(dh, ghi[i]!, cosZ, c, cosTilt, r3);
      iso = r3[0]!;
      circ = r3[1]!;
      hor = r3[2]!;
      f1 = dh > 0 ? circ / dh : 0;
    } else iso = dh * 0.5 * (1 + cosTilt);
    let rho = monthly[month[i]! - 1]!;
    if (albedo !== undefined && albedo[i] === albedo[i]) rho = albedo[i]!;
    const view = rho * 0.5 * (1 - cosTilt);
    const gh = ghi[i]!;
    let gBeam = (gh - dh) * view;
    if (!(gBeam > 0)) gBeam = 0;
    let gDiff = (gh < dh ? gh : dh) * view;
    if (poaGlobal !== undefined) poaGlobal[i] = beam + iso + circ + hor + gBeam + gDiff;
    if (poaBeam !== undefined) poaBeam[i] = beam;
    if (poaSkyDiffuse !== undefined) poaSkyDiffuse[i] = iso + circ + hor;
    if (poaCircumsolar !== undefined) poaCircumsolar[i] = circ;
    if (poaGroundDiffuse !== undefined) poaGroundDiffuse[i] = gBeam + gDiff;
    if (circumsolarFraction !== undefined) circumsolarFraction[i] = f1;
    // 2. horizon
    const theta = trackerTheta[i]!;
    if (horizonBeam !== undefined) {
      if (90 - zen < horizonLookup(horizonBeam, solarAzimuth[i]!)) beam = circ = gBeam = 0;
      iso *= lookupRotation(horizonIsotropic!, theta);
      gDiff *= groundSvf;
    }
    if (poaAfterHorizon !== undefined) poaAfterHorizon[i] = beam + iso + circ + hor + gBeam + gDiff;
    // 3. near shading
    let beamGeo = beam;
    let circGeo = circ;
    if (rows !== undefined) {
      let facing: number; // cos(θ − θT)
      let above: number; // cos(θT − βc)
      let a: number; // cos(θ − βc)
      if (rotationTrig !== undefined) {
        const ct = rotationTrig.cosTheta[i]!;
        const st = rotationTrig.sinTheta[i]!;
        const cp = rotationTrig.cosProjected[i]!;
        const sp = rotationTrig.sinProjected[i]!;
        facing = ct * cp + st * sp;
        above = cp * cosCross + sp * sinCross;
        a = ct * cosCross + st * sinCross;
      } else {
        const tt = projectedZenith[i]!;
        facing = Math.cos((theta - tt) * DEG);
        above = Math.cos((tt - crossDeg) * DEG);
        a = Math.cos((theta - crossDeg) * DEG);
      }
      let f = 0;
      if (shadeBeam) {
        f = rowShadedFractionKernel(facing, above, gcrCos);
        const elec = electricalShadingKernel(f, effect, units);
        beamGeo = beam * (1 - f);
        beam *= elec;
        if (beamCircumsolar) {
          circGeo = circ * (1 - f);
          circ *= elec;
        }
      }
      if (shadedFraction !== undefined) shadedFraction[i] = f;
      if (skyShading !== undefined) {
        const u = lookupRotation(skyShading, theta);
        iso *= u;
        hor *= u;
        if (!beamCircumsolar) circ *= u;
      }
      if (shadeGround) {
        groundShadingKernel(facing, above, a, seesGround(theta, crossDeg), spacing, g, r2);
        gBeam *= r2[0]!;
        gDiff *= r2[1]!;
      }
    } else if (shadedFraction !== undefined) shadedFraction[i] = 0;
    const direct = beamCircumsolar ? beam + circ : beam;
    const sky = beamCircumsolar ? iso + hor : iso + hor + circ;
    const ground = gBeam + gDiff;
    beamAfterShading[i] = direct;
    skyAfterShading[i] = sky;
    groundAfterShading[i] = ground;
    poaAfterShading[i] = direct + sky + ground;
    if (poaAfterNearShading !== undefined) {
      poaAfterNearShading[i] = beamGeo + (beamCircumsolar ? circGeo : 0) + sky + ground;
    }
  }
}
