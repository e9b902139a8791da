/**
 * The cell-temperature model chosen for a DC field (`modTempModel`), as a discriminated union; its
 * evaluation over a series; and its resolution from the product's module and DC-field fields.
 */
import { faimanKernel, heatBalanceKernel, type HeatBalanceParams } from './heatBalance.ts';
import { fuentesSeries, type FuentesParams } from './fuentes.ts';
import { noctSamKernel, type NoctSamParams } from './noctSam.ts';
import { sapmModuleKernel, type SapmTemperatureParams } from './sapm.ts';

/** A cell-temperature model with its coefficients. */
export type CellTemperatureModel =
  | ({ model: 'heatBalance' } & HeatBalanceParams)
  | { model: 'faiman'; u0: number; u1: number }
  | ({ model: 'sapm' } & SapmTemperatureParams)
  | ({ model: 'noctSam' } & NoctSamParams)
  /** Fuentes' transient model (needs the step length `x.stepHours`) */
  | ({ model: 'fuentes' } & FuentesParams)
  /** a measured module-temperature series (`x.tempModule`) with the Sandia offset ΔT */
  | { model: 'measuredModule'; deltaT: number; irradianceRef?: number };

/** Inputs of {@link cellTemperatureSeries}; `tempModule` only for the `measuredModule` model. */
export interface CellTemperatureInputs {
  /** front plane-of-array irradiance [W/m²] */
  poaGlobal: Float64Array;
  /** ambient air temperature [°C] */
  tempAir: Float64Array;
  /** wind speed [m/s] */
  windSpeed: Float64Array;
  /** measured module temperature [°C] */
  tempModule?: Float64Array;
  /** step length [h], for the transient (Fuentes) model; 1 by default */
  stepHours?: number;
}

/**
 * Cell temperature per step with the chosen model: heat balance (`heatBalanceCell`), Faiman
 * (`faiman`), Sandia (`sapmCell`), NOCT (`noctSam`), Fuentes (`fuentesSeries`) or a measured module temperature
 * (`cellFromModuleTemperature`). Each model's function documents its equation and paper.
 *
 * @param x front irradiance [W/m²], air temperature [°C], wind speed [m/s], measured module temperature [°C]
 * @param m the model and its coefficients
 * @param out caller-owned cell temperatures [°C]
 */
export function cellTemperatureSeries(
  x: CellTemperatureInputs,
  m: CellTemperatureModel,
  out: Float64Array,
): Float64Array {
  const { poaGlobal: g, tempAir: ta, windSpeed: ws } = x;
  const n = g.length;
  switch (m.model) {
    case 'heatBalance':
      for (let i = 0; i < n; i++)
        out[i] = heatBalanceKernel(g[i]!, ta[i]!, ws[i]!, m.uC, m.uV, m.alpha, m.efficiency);
      break;
    case 'faiman':
      for (let i = 0; i < n; i++) out[i] = faimanKernel(g[i]!, ta[i]!, ws[i]!, m.u0, m.u1);
      break;
    case 'sapm': {
      const k = m.deltaT / (m.irradianceRef ?? 1000);
      for (let i = 0; i < n; i++) out[i] = sapmModuleKernel(g[i]!, ta[i]!, ws[i]!, m.a, m.b) + g[i]! * k;
      break;
    }
    case 'noctSam': {
      const noctAdj = m.noct + (m.noctAdjustment ?? 0);
      const ratio = 1 - m.efficiency / m.transmittanceAbsorptance;
      const f = m.windHeightFactor ?? 0.51;
      for (let i = 0; i < n; i++) out[i] = noctSamKernel(g[i]!, ta[i]!, ws[i]!, noctAdj, ratio, f);
      break;
    }
    case 'fuentes':
      fuentesSeries(x, m, x.stepHours ?? 1, out);
      break;
    case 'measuredModule': {
      const tm = x.tempModule;
      if (!tm) throw new Error('cellTemperatureSeries: the measuredModule model needs x.tempModule');
      const k = m.deltaT / (m.irradianceRef ?? 1000);
      for (let i = 0; i < n; i++) out[i] = tm[i]! + g[i]! * k;
      break;
    }
  }
  return out;
}

/** Thermal fields of a module or a DC field, with the product's names (spec 3). */
export interface ThermalFields {
  heatBalanceConductiveCoef?: number | null;
  heatBalanceConvectiveCoef?: number | null;
  heatAbsorptionCoefAlphaT?: number | null;
  sandiaConductiveCoef?: number | null;
  sandiaConvectiveCoef?: number | null;
  cellToModuleTempDiff?: number | null;
  nominalOperatingCellTemperature?: number | null;
  transmittanceAbsorptance?: number | null;
}

/**
 * The cell-temperature model of a DC field from the prediction's `modTempModel`
 * (ModuleTemperatureModelType 0 Heat Balance, 1 Sandia, 2 NOCT, 3 DC-field defined).
 *
 * Choices 0–2 take the module's coefficients (a DC-field value fills a missing one for NOCT and τα,
 * which spec 3 keeps on the DC field); choice 3 takes the DC field's own model (`dcField.modTempModel`,
 * read with the same numbers 0–2 [inf]) and coefficients, falling back to the module's. Missing
 * values take the defaults of spec 1 §3: heat balance 29/0 with α 0.9, Sandia −3.47/−0.0594 with
 * ΔT 3 °C, NOCT 45 °C with τα 0.9.
 *
 * @param choice prediction `modTempModel` (0…3)
 * @param module module thermal fields, and its STC efficiency η [-]
 * @param dcField DC-field thermal fields and its own `modTempModel`
 * @returns the model with resolved coefficients
 */
export function cellTemperatureModelFromFields(
  choice: 0 | 1 | 2 | 3,
  module: ThermalFields & { efficiency: number },
  dcField: ThermalFields & { modTempModel?: number | null } = {},
): CellTemperatureModel {
  const own = choice === 3;
  const kind = own ? (dcField.modTempModel ?? 0) : choice;
  const pick = (k: keyof ThermalFields, dflt: number): number => {
    const first = own ? dcField[k] : module[k];
    const second = own ? module[k] : dcField[k];
    return first ?? second ?? dflt;
  };
  const deltaT = pick('cellToModuleTempDiff', 3);
  switch (kind) {
    case 1:
      return {
        model: 'sapm',
        a: pick('sandiaConductiveCoef', -3.47),
        b: pick('sandiaConvectiveCoef', -0.0594),
        deltaT,
      };
    case 2:
      return {
        model: 'noctSam',
        noct: dcField.nominalOperatingCellTemperature ?? module.nominalOperatingCellTemperature ?? 45,
        transmittanceAbsorptance: dcField.transmittanceAbsorptance ?? module.transmittanceAbsorptance ?? 0.9,
        efficiency: module.efficiency,
      };
    default:
      return {
        model: 'heatBalance',
        uC: pick('heatBalanceConductiveCoef', 29),
        uV: pick('heatBalanceConvectiveCoef', 0),
        alpha: pick('heatAbsorptionCoefAlphaT', 0.9),
        efficiency: module.efficiency,
      };
  }
}
