/**
 * Synthetic loss-tree columns for tests and examples: a plant whose every stage removes a constant
 * fraction of the stage before it, on a clear-sky-like day repeated over a 365-day year, optionally
 * with rear irradiance, plant transformers/lines and a night consumption. Not a physical model.
 */
import type { LossField, LossTreeColumns } from './lossTree.ts';

/** Stage losses of the synthetic plant [%] (+ loss, − gain); absent = 0. */
export type SyntheticLosses = Partial<Record<Exclude<LossField, 'backsideIrradiance'>, number>>;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Synthetic per-step columns of one plant year.
 *
 * GHI_i = G_peak·max(0, sin(π(h_i − 6)/12)) at hour of day h_i (mid-step), the same every day of a
 * 365-day year (month from the day of year). Each stage column is the previous one × (1 − L/100):
 * POA = GHI·(1 − L_transposition/100) (a negative `transpositionOnPlane` is a gain), …, the rear
 * irradiance is `rearFraction`·(effective front) and its stages scale the rear alone; the first DC
 * stage is P0·G_eff/1000·(1 − L_irr/100); AC stages follow DC. A `nightConsumption` [W] is drawn at
 * the auxiliary stage on every step (so night steps are negative from there on).
 * Degradation and LeTID sit at the DC stages unless `degradationApplication` is 'ac'.
 *
 * @param p.dcCapacity P0 [W]
 * @param p.stepHours Δt [h], default 1 (must divide 24)
 * @param p.days number of days, default 365
 * @param p.peakGhi G_peak [W/m²], default 1000
 * @param p.losses stage losses [%]
 * @param p.rearFraction rear/front effective irradiance [-], default 0 (no rear columns)
 * @param p.elementLosses loss of each plant transformer or line [%], in ordinal order
 * @param p.nightConsumption constant auxiliary draw [W], default 0
 * @returns the columns and Δt
 */
export function syntheticLossTreeColumns(p: {
  dcCapacity: number;
  stepHours?: number;
  days?: number;
  peakGhi?: number;
  losses?: SyntheticLosses;
  rearFraction?: number;
  elementLosses?: readonly number[];
  nightConsumption?: number;
  degradationApplication?: 'dc' | 'ac';
}): LossTreeColumns & { stepHours: number } {
  const dt = p.stepHours ?? 1;
  const days = p.days ?? 365;
  const perDay = Math.round(24 / dt);
  const n = days * perDay;
  const L = p.losses ?? {};
  const f = (field: keyof SyntheticLosses): number => 1 - (L[field] ?? 0) / 100;
  const month = new Uint8Array(n);
  const ghi = new Float64Array(n);
  for (let d = 0, i = 0; d < days; d++) {
    let doy = d % 365;
    let m = 0;
    while (doy >= MONTH_DAYS[m]!) doy -= MONTH_DAYS[m++]!;
    for (let s = 0; s < perDay; s++, i++) {
      const h = (s + 0.5) * dt;
      month[i] = m + 1;
      ghi[i] = (p.peakGhi ?? 1000) * Math.max(0, Math.sin((Math.PI * (h - 6)) / 12));
    }
  }
  const scale = (from: Float64Array, factor: number): Float64Array => from.map((v) => v * factor);
  const poa = scale(ghi, f('transpositionOnPlane'));
  const poaAfterFarShading = scale(poa, f('farShadingLoss'));
  const poaAfterNearShading = scale(poaAfterFarShading, f('nearShadingLoss'));
  const poaAfterElectricalShading = scale(poaAfterNearShading, f('elecShadingLoss'));
  const poaAfterSoiling = scale(poaAfterElectricalShading, f('soilingLoss'));
  const poaAfterIam = scale(poaAfterSoiling, f('iamFactorLoss'));
  const poaAfterSpectral = scale(poaAfterIam, f('spectralLoss'));
  const cols: LossTreeColumns = {
    month,
    ghi,
    poa,
    poaAfterFarShading,
    poaAfterNearShading,
    poaAfterElectricalShading,
    poaAfterSoiling,
    poaAfterIam,
    poaAfterSpectral,
  };
  let effective = poaAfterSpectral;
  if ((p.rearFraction ?? 0) > 0) {
    cols.rearIrradiance = scale(poaAfterSpectral, p.rearFraction!);
    cols.rearAfterStructureShading = scale(cols.rearIrradiance, f('structureShadingLoss'));
    cols.rearAfterBackMismatch = scale(cols.rearAfterStructureShading, f('moduleBackMismatchLoss'));
    cols.rearAfterTransmissionGain = scale(cols.rearAfterBackMismatch, f('sunSolveTransmissionGainLoss'));
    cols.rearEffective = scale(cols.rearAfterTransmissionGain, f('biFacialityLoss'));
    const rear = cols.rearEffective;
    effective = poaAfterSpectral.map((v, i) => v + rear[i]!);
  }
  const ac = p.degradationApplication === 'ac';
  cols.dcAfterIrradiance = scale(effective, (p.dcCapacity / 1000) * f('moduleIrradianceLoss'));
  cols.dcAfterTemperature = scale(cols.dcAfterIrradiance, f('moduleTemperatureLoss'));
  cols.dcAfterQuality = scale(cols.dcAfterTemperature, f('moduleQualityLoss'));
  cols.dcAfterLid = scale(cols.dcAfterQuality, f('lidLoss'));
  cols.dcAfterMismatch = scale(cols.dcAfterLid, f('moduleMismatchLoss'));
  cols.dcAfterWiring = scale(cols.dcAfterMismatch, f('dcWiringLoss'));
  cols.dcAfterHealth = scale(cols.dcAfterWiring, f('dcHealthLoss'));
  cols.dcAfterDegradation = scale(cols.dcAfterHealth, ac ? 1 : f('degradationLoss'));
  cols.dcAfterLetid = scale(cols.dcAfterDegradation, ac ? 1 : f('leTIDLoss'));
  cols.acInverterOutput = scale(cols.dcAfterLetid, f('inverterEfficiencyLoss'));
  cols.acAfterLimitation = scale(cols.acInverterOutput, f('inverterLimitationLoss'));
  cols.acAfterDegradation = scale(cols.acAfterLimitation, ac ? f('degradationLoss') : 1);
  cols.acAfterLetid = scale(cols.acAfterDegradation, ac ? f('leTIDLoss') : 1);
  cols.acAfterCooling = scale(cols.acAfterLetid, f('inverterCoolingLoss'));
  cols.acAfterTrackerMotors = scale(cols.acAfterCooling, f('trackerMotorLoss'));
  const night = p.nightConsumption ?? 0;
  cols.acAfterAuxiliary = cols.acAfterTrackerMotors.map((v) => v * f('dataAcquisitionAuxLoss') - night);
  cols.acAfterMvTransformers = scale(cols.acAfterAuxiliary, f('mvTransformersLoss'));
  cols.acAfterCollection = scale(cols.acAfterMvTransformers, f('acCollectionLinesLoss'));
  let last = cols.acAfterCollection;
  const elements: { type: string; power: Float64Array }[] = [];
  (p.elementLosses ?? []).forEach((loss, k) => {
    last = scale(last, 1 - loss / 100);
    elements.push({ type: k % 2 === 0 ? 'Transformer' : 'Transmission Line', power: last });
  });
  cols.plantElements = elements;
  cols.acAfterAvailability = scale(last, f('availabilityLoss'));
  cols.acAfterLgia = scale(cols.acAfterAvailability, f('lgiaLimitationLoss'));
  return { ...cols, stepHours: dt };
}
