/**
 * Enumerations of the simulation case beyond those of the optics chain (`chain/choices.ts`), with the
 * product's numbering where spec 3 publishes it. Values the engine adds to a product enum are ≥ 100
 * (they can never collide with a future product value); enums whose numbering the product does not
 * publish are numbered here from 0 and say so.
 */

type ValueOf<T> = T[keyof T];

/**
 * Cell-temperature model of a prediction (spec 3 + OpenAPI): heat balance 0, Sandia 1, NOCT 2, DC-field
 * defined 3; engine additions: Faiman 100 (U0, U1), PVsyst 101 (Uc, Uv, α and an explicit module
 * efficiency η), Fuentes 102 (the transient model of PVWatts and SAM, with the installed NOCT).
 */
export const ModuleTemperatureModelType = {
  HeatBalance: 0,
  Sandia: 1,
  Noct: 2,
  DcFieldDefined: 3,
  Faiman: 100,
  Pvsyst: 101,
  Fuentes: 102,
} as const;
export type ModuleTemperatureModelType = ValueOf<typeof ModuleTemperatureModelType>;

/**
 * A DC field's own cell-temperature model (`dcField.modTempModel`, read with prediction modTempModel 3):
 * the prediction's values without 3.
 */
export const DcFieldModuleTemperatureModelType = {
  HeatBalance: 0,
  Sandia: 1,
  Noct: 2,
  Faiman: 100,
  Pvsyst: 101,
  Fuentes: 102,
} as const;
export type DcFieldModuleTemperatureModelType = ValueOf<typeof DcFieldModuleTemperatureModelType>;

/**
 * DC power model of a DC field (engine field `dcPowerModel`, no product field): the module's own
 * electrical model 0, or NREL's PVWatts DC model 1 (DC rating, γ and system loss; `resolveDcField`).
 */
export const DcPowerModelType = { Module: 0, Pvwatts: 1 } as const;
export type DcPowerModelType = ValueOf<typeof DcPowerModelType>;

/**
 * Source of DIRINT's precipitable water W (engine field `dirintWaterSource`, numbered as spec 3's
 * `SpectralWeatherType`, whose relative-humidity value 2 DIRINT does not offer): none 0 (DIRINT's "W not
 * available" bin), the weather file's column 1, from the dew point 3 (Perez et al. 1992, Eq. 4).
 */
export const DirintWaterSourceType = { None: 0, PrecipitableWater: 1, DewPoint: 3 } as const;
export type DirintWaterSourceType = ValueOf<typeof DirintWaterSourceType>;

/**
 * Electrical model of a module (spec 3 `PvModelType`): 1-diode with recombination 0, 1-diode 1,
 * recombination with non-linear temperature 3 (the PVsyst form); engine additions: the CEC
 * six-parameter model 100 (De Soto with Adjust, the CEC list's fits) and De Soto 101.
 */
export const PvModelType = {
  OneDiodeRecombination: 0,
  OneDiode: 1,
  OneDiodeRecombinationNonLinearTemp: 3,
  Cec: 100,
  Desoto: 101,
} as const;
export type PvModelType = ValueOf<typeof PvModelType>;

/** Degradation (spec 3): none 0, stepped AC 1, linear AC 2, linear DC 3, non-linear DC 4. */
export const DegradationModel = { None: 0, SteppedAC: 1, LinearAC: 2, LinearDC: 3, NonLinearDC: 4 } as const;
export type DegradationModel = ValueOf<typeof DegradationModel>;

/**
 * How the DC wiring loss `dcWiringLossAtSTC` acts (engine choice, no product field): 0 as a series
 * resistance per module added to Rs, computed once from Imp at STC (spec 4 §2, the product); 1 as a
 * constant fraction of the DC power, voltage unchanged (the convention of the pvlib reference systems
 * in `../shared/reference/systems`: "DC wiring on power only").
 */
export const DcWiringLossModel = { SeriesResistance: 0, PowerFraction: 1 } as const;
export type DcWiringLossModel = ValueOf<typeof DcWiringLossModel>;

/**
 * Treatment of the circumsolar part of the sky diffuse (spec 3 `CircumsolarTreatmentType`, numbering
 * not published; engine numbering): with the diffuse 0 (no beam IAM or beam shading on it), as beam 1.
 */
export const CircumsolarTreatmentType = { Diffuse: 0, Beam: 1 } as const;
export type CircumsolarTreatmentType = ValueOf<typeof CircumsolarTreatmentType>;

/**
 * Conversion model of an inverter (spec 3 `InverterEfficiencyModel`, numbering not published; engine
 * numbering): bilinear efficiency curves 0 (V3–10), the Sandia form fitted to the curves 1 (V11+, falls
 * back to bilinear with fewer than 3 curves), the Sandia model with its own coefficients 2 (CEC list),
 * PVWatts 3.
 */
export const InverterEfficiencyModelType = { Bilinear: 0, Quadratic: 1, Sandia: 2, Pvwatts: 3 } as const;
export type InverterEfficiencyModelType = ValueOf<typeof InverterEfficiencyModelType>;

/** ESS charge algorithm (spec 3 `ESSChargeAlgorithm`): LGIA excess 0, energy available 1, custom 2. */
export const ESSChargeAlgorithm = { LgiaExcess: 0, EnergyAvailable: 1, Custom: 2 } as const;
export type ESSChargeAlgorithm = ValueOf<typeof ESSChargeAlgorithm>;

/** Name of an enum value, for messages and the summary's model names ("Perez", "Heat Balance"). */
export function enumName(e: Readonly<Record<string, number>>, value: number): string {
  for (const [k, v] of Object.entries(e)) if (v === value) return k;
  return String(value);
}
