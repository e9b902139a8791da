/**
 * Defaults of a new PV module and a new inverter (spec 1 §3 "Defaults for a new PV module", spec 2
 * constants) and the module area, efficiency and relative efficiency of spec 2 §9.3.
 */
import { newAssetStatus } from './library.ts';

/** CellTechnologyTypeEnum ids (spec 1 §3). */
export const CELL_TECHNOLOGY = {
  NTypeMono: 1,
  PTypeMonoPERC: 2,
  PTypeMonoBSF: 3,
  PolyPERC: 4,
  PolyBSF: 5,
  CdTe: 6,
  CIGS: 7,
  Mixed: 8,
} as const;

/** ConstructionTypeEnum ids. */
export const CONSTRUCTION = { GlassGlass: 1, GlassBacksheet: 2 } as const;

/** Default setpoint of a new inverter node [kW] (spec 2 constants). */
export const NEW_INVERTER_SETPOINT_KW = 499.12345678;

/** ModuleShadingResponse ids (spec 1 §3). */
const SHADING_LINEAR = 0;
const SHADING_FRACTIONAL = 3;
/** CellDesignType ids. */
const FULL_CELL = 0;
const NOT_APPLICABLE = 2;

/**
 * Two-parameter (air mass and precipitable water) spectral coefficients b0…b5 by technology: the
 * First Solar coefficients of spec 4 (Lee & Panchula 2016; pvlib `spectral_factor_firstsolar`):
 * mono-Si for mono and mixed, poly-Si for poly, CdTe Series 4-2 and later, CIGS.
 */
const SPECTRAL_2B: Record<'mono' | 'poly' | 'cdte' | 'cigs', readonly number[]> = {
  mono: [0.85914, -0.02088, -0.0058853, 0.12029, 0.026814, -0.001781],
  poly: [0.8409, -0.027539, -0.0079224, 0.1357, 0.038024, -0.0021218],
  cdte: [0.86273, -0.038948, -0.012506, 0.098871, 0.084658, -0.0042948],
  cigs: [0.85252, -0.022314, -0.0047216, 0.13666, 0.013342, -0.0008945],
};

/** A new module record (spec 3 names plus the product's `electricalShadingInputTable` etc.). */
export type NewModule = Record<string, unknown> & {
  name: string;
  status: number;
  faciality: number;
  cellTechnologyType: number;
  constructionType: number;
};

/**
 * Defaults of a new PV module (spec 1 §3).
 *
 * Every module: name 'New Module', status draft-private or the company's default module status,
 * monofacial, reference 1000 W/m² and 25 °C, NOCT 45 °C, τα 0.9, anti-reflective coating with
 * n 1.526 and n(ARC) 1.29, glazing K 4 m⁻¹ and L 0.002 m, default Sandia and tabular IAM with ASHRAE
 * b0 0.05, empty shading table and non-linear degradation rates, metastability off with scale
 * factor 1 and coefficients c0…c11 at 0 (spec 1 gives no values), module mismatch coefficient 1.
 *
 * By technology: c-Si (1–5, and mixed 8) band gap 1.12 eV, pvModel 1 (one diode), full cell,
 * fractional-effect shading response at 100 % (spec 4: "c-Si Fractional 100 %"); light-induced
 * degradation n-type 0, p-type mono 2.5 %, poly 1.5 %. CdTe: band gap 1.5 eV, built-in voltage
 * 0.9 V, pvModel 0 (recombination), linear shading, cell design N/A, LID 0. CIGS: band gap 1.03 eV,
 * pvModel 1, linear shading, cell design N/A, LID null. The two-parameter spectral coefficients are
 * the First Solar set of the technology (spec 4).
 *
 * By construction (glass-glass, glass-backsheet): heat balance Uc 29, Uv 0, ΔT cell–module 3 °C;
 * Sandia a, b = −3.47, −0.0594 (glass-glass) or −3.56, −0.075 (glass-backsheet).
 *
 * @param cellTechnologyType CellTechnologyTypeEnum (1–8)
 * @param constructionType ConstructionTypeEnum (1 glass-glass, 2 glass-backsheet)
 * @param companyDefaultStatus the company's miscellaneousSettings moduleStatus, if any
 * @returns the new module record; fields not listed are absent (null)
 */
export function newModule(
  cellTechnologyType: number,
  constructionType: number,
  companyDefaultStatus?: number | null,
): NewModule {
  const t = cellTechnologyType;
  const thinFilm = t === CELL_TECHNOLOGY.CdTe || t === CELL_TECHNOLOGY.CIGS;
  const lid =
    t === CELL_TECHNOLOGY.NTypeMono || t === CELL_TECHNOLOGY.CdTe
      ? 0
      : t === CELL_TECHNOLOGY.PTypeMonoPERC || t === CELL_TECHNOLOGY.PTypeMonoBSF
        ? 2.5
        : t === CELL_TECHNOLOGY.PolyPERC || t === CELL_TECHNOLOGY.PolyBSF
          ? 1.5
          : null;
  const spectralKey =
    t === CELL_TECHNOLOGY.CdTe
      ? 'cdte'
      : t === CELL_TECHNOLOGY.CIGS
        ? 'cigs'
        : t === CELL_TECHNOLOGY.PolyPERC || t === CELL_TECHNOLOGY.PolyBSF
          ? 'poly'
          : 'mono';
  const b = SPECTRAL_2B[spectralKey];
  const glassGlass = constructionType === CONSTRUCTION.GlassGlass;
  const m: NewModule = {
    name: 'New Module',
    status: newAssetStatus(companyDefaultStatus),
    faciality: 0,
    cellTechnologyType: t,
    constructionType,
    referenceIrradiance: 1000,
    referenceTemperature: 25,
    nominalOperatingCellTemperature: 45,
    transmittanceAbsorptance: 0.9,
    useAntiReflectiveCoating: true,
    refractiveIndex: 1.526,
    refractiveIndexOfARC: 1.29,
    glazingExtinctionCoef: 4,
    glazingThickness: 0.002,
    useDefaultSandiaIAM: true,
    useDefaultTabularIAM: true,
    ashraeiamB0: 0.05,
    electricalShadingInputTable: [],
    nonLinearDegradationRates: [],
    useMetastability: false,
    isMetastable: false,
    metastabilityProperties: {
      metastabilityVoltageScaleFactor: 1,
      c0: 0,
      c1: 0,
      c2: 0,
      c3: 0,
      c4: 0,
      c5: 0,
      c6: 0,
      c7: 0,
      c8: 0,
      c9: 0,
      c10: 0,
      c11: 0,
    },
    moduleMismatchCoefficient: 1,
    bandgapVoltage: t === CELL_TECHNOLOGY.CdTe ? 1.5 : t === CELL_TECHNOLOGY.CIGS ? 1.03 : 1.12,
    pvModel: t === CELL_TECHNOLOGY.CdTe ? 0 : 1,
    lightInducedDegradation: lid,
    cellDesignType: thinFilm ? NOT_APPLICABLE : FULL_CELL,
    moduleShadingResponse: thinFilm ? SHADING_LINEAR : SHADING_FRACTIONAL,
    electricalShadingFractionalEffect: thinFilm ? null : 100,
    spectral2B0: b[0],
    spectral2B1: b[1],
    spectral2B2: b[2],
    spectral2B3: b[3],
    spectral2B4: b[4],
    spectral2B5: b[5],
    heatBalanceConductiveCoef: 29,
    heatBalanceConvectiveCoef: 0,
    cellToModuleTempDiff: 3,
    sandiaConductiveCoef: glassGlass ? -3.47 : -3.56,
    sandiaConvectiveCoef: glassGlass ? -0.0594 : -0.075,
  };
  if (t === CELL_TECHNOLOGY.CdTe) m.builtInVoltage = 0.9;
  return m;
}

/** A new inverter record and its default node setpoint. */
export interface NewInverter {
  name: string;
  status: number;
  /** default setpoint of an inverter node using it [kW] */
  setpointkW: number;
  efficiencyCurves: never[];
  kVACurves: never[];
  pqCurves: never[];
  usekVACurves: boolean;
  usePQCurves: boolean;
}

/**
 * Defaults of a new inverter (spec 1 §3, spec 2 constants): 'New Inverter', the company's default
 * inverter status (else draft-private), setpoint 499.12345678 kW, no curves.
 * @param companyDefaultStatus the company's miscellaneousSettings inverterStatus, if any
 */
export function newInverter(companyDefaultStatus?: number | null): NewInverter {
  return {
    name: 'New Inverter',
    status: newAssetStatus(companyDefaultStatus),
    setpointkW: NEW_INVERTER_SETPOINT_KW,
    efficiencyCurves: [],
    kVACurves: [],
    pqCurves: [],
    usekVACurves: false,
    usePQCurves: false,
  };
}

/**
 * Module area (spec 2 §9.3): width/1000 × length/1000.
 * @param m width and length [mm]
 * @returns area [m²]; NaN when a dimension is missing
 */
export function moduleArea(m: { width?: number | null; length?: number | null }): number {
  if (m.width == null || m.length == null) return Number.NaN;
  return (m.width / 1000) * (m.length / 1000);
}

/**
 * Module efficiency at STC (spec 2 §9.3): max power / area / 10.
 * @param m stcMaxPower [W], width and length [mm]
 * @returns efficiency [%]; NaN when a value is missing or the area is 0
 */
export function moduleEfficiency(m: {
  stcMaxPower?: number | null;
  width?: number | null;
  length?: number | null;
}): number {
  const area = moduleArea(m);
  if (m.stcMaxPower == null || !(area > 0)) return Number.NaN;
  return m.stcMaxPower / area / 10;
}

/**
 * Relative efficiency at an irradiance (spec 2 §9.3; the module's efficiency there relative to its
 * STC efficiency): power / (irradiance/1000 × STC max power) × 100, 100 at STC.
 *
 * Spec 2 writes the denominator as "(irradiance/1000 × area)", which read literally gives W/m²×100
 * (20 000 for 100 W at 200 W/m² on 2.5 m²), not a percentage; the ratio of the efficiency at G,
 * P/(G·A), to the STC efficiency, Pstc/(1000·A), is the quantity the charts plot ("relative efficiency
 * against irradiance"), and the area cancels.
 * @param x.power module power at that irradiance (and 25 °C for the chart) [W]
 * @param x.irradiance irradiance [W/m²]
 * @param x.stcMaxPower the module's power at STC [W]
 * @returns relative efficiency [%]; NaN for a non-positive irradiance or STC power
 */
export function relativeEfficiency(x: { power: number; irradiance: number; stcMaxPower: number }): number {
  if (!(x.irradiance > 0 && x.stcMaxPower > 0)) return Number.NaN;
  return (x.power / ((x.irradiance / 1000) * x.stcMaxPower)) * 100;
}
