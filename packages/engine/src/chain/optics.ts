/**
 * The optics chain (spec 4 §2 steps 1–10): from a weather series to the effective irradiance on the
 * front and the back of the modules, through every model of issue 3, in the order of the calculation
 * chain. Every stage is kept as a column of the result (`OpticsSeries`).
 */
import { airmassAbsoluteSeries, airmassRelativeChainSeries } from '../atmosphere/airmass.ts';
import { extraterrestrialSpencerSeries } from '../irradiance/extraterrestrial.ts';
import { decomposeSeries } from '../irradiance/decomposition/decompose.ts';
import { gtiDirintSeries, type TranspositionCallback } from '../irradiance/decomposition/gtiDirint.ts';
import { haydaviesKernel } from '../irradiance/transposition/haydavies.ts';
import { klucherKernel } from '../irradiance/transposition/klucher.ts';
import { PEREZ_IO_LENGTH, perezKernel } from '../irradiance/transposition/perez.ts';
import { reindlKernel } from '../irradiance/transposition/reindl.ts';
import { planeOfArraySeries } from '../irradiance/transposition/planeOfArray.ts';
import { fixedTiltSeries } from '../mounting/fixedTilt.ts';
import { seasonalTiltSeries } from '../mounting/seasonalTilt.ts';
import { trackerSeries, type TrackerControl } from '../mounting/tracker.ts';
import { spaSeries } from '../solarPosition/spaSeries.ts';
import { dayOfYearSeries, monthSeries } from '../time/calendar.ts';
import { sunInstantSeries } from '../time/weatherTimestamps.ts';
import {
  DCFieldBacktrackingType,
  DCFieldTrackingTypeEnum,
  DiffuseDirectDecompModelType,
  SoilingModelType,
  SpectralShiftModel,
  SpectralWeatherType,
} from './choices.ts';
import { frontAndRear } from './frontRear.ts';
import type { IdenticalOpticsColumns, OpticsSeries, OpticsWeather } from './opticsSeries.ts';
import {
  borrowedWork,
  chainNeeds,
  ensureWork,
  type OpticsWork,
  type PreparedOptics,
} from './prepareOptics.ts';

const DEG = Math.PI / 180;
/** Air temperature assumed for refraction where the weather has none [°C] (the SPA report's annual mean). */
export const DEFAULT_TEMP_AIR = 12;

/** @internal Throws unless the weather has the column the choices need, of the series length. */
function need(w: OpticsWeather, name: keyof OpticsWeather, why: string): Float64Array {
  const c = w[name];
  if (!(c instanceof Float64Array)) throw new TypeError(`optics chain: ${why} needs weather.${name}`);
  if (c.length !== w.time.length)
    throw new RangeError(
      `optics chain: weather.${name} has ${c.length} values, weather.time ${w.time.length}`,
    );
  return c;
}

/** @internal Tracker control of mounting/tracker.ts from the product's enum. */
function control(c: DCFieldBacktrackingType): TrackerControl {
  return c === DCFieldBacktrackingType.Backtracking
    ? 'backtracking'
    : c === DCFieldBacktrackingType.TimeSeries
      ? 'timeSeries'
      : 'trueTracking';
}

/** @internal out[i] = x[i] where it is above `min` (so not NaN), else `fallback`; all `fallback` without x. */
function fillMissing(
  x: Float64Array | undefined,
  min: number,
  fallback: number,
  out: Float64Array,
  n: number,
): void {
  if (x === undefined) {
    out.fill(fallback, 0, n);
    return;
  }
  const lo = +min;
  const fb = +fallback;
  // Two stores, not one store of `v > lo ? v : fb`: in the loop's on-stack-compiled code (OSR, one
  // call a simulation) fb is tagged, and a value that is either it or the step's double is boxed at
  // every step (issue 17).
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    if (v > lo) out[i] = v;
    else out[i] = fb;
  }
}

/** @internal Steps 1: instants, calendar, pressure and temperature; sun position, I0, air mass. */
function sunStage(p: PreparedOptics, w: OpticsWeather, out: OpticsSeries, work: OpticsWork): void {
  const n = out.length;
  sunInstantSeries(w.time, w.convention, out.sunTime);
  dayOfYearSeries(out.sunTime, w.utcOffsetHours, out.dayOfYear);
  monthSeries(out.sunTime, w.utcOffsetHours, out.month);
  fillMissing(w.pressure, 0, p.sitePressure, out.pressure, n);
  fillMissing(need(w, 'tempAir', 'refraction'), -273.15, DEFAULT_TEMP_AIR, work.tempAir, n);
  const s = p.site;
  spaSeries(
    out.sunTime,
    {
      latitude: s.latitude,
      longitude: s.longitude,
      altitude: s.altitude,
      pressure: out.pressure,
      temperature: work.tempAir,
      deltaT: p.deltaT,
    },
    {
      zenith: out.solarZenith,
      apparentZenith: out.apparentZenith,
      azimuth: out.solarAzimuth,
      cosApparentZenith: work.cosZenith,
      sinAzimuth: work.sinAzimuth,
      cosAzimuth: work.cosAzimuth,
      cosZenith: work.cosTrueZenith,
    },
  );
  extraterrestrialSpencerSeries(out.dayOfYear, {}, out.dniExtra);
  airmassRelativeChainSeries(
    out.apparentZenith,
    { model: p.airmassModel },
    out.airmassRelative,
    work.cosZenith,
  );
  airmassAbsoluteSeries(
    { airmassRelative: out.airmassRelative, pressure: out.pressure },
    out.airmassAbsolute,
  );
}

/** @internal Step 3: orientation of the rows, angle of incidence and projected zenith (apparent sun). */
function mountingStage(p: PreparedOptics, w: OpticsWeather, out: OpticsSeries, work: OpticsWork): void {
  const m = p.geometry.mounting;
  // The rows' frame (projected zenith θT and the trigonometry of θ and θT) is read only by the row
  // shading of planeOfArraySeries: without rows it is not computed (an atan2 a step for a tracker, and
  // five columns of a 1-minute year that stay untouched memory; issue 17, first run).
  const { rows } = chainNeeds(p);
  const sun = {
    solarZenith: out.apparentZenith,
    solarAzimuth: out.solarAzimuth,
    cosSolarZenith: work.cosZenith,
    sinSolarAzimuth: work.sinAzimuth,
    cosSolarAzimuth: work.cosAzimuth,
  };
  const o = {
    trackerTheta: out.trackerTheta,
    surfaceTilt: out.surfaceTilt,
    surfaceAzimuth: out.surfaceAzimuth,
    aoi: out.aoi,
    cosAoi: out.cosAoi,
    projectedZenith: rows && out.projectedZenith.length > 0 ? out.projectedZenith : undefined,
    rotationTrig: rows ? work.rotationTrig : undefined,
  };
  switch (m.type) {
    case DCFieldTrackingTypeEnum.FixedTilt:
      fixedTiltSeries(sun, { surfaceTilt: m.surfaceTilt, surfaceAzimuth: m.surfaceAzimuth }, o);
      return;
    case DCFieldTrackingTypeEnum.SeasonalTilt:
      seasonalTiltSeries(
        {
          solarZenith: sun.solarZenith,
          solarAzimuth: sun.solarAzimuth,
          cosSolarZenith: sun.cosSolarZenith,
          sinSolarAzimuth: sun.sinSolarAzimuth,
          cosSolarAzimuth: sun.cosSolarAzimuth,
          month: out.month,
        },
        { monthlyTilt: m.monthlyTilt, surfaceAzimuth: m.surfaceAzimuth },
        o,
      );
      return;
    case DCFieldTrackingTypeEnum.HorizontalTracker: {
      const series = m.control === DCFieldBacktrackingType.TimeSeries;
      const stow = m.windStow;
      trackerSeries(
        {
          solarZenith: sun.solarZenith,
          solarAzimuth: sun.solarAzimuth,
          cosSolarZenith: sun.cosSolarZenith,
          sinSolarAzimuth: sun.sinSolarAzimuth,
          cosSolarAzimuth: sun.cosSolarAzimuth,
          windSpeed: stow !== undefined ? need(w, 'windSpeed', 'wind stow') : undefined,
          trackingAngle: series ? need(w, 'trackingAngle', 'tracker control TimeSeries') : undefined,
        },
        {
          axisTilt: m.axisTilt,
          axisAzimuth: m.axisAzimuth,
          minAngle: m.minAngle,
          maxAngle: m.maxAngle,
          gcr: p.geometry.gcr,
          crossAxisTilt: p.axis.crossAxisTilt,
          control: control(m.control),
          nightStowAngle: m.nightStowAngle,
          windStow:
            stow !== undefined
              ? {
                  threshold: stow.threshold,
                  angle: stow.angle,
                  dwellSteps: Math.round(stow.dwellMinutes / w.convention.intervalMinutes),
                }
              : undefined,
        },
        o,
      );
    }
  }
}

/** @internal Albedo per step: the month's, or the weather file's where finite when chosen. */
function albedoStage(p: PreparedOptics, w: OpticsWeather, out: OpticsSeries, work: OpticsWork): void {
  const monthly = p.choices.monthlyAlbedo;
  const file = p.choices.useWeatherFileAlbedoData ? need(w, 'albedo', 'useWeatherFileAlbedoData') : undefined;
  const a = work.albedo;
  const month = out.month;
  for (let i = 0; i < out.length; i++) {
    const f = file !== undefined ? file[i]! : NaN;
    a[i] = f === f ? f : monthly[month[i]! - 1]!;
  }
}

/**
 * @internal Step 2: the horizontal irradiance used. Decomposition of GHI by the chosen model, or, with
 * `useMeteoPOAI`, GHI/DNI/DHI from the measured POA by GTI-DIRINT with the chain's own transposition
 * (the rows' plane, unshaded). Night (θz ≥ 90°) and missing or negative values give 0.
 */
function irradianceStage(p: PreparedOptics, w: OpticsWeather, out: OpticsSeries, work: OpticsWork): void {
  const c = p.choices;
  const { ghi, dni, dhi, solarZenith } = out;
  const water = p.decomposition.model === 'dirint' ? p.decomposition.water : 'none';
  const tempDew = water === 'dewPoint' ? need(w, 'tempDew', 'DIRINT water dewPoint') : undefined;
  const pw = water === 'precipitableWater' ? need(w, 'precipitableWater', 'DIRINT water') : undefined;
  if (c.useMeteoPOAI) {
    gtiDirintSeries(
      {
        poaGlobal: need(w, 'poaGlobal', 'useMeteoPOAI'),
        aoi: out.aoi,
        zenith: solarZenith,
        azimuth: out.solarAzimuth,
        dayOfYear: out.dayOfYear,
        pressure: out.pressure,
        surfaceTilt: out.surfaceTilt,
        albedo: work.albedo,
        tempDew,
        precipitableWater: pw,
      },
      { useDeltaKtPrime: p.decomposition.model === 'dirint' ? p.decomposition.useDeltaKtPrime : true, water },
      transposeCallback(p, out, work),
      { ghi, dni, dhi },
      work.gti,
    );
    return;
  }
  const none = c.decomposition.model === DiffuseDirectDecompModelType.None;
  const fileGhi = none ? w.ghi : need(w, 'ghi', 'decomposition');
  const reindlRh = p.decomposition.model === 'reindl' && p.decomposition.variant === 'ktElevationTempRh';
  decomposeSeries(
    {
      ghi: fileGhi ?? dni, // 'None' without GHI: recomputed below
      zenith: solarZenith,
      cosZenith: work.cosTrueZenith,
      dayOfYear: out.dayOfYear,
      dniExtra: out.dniExtra,
      pressure: out.pressure,
      dni: none ? need(w, 'dni', 'decomposition None') : undefined,
      dhi: none ? need(w, 'dhi', 'decomposition None') : undefined,
      tempAir: reindlRh ? work.tempAir : undefined,
      relativeHumidity: reindlRh ? need(w, 'relativeHumidity', 'Reindl') : undefined,
      tempDew,
      precipitableWater: pw,
    },
    p.decomposition,
    { dni, dhi },
    { ktPrime: work.ktPrime },
  );
  // The sun is up while its apparent (refracted) centre is: between true θz = 90° and apparent 90°
  // (≈ 0.5°, minutes a day) the models' closure gives DNI = 0, DHI = GHI; 'None' keeps the file's values.
  horizontalAtSunrise(
    out.apparentZenith,
    solarZenith,
    work.cosTrueZenith,
    fileGhi,
    none ? w.dni! : undefined,
    none ? w.dhi! : undefined,
    ghi,
    dni,
    dhi,
  );
}

/**
 * @internal The last loop of {@link irradianceStage} (see there). A leaf function of typed arrays: in
 * `irradianceStage` the loop made that function hot and V8 optimised it with the decomposition inlined
 * (~15 ms of compilation in the third simulation of a 1-minute year, issue 17 warm-up).
 */
function horizontalAtSunrise(
  apparentZenith: Float64Array,
  solarZenith: Float64Array,
  cosTrueZenith: Float64Array,
  fileGhi: Float64Array | undefined,
  fileDni: Float64Array | undefined,
  fileDhi: Float64Array | undefined,
  ghi: Float64Array,
  dni: Float64Array,
  dhi: Float64Array,
): void {
  for (let i = 0; i < ghi.length; i++) {
    if (!(apparentZenith[i]! < 90)) {
      ghi[i] = dni[i] = dhi[i] = 0;
      continue;
    }
    const z = solarZenith[i]!;
    if (z < 90) {
      const g = fileGhi !== undefined ? fileGhi[i]! : dni[i]! * cosTrueZenith[i]! + dhi[i]!;
      ghi[i] = g > 0 ? g : 0;
    } else {
      const g = fileGhi !== undefined ? fileGhi[i]! : fileDhi![i]!;
      ghi[i] = g > 0 ? g : 0;
      const b = fileDni !== undefined ? fileDni[i]! : 0;
      dni[i] = b > 0 ? b : 0;
      const d = fileDhi !== undefined ? fileDhi[i]! : g;
      dhi[i] = d > 0 ? d : 0;
    }
  }
}

/** @internal Unshaded global POA of the chain's transposition, for GTI-DIRINT (one closure per run). */
function transposeCallback(p: PreparedOptics, out: OpticsSeries, work: OpticsWork): TranspositionCallback {
  const t = p.planeOfArray.options.transposition;
  const coef = p.planeOfArray.perez;
  const { cosAoi, surfaceTilt, apparentZenith, airmassRelative } = out;
  const albedo = work.albedo;
  const r = new Float64Array(PEREZ_IO_LENGTH);
  return (i, ghi, dni, dhi, dniExtra) => {
    const c = cosAoi[i]!;
    const cosTilt = Math.cos(surfaceTilt[i]! * DEG);
    const z = apparentZenith[i]! * DEG;
    const beam = dni * c > 0 ? dni * c : 0;
    let sky: number;
    if (t.model === 'perez') {
      r[0] = dhi;
      r[1] = dni;
      r[2] = dniExtra;
      r[3] = airmassRelative[i]!;
      r[4] = z;
      r[5] = Math.cos(z);
      r[6] = c;
      r[7] = cosTilt;
      r[8] = Math.sqrt(1 - cosTilt * cosTilt);
      perezKernel(coef!, r);
      sky = r[0]! + r[1]! + r[2]!;
    } else if (t.model === 'haydavies') {
      haydaviesKernel(dhi, dni, dniExtra, Math.cos(z), c, cosTilt, r);
      sky = r[0]! + r[1]!;
    } else if (t.model === 'reindl') {
      reindlKernel(dhi, dni, ghi, dniExtra, Math.cos(z), c, cosTilt, r);
      sky = r[0]! + r[1]! + r[2]!;
    } else if (t.model === 'klucher') {
      klucherKernel(dhi, ghi, Math.cos(z), c, cosTilt, r);
      sky = r[0]! + r[1]! + r[2]!;
    } else sky = dhi * 0.5 * (1 + cosTilt);
    return beam + sky + ghi * albedo[i]! * 0.5 * (1 - cosTilt);
  };
}

/**
 * The pairs of columns that {@link runOptics} fills with the same values for these choices, bit for
 * bit, so that one array may stand for both (`allocateOpticsWithScratch`; issue 17, first run):
 * - fixed and seasonal rows: `fixedLoop` writes the tilt to trackerTheta and surfaceTilt alike;
 * - no rows (no beam, diffuse or ground shading): `planeOfArraySeries` computes poaAfterNearShading
 *   as beam + circumsolar (with the beam) + sky + ground, the same additions in the same order as
 *   poaAfterShading (beam is never −0: a beam that is not positive is set to 0);
 * - no spectral model: M = 1 at every step, and M·x = x for every x (IEEE 754 multiplication by 1);
 * - no rear side: poaRear and rearEffective are both 0, and effectiveIrradiance = poaAfterSpectral + 0
 *   is poaAfterSpectral (x + 0 = x; a −0 becomes +0, the same value);
 * - no horizon profile: `planeOfArraySeries` writes poaAfterHorizon as poaGlobal (the same sum), and
 *   `combineFront` then rewrites poaGlobal as beam + sky + ground: one array holds that sum for both,
 *   which makes the loss to the horizon exactly 0 instead of the rounding of two orders of addition.
 * @param prepared the chain the columns are for
 */
export function identicalOpticsColumns(prepared: PreparedOptics): IdenticalOpticsColumns {
  const m = prepared.geometry.mounting.type;
  const needs = chainNeeds(prepared);
  return {
    trackerThetaIsTilt: m === DCFieldTrackingTypeEnum.FixedTilt || m === DCFieldTrackingTypeEnum.SeasonalTilt,
    nearShadingIsShading: !needs.rows,
    spectralIsIam: prepared.choices.spectral.model === SpectralShiftModel.None,
    rearIsZero: !needs.rear,
    horizonIsGlobal: prepared.planeOfArray.horizonBeam === undefined,
  };
}

/**
 * An earlier run of the chain at the same site and on the same weather columns, whose sun stage (step 1)
 * and, when the decomposition choices agree, horizontal irradiance (step 2) a later run copies instead
 * of computing again: they do not depend on the mounting, so DC fields on different mountings of one
 * site share them (the copy is bit-identical to a recomputation).
 */
export interface SharedOpticsSource {
  prepared: PreparedOptics;
  weather: OpticsWeather;
  out: OpticsSeries;
}

/** @internal Whether step 1 of `from` is this run's: same site, ΔT, air mass model and weather columns. */
function sameSun(p: PreparedOptics, w: OpticsWeather, from: SharedOpticsSource): boolean {
  const q = from.prepared;
  const v = from.weather;
  return (
    from.out.length === w.time.length &&
    q.work.length === w.time.length &&
    q.site.latitude === p.site.latitude &&
    q.site.longitude === p.site.longitude &&
    q.site.altitude === p.site.altitude &&
    q.deltaT === p.deltaT &&
    q.sitePressure === p.sitePressure &&
    q.airmassModel === p.airmassModel &&
    v.time === w.time &&
    v.convention === w.convention &&
    v.utcOffsetHours === w.utcOffsetHours &&
    v.pressure === w.pressure &&
    v.tempAir === w.tempAir
  );
}

/** @internal Whether step 2 of `from` is this run's as well: the same decomposition of the same columns. */
function sameIrradiance(p: PreparedOptics, w: OpticsWeather, from: SharedOpticsSource): boolean {
  const q = from.prepared;
  const v = from.weather;
  return (
    !p.choices.useMeteoPOAI &&
    !q.choices.useMeteoPOAI &&
    p.choices.decomposition.model === q.choices.decomposition.model &&
    JSON.stringify(p.decomposition) === JSON.stringify(q.decomposition) &&
    v.ghi === w.ghi &&
    v.dni === w.dni &&
    v.dhi === w.dhi &&
    v.tempDew === w.tempDew &&
    v.precipitableWater === w.precipitableWater &&
    v.relativeHumidity === w.relativeHumidity
  );
}

/**
 * @internal Whether steps 1 and the spectral part of step 9 of `from` are this run's as well: the same
 * precipitable water source and spectral model (the spectral factor depends on the air mass and the
 * water, not on the mounting).
 */
function sameSpectral(p: PreparedOptics, w: OpticsWeather, from: SharedOpticsSource): boolean {
  const q = from.prepared;
  const v = from.weather;
  return (
    p.choices.precipitableWater === q.choices.precipitableWater &&
    JSON.stringify(p.choices.spectral) === JSON.stringify(q.choices.spectral) &&
    v.precipitableWater === w.precipitableWater &&
    v.relativeHumidity === w.relativeHumidity &&
    v.tempDew === w.tempDew
  );
}

const SUN_COLUMNS = [
  'month',
  'sunTime',
  'dayOfYear',
  'pressure',
  'solarZenith',
  'apparentZenith',
  'solarAzimuth',
  'dniExtra',
  'airmassRelative',
  'airmassAbsolute',
] as const;
const IRRADIANCE_COLUMNS = ['ghi', 'dni', 'dhi'] as const;
const SPECTRAL_COLUMNS = ['precipitableWater', 'spectralFactor'] as const;
/** A column a later run may share with an earlier one. */
type SharedColumn = (typeof SUN_COLUMNS | typeof IRRADIANCE_COLUMNS | typeof SPECTRAL_COLUMNS)[number];

/**
 * The columns of an earlier run that a run of `prepared` on `weather` computes identically (its sun,
 * and when the choices agree its horizontal irradiance and spectral factor), for `allocateOptics` to
 * take by reference: DC fields on other mountings of the site then neither compute nor store them again.
 * @param prepared the later run's chain; @param weather its weather; @param from the earlier run
 * @returns the shareable columns of `from.out` (none when the sun differs)
 */
export function sharedOpticsColumns(
  prepared: PreparedOptics,
  weather: OpticsWeather,
  from: SharedOpticsSource,
): Partial<OpticsSeries> {
  const shared: Partial<Record<keyof OpticsSeries, unknown>> = {};
  if (!sameSun(prepared, weather, from)) return shared as Partial<OpticsSeries>;
  const o = from.out;
  for (const k of SUN_COLUMNS) shared[k] = o[k];
  if (sameIrradiance(prepared, weather, from)) for (const k of IRRADIANCE_COLUMNS) shared[k] = o[k];
  if (sameSpectral(prepared, weather, from)) for (const k of SPECTRAL_COLUMNS) shared[k] = o[k];
  return shared as Partial<OpticsSeries>;
}

/**
 * @internal Throws when `out` holds a column of `from.out` by reference that this run would compute
 * differently (`names` of a stage that is not shared), as it would overwrite the earlier run's result.
 */
function checkNotAliased(
  out: OpticsSeries,
  from: SharedOpticsSource | undefined,
  names: readonly SharedColumn[],
): void {
  if (from === undefined) return;
  for (const k of names)
    if (out[k] === from.out[k])
      throw new RangeError(`optics chain: out.${k} belongs to the earlier run and differs in this one`);
}

/**
 * @internal Copies the named columns of `from.out` into `out`, each unless `out` already holds it by
 * reference (from `sharedOpticsColumns`).
 */
function copyColumns(out: OpticsSeries, from: SharedOpticsSource, names: readonly SharedColumn[]): void {
  for (const k of names) if (out[k] !== from.out[k]) out[k].set(from.out[k]);
}

/**
 * The optics chain of one DC field over a weather series (spec 4 §2 steps 1–10), into caller-owned
 * columns (`allocateOptics`). In order:
 *
 * 1. Time and sun: t_sun = the middle of each interval (`sunInstantSeries`); NREL SPA over the series
 *    (`spaSeries`, refraction from the step's pressure and temperature); I0 by Spencer; relative air mass
 *    AM = 1/[cos θz + a·(b − θz)^−c] of the chosen AirMassModelType on the apparent zenith, 0 from 89°;
 *    AM′ = AM·P/101 325.
 * 2. Horizontal irradiance: decomposition by DiffuseDirectDecompModelType (`decomposeSeries`: Erbs,
 *    Reindl, DIRINT, or the file's DNI and DHI), or with `useMeteoPOAI` the reverse from the measured POA
 *    (`gtiDirintSeries`, Marion 2015) with the chain's transposition; night and missing values give 0.
 * 3. Mounting: fixed, seasonal (tilt of the month) or single-axis tracker (`trackerSeries`: wind stow >
 *    time series > night stow > backtracking on the ground's cross-axis slope > true tracking).
 *    Computed before step 2, on which it does not depend (GTI-DIRINT needs it).
 * 4–6. Transposition (Hay–Davies, Perez with its coefficient set, isotropic), ground reflection with the
 *    month's (or the file's) albedo, the far horizon, and near shading of infinite rows (beam shaded
 *    fraction and its electrical effect, Schaar–Panchula sky, ground): `planeOfArraySeries`.
 * 7–10. Soiling U = 1 − S/100, beam and diffuse IAM, spectral factor, rear irradiance: `frontAndRear`.
 *
 * Allocation-free once the prepared chain has run on a series of the same length (its scratch columns
 * are reused); with useMeteoPOAI, one closure per run. A run that shares the sun of `from` works in that
 * run's scratch instead (one kt′ column when its decomposition differs). Irradiance is 0, never NaN, at
 * night.
 *
 * @param prepared from {@link prepareOptics}
 * @param weather weather columns [W/m², °C, m/s, Pa, %, cm], see {@link OpticsWeather}
 * @param out result columns of the weather's length, from `allocateOptics`; filled and returned
 * @param from an earlier run at the same site whose sun and horizontal irradiance may be copied
 * @returns `out`
 * @see I. Reda, A. Andreas, Solar Energy 76 (2004) 577–589, doi:10.1016/j.solener.2003.12.003
 * @see R. Perez et al., Solar Energy 44 (1990) 271–289, doi:10.1016/0038-092X(90)90055-H
 * @see B. Marion, Solar Energy 122 (2015) 1037–1046, doi:10.1016/j.solener.2015.10.024
 */
export function runOptics(
  prepared: PreparedOptics,
  weather: OpticsWeather,
  out: OpticsSeries,
  from?: SharedOpticsSource,
): OpticsSeries {
  const n = weather.time.length;
  if (out.length !== n) throw new RangeError(`optics chain: out has ${out.length} rows, the weather ${n}`);
  const c = prepared.choices;
  if (c.soiling.model === SoilingModelType.WeatherFile) need(weather, 'soilingLoss', 'soiling WeatherFile');
  if (c.precipitableWater === SpectralWeatherType.RelativeHumidity)
    need(weather, 'relativeHumidity', 'precipitable water from RH');
  const sun = from !== undefined && sameSun(prepared, weather, from);
  const irradiance = sun && sameIrradiance(prepared, weather, from);
  // A run that shares the sun works in the earlier run's scratch (`borrowedWork`): no copies of it.
  const work = sun
    ? borrowedWork(from.prepared.work, irradiance, c.useMeteoPOAI, prepared)
    : ensureWork(prepared, n, c.useMeteoPOAI);
  if (sun) copyColumns(out, from, SUN_COLUMNS);
  else {
    checkNotAliased(out, from, SUN_COLUMNS);
    sunStage(prepared, weather, out, work);
  }
  mountingStage(prepared, weather, out, work);
  albedoStage(prepared, weather, out, work);
  if (irradiance) copyColumns(out, from, IRRADIANCE_COLUMNS);
  else {
    checkNotAliased(out, from, IRRADIANCE_COLUMNS);
    irradianceStage(prepared, weather, out, work);
  }
  const spectral = sun && sameSpectral(prepared, weather, from);
  if (spectral) copyColumns(out, from, SPECTRAL_COLUMNS);
  else checkNotAliased(out, from, SPECTRAL_COLUMNS);
  // Outputs of length 0 are not asked for (`allocateOpticsWithScratch` for `simulate`, which reads
  // none of them); the rows' frame only with rows to shade, the circumsolar share only with a rear side.
  const { rows, rear } = chainNeeds(prepared);
  const asked = (c: Float64Array) => (c.length === n ? c : undefined);
  planeOfArraySeries(
    {
      solarZenith: out.apparentZenith,
      cosSolarZenith: work.cosZenith,
      solarAzimuth: out.solarAzimuth,
      dni: out.dni,
      dhi: out.dhi,
      ghi: out.ghi,
      dniExtra: out.dniExtra,
      airmassRelative: out.airmassRelative,
      month: out.month,
      albedo: work.albedo,
      surfaceTilt: out.surfaceTilt,
      cosAoi: out.cosAoi,
      trackerTheta: out.trackerTheta,
      projectedZenith: out.projectedZenith,
      rotationTrig: rows ? work.rotationTrig : undefined,
    },
    prepared.planeOfArray,
    {
      beamAfterShading: out.beamAfterShading,
      skyAfterShading: out.skyAfterShading,
      groundAfterShading: out.groundAfterShading,
      poaAfterShading: out.poaAfterShading,
      poaAfterHorizon: out.poaAfterHorizon,
      poaAfterNearShading: out.poaAfterNearShading,
      shadedFraction: asked(out.shadedFraction),
      poaBeam: out.poaBeam,
      poaSkyDiffuse: out.poaSkyDiffuse,
      poaCircumsolar: asked(out.poaCircumsolar),
      poaGroundDiffuse: out.poaGroundDiffuse,
      circumsolarFraction: rear ? work.circumsolarFraction : undefined,
    },
  );
  frontAndRear(prepared, weather, out, work, spectral);
  return out;
}
