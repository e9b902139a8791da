/**
 * Steps 7–10 of the optics chain (spec 4 §2): soiling, incidence-angle modifiers, spectral correction
 * and the rear side, and the combination of the front components into the stage columns.
 */
import { marionRearIrradianceSeries } from '../bifacial/marionRear.ts';
import { soilingMonthlySeries, soilingSeries } from '../losses/soiling.ts';
import { iamSeries } from '../optics/iam/iamModel.ts';
import { marionDiffuseIamSeries } from '../optics/iam/marionDiffuse.ts';
import { firstSolarSeries } from '../spectral/firstSolar.ts';
import { firstSolarPwatSeries } from '../spectral/firstSolarPwat.ts';
import { gueymard94PwSeries, precipitableWaterFromDewPointSeries } from '../spectral/precipitableWater.ts';
import { sandiaSpectralSeries } from '../spectral/sandiaSpectral.ts';
import { spectralMonthlySeries } from '../spectral/spectralMonthly.ts';
import {
  DCFieldTrackingTypeEnum,
  SoilingModelType,
  SpectralResponseEnum,
  SpectralShiftModel,
  SpectralWeatherType,
} from './choices.ts';
import type { OpticsSeries, OpticsWeather } from './opticsSeries.ts';
import type { OpticsWork, PreparedOptics } from './prepareOptics.ts';

/** @internal Precipitable water [cm] from the chosen source; 0 with none (then the water models give 1). */
function precipitableWaterStage(
  p: PreparedOptics,
  w: OpticsWeather,
  out: OpticsSeries,
  work: OpticsWork,
): void {
  const pw = out.precipitableWater;
  switch (p.choices.precipitableWater) {
    case SpectralWeatherType.None:
      pw.fill(0);
      return;
    case SpectralWeatherType.PrecipitableWater:
      if (w.precipitableWater === undefined)
        throw new TypeError('optics chain: weather.precipitableWater missing');
      pw.set(w.precipitableWater);
      return;
    case SpectralWeatherType.RelativeHumidity:
      gueymard94PwSeries({ tempAir: work.tempAir, relativeHumidity: w.relativeHumidity! }, pw);
      return;
    case SpectralWeatherType.DewPoint:
      if (w.tempDew === undefined) throw new TypeError('optics chain: weather.tempDew missing');
      precipitableWaterFromDewPointSeries({ tempAir: work.tempAir, tempDew: w.tempDew }, pw);
      return;
  }
}

/**
 * @internal Whether the spectral stage reads the precipitable water: the First Solar forms (the
 * one-parameter water form for a non-Sandia response, and the two-parameter form).
 */
function spectralReadsWater(p: PreparedOptics): boolean {
  const s = p.choices.spectral;
  return (
    s.model === SpectralShiftModel.TwoParameter ||
    (s.model === SpectralShiftModel.OneParameter && s.response !== SpectralResponseEnum.Sandia)
  );
}

/**
 * @internal Spectral factor M per step (spec 4 §2 "Spectral"): 1 (None); Sandia polynomial in AM′ or
 * the First Solar one-parameter water form (SpectralShiftModel 1, by the module's spectral response);
 * First Solar two-parameter in W and AM′ (2; water above 8 cm clipped to 8, not NaN); 1 − L/100 of the
 * month (3). A water model without a water source, or a missing (NaN) value, gives M = 1.
 */
function spectralStage(p: PreparedOptics, out: OpticsSeries): void {
  const s = p.choices.spectral;
  const m = out.spectralFactor;
  const pw = out.precipitableWater;
  const noWater = p.choices.precipitableWater === SpectralWeatherType.None;
  switch (s.model) {
    case SpectralShiftModel.None:
      m.fill(1);
      return;
    case SpectralShiftModel.OneParameter:
      if (s.response === SpectralResponseEnum.Sandia)
        sandiaSpectralSeries({ airmassAbsolute: out.airmassAbsolute }, s.coefficients, m);
      else if (noWater) m.fill(1);
      else firstSolarPwatSeries({ precipitableWater: pw }, s.coefficients, m);
      break;
    case SpectralShiftModel.TwoParameter:
      if (noWater) m.fill(1);
      else
        firstSolarSeries(
          { precipitableWater: pw, airmassAbsolute: out.airmassAbsolute },
          { coefficients: s.coefficients, clipHighPrecipitableWater: true },
          m,
        );
      break;
    case SpectralShiftModel.MonthlyOverride:
      spectralMonthlySeries({ month: out.month }, { monthlyLoss: s.monthlyLoss }, m);
      break;
  }
  missingToOne(m);
}

/** @internal NaN → 1 (a leaf loop, so that {@link spectralStage} is never hot itself: issue 17 warm-up). */
function missingToOne(m: Float64Array): void {
  for (let i = 0; i < m.length; i++) if (m[i] !== m[i]) m[i] = 1;
}

/** @internal Soiling factor U = 1 − S/100 per step (spec 4 §2 "Soiling"). */
function soilingStage(p: PreparedOptics, w: OpticsWeather, out: OpticsSeries): void {
  const s = p.choices.soiling;
  switch (s.model) {
    case SoilingModelType.ConstantMonthly:
      soilingMonthlySeries({ month: out.month }, { monthlyLoss: s.monthlyLoss }, out.soilingFactor);
      return;
    case SoilingModelType.WeatherFile:
      soilingSeries({ soilingLoss: w.soilingLoss! }, out.soilingFactor);
      return;
    case SoilingModelType.None:
      out.soilingFactor.fill(1);
      return;
  }
}

/** @internal Beam IAM at θi and diffuse IAMs of the sky and the ground (Marion 2017, or fixed factors). */
function iamStage(p: PreparedOptics, out: OpticsSeries): void {
  iamSeries(p.iam, { aoi: out.aoi }, out.iamBeam);
  const d = p.choices.diffuseIam;
  if (d.method === 'fixed') {
    out.iamSky.fill(d.sky);
    out.iamGround.fill(d.ground);
  } else
    marionDiffuseIamSeries(
      { surfaceTilt: out.surfaceTilt },
      { iam: p.iam },
      { sky: out.iamSky, ground: out.iamGround },
    );
}

/**
 * @internal Rear irradiance (Marion et al. 2017, `marionRearIrradianceSeries`): the apparent sun, the
 * rows' orientation, DNI and DHI with the transposition's circumsolar share travelling with the beam,
 * the step's albedo, and the front irradiance after near shading reflected by the rows seen; flat ground.
 */
function rearStage(p: PreparedOptics, out: OpticsSeries, work: OpticsWork): void {
  const rear = p.rear;
  if (rear === undefined) {
    // One array for both is the simulation's zero column (identicalOpticsColumns), 0 already: not
    // written, so that a new one stays untouched memory (the kernel's zero page; issue 17, first run).
    if (out.rearEffective === out.poaRear) return;
    out.poaRear.fill(0);
    out.rearEffective.fill(0);
    return;
  }
  const m = p.geometry.mounting;
  marionRearIrradianceSeries(
    {
      solarZenith: out.apparentZenith,
      cosSolarZenith: work.cosZenith,
      solarAzimuth: out.solarAzimuth,
      surfaceTilt: m.type === DCFieldTrackingTypeEnum.FixedTilt ? m.surfaceTilt : out.surfaceTilt,
      surfaceAzimuth:
        m.type === DCFieldTrackingTypeEnum.HorizontalTracker ? out.surfaceAzimuth : m.surfaceAzimuth,
      dni: out.dni,
      dhi: out.dhi,
      albedo: work.albedo,
      poaFront: out.poaAfterNearShading,
      circumsolarFraction: work.circumsolarFraction,
    },
    rear,
    { poaRear: out.poaRear, poaRearIam: work.poaRearIam, rearEffective: out.rearEffective },
  );
}

/**
 * @internal Steps 7–10 and the stage columns. With the shaded components B (beam, with circumsolar when
 * treated as beam), D (sky), G (ground), the soiling factor U, the modifiers IAM_b(θi), IAM_sky,
 * IAM_gnd and the spectral factor M:
 *   poaGlobal = poaBeam + poaSkyDiffuse + poaGroundDiffuse (transposed),
 *   poaAfterSoiling = U·(B + D + G),  poaAfterIam = U·(B·IAM_b + D·IAM_sky + G·IAM_gnd),
 *   poaAfterSpectral = M·poaAfterIam,  effectiveIrradiance = poaAfterSpectral + rearEffective.
 * `spectralDone`: the precipitable water and M are already in `out` (shared with an earlier run).
 */
export function frontAndRear(
  p: PreparedOptics,
  w: OpticsWeather,
  out: OpticsSeries,
  work: OpticsWork,
  spectralDone = false,
): void {
  soilingStage(p, w, out);
  iamStage(p, out);
  if (!spectralDone) {
    // The water column is computed only for a spectral model that reads it (an exponential per step
    // for the relative-humidity source: ~5 % of an hourly year with the spectral model None).
    if (spectralReadsWater(p)) precipitableWaterStage(p, w, out, work);
    else out.precipitableWater.fill(0);
    spectralStage(p, out);
  }
  rearStage(p, out, work);
  combineFront(out);
}

/**
 * @internal The stage columns of {@link frontAndRear}, step by step. A leaf function of its own: with
 * the loop inside `frontAndRear`, the loop made that function hot and V8 optimised it with every stage
 * it calls inlined (~20 ms of compilation in the third simulation of a 1-minute year, issue 17 warm-up).
 */
function combineFront(out: OpticsSeries): void {
  const { poaBeam, poaSkyDiffuse, poaGroundDiffuse, poaGlobal } = out;
  const { beamAfterShading, skyAfterShading, groundAfterShading, soilingFactor } = out;
  const { iamBeam, iamSky, iamGround, spectralFactor, rearEffective } = out;
  const { poaAfterSoiling, poaAfterIam, poaAfterSpectral, effectiveIrradiance } = out;
  for (let i = 0; i < out.length; i++) {
    poaGlobal[i] = poaBeam[i]! + poaSkyDiffuse[i]! + poaGroundDiffuse[i]!;
    const u = soilingFactor[i]!;
    const b = beamAfterShading[i]! * u;
    const d = skyAfterShading[i]! * u;
    const g = groundAfterShading[i]! * u;
    poaAfterSoiling[i] = b + d + g;
    const front = b * iamBeam[i]! + d * iamSky[i]! + g * iamGround[i]!;
    poaAfterIam[i] = front;
    const eff = front * spectralFactor[i]!;
    poaAfterSpectral[i] = eff;
    effectiveIrradiance[i] = eff + rearEffective[i]!;
  }
}
