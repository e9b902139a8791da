/**
 * Open-circuit and maximum-power voltages of a module record (spec 3 `Module` field names) at a cell
 * temperature and irradiance, for string sizing: by the engine's single-diode model when the record
 * carries its parameters, else by the record's linear temperature coefficients.
 */
import {
  moduleMpp,
  pvsystParamsFromModule,
  PvModelType,
  type ModuleDiodeFields,
  type ModuleModel,
} from '@sunfield/engine';

/** The CEC six-parameter fit of a module (pvModel 100 CEC, 101 De Soto), as `cecModuleRecord` writes it. */
export interface CecParameterFields {
  /** αsc [A/K] */
  alphaSc: number;
  /** a_ref [V] */
  aRef: number;
  /** IL,ref [A] */
  iLRef: number;
  /** I0,ref [A] */
  iORef: number;
  /** Rs [Ω] */
  rS: number;
  /** Rsh,ref [Ω] */
  rShRef: number;
  /** Adjust [%] (CEC only) */
  adjust?: number | null;
}

/**
 * The fields of a module record that string sizing reads (spec 3 `Module`; `cecParameters` as the
 * engine's CEC list reader writes it). Everything is optional: what is missing selects a simpler model.
 */
export type StringSizingModule = { [K in keyof ModuleDiodeFields]?: ModuleDiodeFields[K] | null } & {
  cecParameters?: CecParameterFields | null;
  /** [V] */
  stcOpenCircuitVoltage?: number | null;
  stcmppVoltage?: number | null;
  /** [W] */
  stcMaxPower?: number | null;
  /** temperature coefficients [%/°C] of Voc, Pmp and Isc */
  stcOpenCircuitVoltageTempCoef?: number | null;
  stcPowerTempCoef?: number | null;
  stcShortCircuitCurrentTempCoef?: number | null;
  /** [%] */
  stcEfficiency?: number | null;
  /** [mm] */
  length?: number | null;
  width?: number | null;
  /** heat balance: absorption α [-], Uc [W/(m²·K)], Uv [W/(m²·K)/(m/s)] */
  heatAbsorptionCoefAlphaT?: number | null;
  heatBalanceConductiveCoef?: number | null;
  heatBalanceConvectiveCoef?: number | null;
};

/** How the voltages were obtained. */
export type ModuleVoltageMethod = 'singleDiode' | 'linear';

/** Voltages of one module. */
export interface ModuleVoltages {
  /** open-circuit voltage [V] */
  voc: number;
  /** voltage at the maximum power point [V] */
  vmp: number;
  method: ModuleVoltageMethod;
}

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && v > 0;

/**
 * The engine's electrical model of a module record, as the simulation builds it (engine
 * `simulate/resolveModule.ts`): pvModel 100 (CEC) or 101 (De Soto) from `cecParameters` with the
 * record's band gap, reference irradiance and temperature; pvModel 0, 1 or 3 (absent: 1) by
 * `pvsystParamsFromModule` from the PVsyst-form fields (cells in series, Rs, Rsh, γ, Isc …).
 * @param m the module record
 * @returns the model, or undefined when the record lacks its parameters
 */
export function moduleElectricalModel(m: StringSizingModule): ModuleModel | undefined {
  const pvModel = m.pvModel ?? PvModelType.OneDiode;
  if (pvModel === PvModelType.Cec || pvModel === PvModelType.Desoto) {
    const c = m.cecParameters;
    if (!c || !(c.aRef > 0 && c.iLRef > 0 && c.iORef > 0 && c.rS >= 0 && c.rShRef > 0)) return undefined;
    const base = {
      alphaSc: c.alphaSc,
      aRef: c.aRef,
      iLRef: c.iLRef,
      iORef: c.iORef,
      rS: c.rS,
      rShRef: c.rShRef,
      ...(positive(m.bandgapVoltage) ? { egRef: m.bandgapVoltage } : {}),
      ...(positive(m.referenceIrradiance) ? { irradianceRef: m.referenceIrradiance } : {}),
      ...(typeof m.referenceTemperature === 'number' ? { tempRef: m.referenceTemperature } : {}),
    };
    return pvModel === PvModelType.Cec
      ? { model: 'cec', ...base, adjust: c.adjust ?? 0 }
      : { model: 'desoto', ...base };
  }
  if (!(
    positive(m.numberOfCellsInSeries) &&
    typeof m.seriesResistanceAtSTC === 'number' &&
    m.seriesResistanceAtSTC >= 0 &&
    positive(m.shuntResistanceAtSTC) &&
    positive(m.diodeIdealityFactorAtSTC)
  ))
    return undefined;
  try {
    return { model: 'pvsyst', ...pvsystParamsFromModule(m as ModuleDiodeFields) };
  } catch {
    return undefined;
  }
}

/**
 * Voc and Vmp of a module record from its linear temperature coefficients:
 *
 *   Voc(T) = Voc,STC · (1 + βVoc/100 · (T − Tref))
 *   Vmp(T) = Vmp,STC · (1 + (γPmp − αIsc)/100 · (T − Tref))
 *
 * Records carry no coefficient for Vmp; since Pmp = Vmp·Imp and Imp follows Isc closely, the relative
 * coefficient of Vmp is approximated by that of Pmp less that of Isc (γPmp − αIsc, e.g. −0.35 − 0.04 =
 * −0.39 %/°C). Without αIsc, γPmp alone; without γPmp, βVoc (Vmp then falls as Voc does). The
 * irradiance is taken as the reference (1000 W/m²): the coefficients are STC values.
 * @param x.tempCell cell temperature T [°C]
 * @param m STC voltages [V], coefficients [%/°C], reference temperature Tref [°C] (25)
 * @returns the voltages [V]; NaN for what the record lacks
 */
export function linearModuleVoltages(x: { tempCell: number }, m: StringSizingModule): ModuleVoltages {
  const dT = x.tempCell - (m.referenceTemperature ?? 25);
  const beta = m.stcOpenCircuitVoltageTempCoef;
  const gamma = m.stcPowerTempCoef;
  const alpha = m.stcShortCircuitCurrentTempCoef;
  const vmpCoef = gamma != null ? gamma - (alpha ?? 0) : beta;
  const scale = (v: number | null | undefined, coef: number | null | undefined) =>
    positive(v) && typeof coef === 'number' ? v * (1 + (coef / 100) * dT) : Number.NaN;
  return {
    voc: scale(m.stcOpenCircuitVoltage, beta),
    vmp: scale(m.stcmppVoltage, vmpCoef),
    method: 'linear',
  };
}

/**
 * Voc and Vmp of a module record at a cell temperature and irradiance: the engine's single-diode model
 * (`moduleMpp`: the model's translation to (G, Tc), then the single-diode solution) when the record
 * has its parameters ({@link moduleElectricalModel}) and the model gives a positive voltage; else the
 * linear coefficients ({@link linearModuleVoltages}, at the reference irradiance).
 * @param x.tempCell cell temperature [°C]
 * @param x.irradiance effective irradiance on the cells [W/m²] (1000 for string sizing)
 * @param m the module record
 * @returns the voltages [V] and the method used
 * @see `moduleMpp` of the engine for the equations and papers (De Soto 2006, CEC; Mermoud 2010, PVsyst)
 */
export function moduleVoltages(
  x: { tempCell: number; irradiance: number },
  m: StringSizingModule,
): ModuleVoltages {
  const model = moduleElectricalModel(m);
  if (model) {
    const r = moduleMpp({ effectiveIrradiance: x.irradiance, tempCell: x.tempCell }, model);
    if (r.voc > 0 && r.vmp > 0 && Number.isFinite(r.voc) && Number.isFinite(r.vmp))
      return { voc: r.voc, vmp: r.vmp, method: 'singleDiode' };
  }
  return linearModuleVoltages(x, m);
}
