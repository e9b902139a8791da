/**
 * A module record of a case (spec 3 `Module` names, plus `cecParameters` for the CEC and De Soto
 * models) resolved into the engine's module model and the module properties the chain needs.
 *
 * Defaults (spec 1 §3 "Defaults for a new PV module"): referenceIrradiance 1000 W/m², referenceTemperature
 * 25 °C, ashraeiamB0 0.05, refractiveIndex 1.526, glazingExtinctionCoef 4 m⁻¹, glazingThickness 0.002 m,
 * anti-reflective coating on with n 1.29, useDefaultSandiaIAM / useDefaultTabularIAM true when the
 * module has no coefficients / no table, faciality monofacial, transmissionFactor 0; the STC ratings
 * (`stcMaxPower`, `stcmppCurrent`, …) from the model at 1000 W/m² and 25 °C when absent; the area from
 * `length`·`width` [mm], else from `stcEfficiency`.
 */
import type { FirstSolarCoefficients } from '../spectral/firstSolar.ts';
import type { FirstSolarPwatParams } from '../spectral/firstSolarPwat.ts';
import type { SandiaSpectralParams } from '../spectral/sandiaSpectral.ts';
import type { PhysicalIamParams } from '../optics/iam/physical.ts';
import type { SandiaIamParams } from '../optics/iam/sandia.ts';
import type { TabularIamParams } from '../optics/iam/tabular.ts';
import { moduleMpp, type ModuleModel } from '../module/moduleModel.ts';
import { pvsystParamsFromModule, type ModuleDiodeFields } from '../module/moduleFields.ts';
import type { ThermalFields } from '../temperature/cellTemperature.ts';
import { ModuleShadingResponse, SpectralResponseEnum } from '../chain/choices.ts';
import { PvModelType } from './enums.ts';
import type { CaseReader, Json } from './read.ts';

/** A module, resolved. */
export interface ModuleSettings {
  name: string;
  model: ModuleModel;
  pvModel: PvModelType;
  /** one module at STC: Pmp [W], Imp [A], Vmp [V], Voc [V], Isc [A] */
  stc: { pmp: number; imp: number; vmp: number; voc: number; isc: number };
  /** [m²] and STC efficiency [-] */
  area: number;
  efficiency: number;
  /** [mm]; NaN when unknown */
  length: number;
  width: number;
  /** spec 3 CellTechnologyTypeEnum, 0 when unknown */
  cellTechnologyType: number;
  /** 0 landscape, 1 portrait */
  defaultOrientation: number;
  ashraeB0: number;
  /** explicit Sandia IAM coefficients / table; undefined: the defaults from b0 */
  sandiaIam: SandiaIamParams | undefined;
  tabularIam: TabularIamParams | undefined;
  physicalIam: PhysicalIamParams;
  /**
   * The module record does not say `useAntiReflectiveCoating`, so the physical IAM assumes the
   * product's coating (n 1.29): noted in the run's assumptions when a run uses the physical model.
   */
  coatingAssumed: boolean;
  spectralResponse: SpectralResponseEnum;
  sandiaSpectral: SandiaSpectralParams | undefined;
  spectral2: FirstSolarCoefficients | undefined;
  spectralPwat: FirstSolarPwatParams | undefined;
  /** undefined when monofacial */
  bifacial:
    | { bifacialityFactor: number; transmissionFactor: number; backSideMismatch: number | undefined }
    | undefined;
  thermal: ThermalFields & { efficiency: number };
  /** module-level DC losses [%]; undefined when the record has none */
  moduleMismatchCoefficient: number | undefined;
  lightInducedDegradation: number | undefined;
  moduleQuality: number | undefined;
  shadingResponse: ModuleShadingResponse;
  electricalShadingFractionalEffect: number | undefined;
  /** ModuleDegradationModel: 0 unspecified, 1 linear, 2 non-linear; rates [%/yr] */
  degradation: { model: number; linearRate: number | undefined; nonLinearRates: number[] };
}

const THERMAL_KEYS = [
  'heatBalanceConductiveCoef',
  'heatBalanceConvectiveCoef',
  'heatAbsorptionCoefAlphaT',
  'sandiaConductiveCoef',
  'sandiaConvectiveCoef',
  'cellToModuleTempDiff',
  'nominalOperatingCellTemperature',
  'transmittanceAbsorptance',
] as const;

/** @internal Numbers k0…kn of a record (`prefix0` …), or undefined when none is given. */
function coefficients(r: CaseReader, o: Json, path: string, keys: readonly string[]): number[] | undefined {
  const vals = keys.map((k) => r.number(o, k, path));
  if (vals.every((v) => v === undefined)) return undefined;
  return vals.map((v) => v ?? 0);
}

/** @internal The electrical model from the record's `pvModel`. */
function electricalModel(
  r: CaseReader,
  o: Json,
  path: string,
  pvModel: PvModelType,
): ModuleModel | undefined {
  if (pvModel === PvModelType.Cec || pvModel === PvModelType.Desoto) {
    const c = r.object(o.cecParameters, `${path}.cecParameters`);
    if (!c) return undefined;
    const p = `${path}.cecParameters`;
    const bandGap =
      pvModel === PvModelType.Cec
        ? cecBandGap(r, o, c, p)
        : r.number(o, 'bandgapVoltage', path, { above: 0 });
    const base = {
      alphaSc: r.required(c, 'alphaSc', p),
      aRef: r.required(c, 'aRef', p, { above: 0 }),
      iLRef: r.required(c, 'iLRef', p, { above: 0 }),
      iORef: r.required(c, 'iORef', p, { above: 0 }),
      rS: r.required(c, 'rS', p, { min: 0 }),
      rShRef: r.required(c, 'rShRef', p, { above: 0 }),
      ...optional('egRef', bandGap),
      ...optional('irradianceRef', r.number(o, 'referenceIrradiance', path, { above: 0 })),
      ...optional('tempRef', r.number(o, 'referenceTemperature', path)),
    };
    return pvModel === PvModelType.Cec
      ? { model: 'cec', ...base, adjust: r.numberOr(c, 'adjust', p, 0) }
      : { model: 'desoto', ...base };
  }
  const ns = r.required(o, 'numberOfCellsInSeries', path, { integer: true, min: 1 });
  const rs = r.required(o, 'seriesResistanceAtSTC', path, { min: 0 });
  const rsh = r.required(o, 'shuntResistanceAtSTC', path, { above: 0 });
  const gamma = r.required(o, 'diodeIdealityFactorAtSTC', path, { above: 0 });
  if (!(ns > 0 && rs >= 0 && rsh > 0 && gamma > 0)) return undefined;
  try {
    return {
      model: 'pvsyst',
      ...pvsystParamsFromModule({ ...(o as Partial<ModuleDiodeFields>), pvModel } as ModuleDiodeFields),
    };
  } catch (e) {
    r.error(path, e instanceof Error ? e.message : String(e));
    return undefined;
  }
}

/**
 * Band gap of the CEC six parameters at 25 °C [eV]: the CEC/SAM coefficient generator fits every
 * listed module with Eg,ref = 1.121 eV and dEg/dT = −0.0002677 K⁻¹, whatever its technology
 * (Dobos, "An improved coefficient calculator for the California Energy Commission 6 parameter
 * photovoltaic module model", J. Sol. Energy Eng. 134 (2012) 021011; De Soto et al., Solar Energy 80
 * (2006) 78–88, eq. 9), so the parameters reproduce the module only with that band gap: a CdTe
 * module of the list given its material's 1.5 eV came out 2.8 % low on DC. The record's
 * `bandgapVoltage` belongs to its PVsyst-form fields (pvModel 1), where 1.5 eV stays right for CdTe;
 * `cecParameters.egRef` states another fit's band gap explicitly.
 */
export const CEC_FIT_BAND_GAP = 1.121;

/** @internal The band gap a CEC (pvModel 100) record runs with; noted when it is the fit's default. */
function cecBandGap(r: CaseReader, o: Json, c: Json, p: string): number {
  const explicit = r.number(c, 'egRef', p, { above: 0, max: 4 });
  if (explicit !== undefined) return explicit;
  const pvsyst = typeof o.bandgapVoltage === 'number' ? o.bandgapVoltage : undefined;
  if (pvsyst !== undefined && Math.abs(pvsyst - CEC_FIT_BAND_GAP) > 1e-9) {
    r.note(
      `${p}.egRef`,
      `${CEC_FIT_BAND_GAP} eV, dEg/dT −0.0002677 /K (the CEC fit's; bandgapVoltage ${pvsyst} eV is for pvModel 1)`,
    );
  }
  return CEC_FIT_BAND_GAP;
}

/** @internal `{[key]: v}` when v is defined, else `{}`. */
export function optional<K extends string, V>(key: K, v: V | undefined): { [P in K]?: V } {
  return (v === undefined ? {} : { [key]: v }) as { [P in K]?: V };
}

/**
 * Reads a module record (already taken from its library and edited).
 * @param r the reader
 * @param o the record
 * @param path its path, for messages
 * @returns the module, or undefined after errors
 */
export function resolveModule(r: CaseReader, o: Json, path: string): ModuleSettings | undefined {
  const pvModel = r.choice(o, 'pvModel', path, PvModelType, PvModelType.OneDiode);
  const model = electricalModel(r, o, path, pvModel);
  if (!model) return undefined;
  const at = moduleMpp({ effectiveIrradiance: 1000, tempCell: 25 }, model);
  const stc = {
    pmp: r.number(o, 'stcMaxPower', path, { above: 0 }) ?? at.pmp,
    imp: r.number(o, 'stcmppCurrent', path, { above: 0 }) ?? at.imp,
    vmp: r.number(o, 'stcmppVoltage', path, { above: 0 }) ?? at.vmp,
    voc: r.number(o, 'stcOpenCircuitVoltage', path, { above: 0 }) ?? at.voc,
    isc: r.number(o, 'stcShortCircuitCurrent', path, { above: 0 }) ?? at.isc,
  };
  if (!(at.pmp > 0)) r.error(path, 'the single-diode parameters give no power at STC');
  const length = r.number(o, 'length', path, { above: 0 }) ?? NaN;
  const width = r.number(o, 'width', path, { above: 0 }) ?? NaN;
  const effPct = r.number(o, 'stcEfficiency', path, { above: 0, max: 100 });
  let area = (length * width) / 1e6;
  if (!(area > 0)) {
    if (effPct === undefined) {
      r.error(path, 'needs length and width [mm] or stcEfficiency [%] (module area)');
      area = NaN;
    } else area = stc.pmp / (10 * effPct);
  }
  const thermal: ThermalFields & { efficiency: number } = { efficiency: stc.pmp / (1000 * area) };
  for (const k of THERMAL_KEYS) {
    const v = r.number(o, k, path);
    if (v !== undefined) thermal[k] = v;
  }
  const sandia = coefficients(r, o, path, [
    'sandiaIAMB0',
    'sandiaIAMB1',
    'sandiaIAMB2',
    'sandiaIAMB3',
    'sandiaIAMB4',
    'sandiaIAMB5',
  ]);
  const useDefaultSandia = r.boolean(o, 'useDefaultSandiaIAM', path, sandia === undefined);
  const table = r.array(o, 'iamFactors', path).flatMap((e, i) => {
    const x = r.object(e, `${path}.iamFactors[${i}]`);
    if (!x) return [];
    const p = `${path}.iamFactors[${i}]`;
    return [
      {
        angle: r.required(x, 'incidenceAngle', p, { min: 0, max: 90 }),
        factor: r.required(x, 'factor', p, { min: 0 }),
      },
    ];
  });
  const useDefaultTabular = r.boolean(o, 'useDefaultTabularIAM', path, table.length === 0);
  table.sort((a, b) => a.angle - b.angle);
  const arc = r.boolean(o, 'useAntiReflectiveCoating', path, true);
  const spectral2 = coefficients(r, o, path, [
    'spectral2B0',
    'spectral2B1',
    'spectral2B2',
    'spectral2B3',
    'spectral2B4',
    'spectral2B5',
  ]);
  const sandiaSpectral = coefficients(r, o, path, [
    'sandiaSpectralA0',
    'sandiaSpectralA1',
    'sandiaSpectralA2',
    'sandiaSpectralA3',
    'sandiaSpectralA4',
  ]);
  const pwat = r.object(o.spectralPwatCoefficients, `${path}.spectralPwatCoefficients`, false);
  const bifacial = r.choice(o, 'faciality', path, { Monofacial: 0, Bifacial: 1 } as const, 0, false) === 1;
  const nonLinear: number[] = [];
  r.array(o, 'nonLinearDegradationRates', path).forEach((e, i) => {
    const x = r.object(e, `${path}.nonLinearDegradationRates[${i}]`);
    if (!x) return;
    const p = `${path}.nonLinearDegradationRates[${i}]`;
    const year = r.required(x, 'year', p, { integer: true, min: 1, max: 100 });
    if (Number.isInteger(year)) nonLinear[year - 1] = r.required(x, 'degradationRate', p);
  });
  return {
    name: r.string(o, 'name', path) ?? 'module',
    model,
    pvModel,
    stc,
    area,
    efficiency: thermal.efficiency,
    length,
    width,
    cellTechnologyType: r.number(o, 'cellTechnologyType', path, { integer: true, min: 1, max: 8 }) ?? 0,
    defaultOrientation: r.choice(
      o,
      'defaultOrientation',
      path,
      { Landscape: 0, Portrait: 1 } as const,
      1,
      false,
    ),
    ashraeB0: r.numberOr(o, 'ashraeiamB0', path, 0.05, { min: 0, max: 1 }),
    sandiaIam:
      !useDefaultSandia && sandia !== undefined
        ? { b0: sandia[0]!, b1: sandia[1]!, b2: sandia[2]!, b3: sandia[3]!, b4: sandia[4]!, b5: sandia[5]! }
        : undefined,
    tabularIam:
      !useDefaultTabular && table.length >= 2
        ? { angles: table.map((t) => t.angle), factors: table.map((t) => t.factor) }
        : undefined,
    coatingAssumed: o.useAntiReflectiveCoating === undefined || o.useAntiReflectiveCoating === null,
    physicalIam: {
      refractiveIndex: r.numberOr(o, 'refractiveIndex', path, 1.526, { above: 1 }),
      extinctionCoefficient: r.numberOr(o, 'glazingExtinctionCoef', path, 4, { min: 0 }),
      glazingThickness: r.numberOr(o, 'glazingThickness', path, 0.002, { min: 0 }),
      ...(arc ? { arcRefractiveIndex: r.numberOr(o, 'refractiveIndexOfARC', path, 1.29, { above: 1 }) } : {}),
    },
    spectralResponse: r.choice(
      o,
      'spectralResponse',
      path,
      SpectralResponseEnum,
      SpectralResponseEnum.NoSpectralShift,
      false,
    ),
    sandiaSpectral: sandiaSpectral
      ? {
          a0: sandiaSpectral[0]!,
          a1: sandiaSpectral[1]!,
          a2: sandiaSpectral[2]!,
          a3: sandiaSpectral[3]!,
          a4: sandiaSpectral[4]!,
        }
      : undefined,
    spectral2: spectral2 as FirstSolarCoefficients | undefined,
    spectralPwat: pwat
      ? {
          c0: r.required(pwat, 'c0', `${path}.spectralPwatCoefficients`),
          c1: r.required(pwat, 'c1', `${path}.spectralPwatCoefficients`),
          c2: r.required(pwat, 'c2', `${path}.spectralPwatCoefficients`),
          c3: r.required(pwat, 'c3', `${path}.spectralPwatCoefficients`),
          c4: r.required(pwat, 'c4', `${path}.spectralPwatCoefficients`),
        }
      : undefined,
    bifacial: bifacial
      ? {
          bifacialityFactor: r.required(o, 'bifacialityFactor', path, { min: 0, max: 1.5 }),
          transmissionFactor: r.numberOr(o, 'transmissionFactor', path, 0, { min: 0, max: 1 }),
          backSideMismatch: r.number(o, 'backSideMismatch', path, { min: 0, max: 100 }),
        }
      : undefined,
    thermal,
    moduleMismatchCoefficient: r.number(o, 'moduleMismatchCoefficient', path, { min: -100, max: 100 }),
    lightInducedDegradation: r.number(o, 'lightInducedDegradation', path, { min: -100, max: 100 }),
    moduleQuality: r.number(o, 'moduleQuality', path, { min: -100, max: 100 }),
    shadingResponse: r.choice(
      o,
      'moduleShadingResponse',
      path,
      ModuleShadingResponse,
      ModuleShadingResponse.Linear,
      false,
    ),
    electricalShadingFractionalEffect: r.number(o, 'electricalShadingFractionalEffect', path, {
      min: 0,
      max: 100,
    }),
    degradation: {
      model: r.number(o, 'degradationModel', path, { integer: true, min: 0, max: 2 }) ?? 0,
      linearRate: r.number(o, 'linearDegradationRate', path),
      nonLinearRates: Array.from(nonLinear, (v) => v ?? 0),
    },
  };
}
