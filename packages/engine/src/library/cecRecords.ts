/**
 * CEC list entries as the case's module and inverter records (spec 3 `Module` and `Inverter` field
 * names), so that a DC field or an inverter node may name a library entry instead of spelling it out.
 */
import type { CecInverterRecord, CecModuleRecord } from './cecCsv.ts';
import { cecToPvsyst } from './cecToPvsyst.ts';
import { sandiaEfficiencyCurves } from '../inverter/sandiaFit.ts';

/** The CEC module lists searched, in order, for a module given by name alone. */
export const DEFAULT_CEC_MODULE_LISTS = ['sam-library-cec-modules-2021-12-01.csv'] as const;
/** The CEC inverter lists searched, in order (newest first), for an inverter given by name alone. */
export const DEFAULT_CEC_INVERTER_LISTS = [
  'sam-library-cec-inverters-2022-02-18.csv',
  'sam-library-cec-inverters-2019-03-05.csv',
] as const;

/**
 * spec 3 CellTechnologyTypeEnum of a CEC `Technology` (the CEC list does not say n- or p-type, BSF or
 * PERC): Mono-c-Si → 3 (p-type mono BSF), Multi-c-Si → 5 (poly BSF), CdTe → 6, CIGS/CIS → 7, others
 * (thin-film silicon, HIT) → 8 (mixed).
 */
export function cellTechnologyFromCec(technology: string): number {
  const t = technology.toLowerCase();
  if (t.startsWith('mono')) return 3;
  if (t.startsWith('multi') || t.startsWith('poly')) return 5;
  if (t.includes('cdte')) return 6;
  if (t.includes('cigs') || t.includes('cis')) return 7;
  return 8;
}

/**
 * A CEC module as a case module record: `pvModel` 100 (the CEC six-parameter model) with its fit in
 * `cecParameters`, the STC ratings, temperature coefficients in %/K (αsc/Isc, βoc/Voc, γ), dimensions
 * in mm when the list has them, the STC efficiency from the list's area (Pstc/(A_c·1000)), the NOCT,
 * faciality and cell technology; and the PVsyst-form single-diode fields of spec 3
 * (`seriesResistanceAtSTC`, `shuntResistanceAtSTC`, `darkShuntResistance`,
 * `diodeIdealityFactorAtSTC`, `linearTempDependenceOnGamma`, `saturationCurrentAtSTC`,
 * `bandgapVoltage`, …) fitted by `cecToPvsyst`, so that the module also runs with pvModel 1.
 * @param m the list's record
 * @returns the record, spec 3 names
 */
export function cecModuleRecord(m: CecModuleRecord): Record<string, unknown> {
  const cellTechnologyType = cellTechnologyFromCec(m.technology);
  const pvsyst = cecToPvsyst(m, cellTechnologyType);
  return {
    ...pvsyst?.fields,
    name: m.name,
    manufacturer: m.manufacturer,
    pvModel: 100,
    cellTechnologyType,
    faciality: m.bifacial ? 1 : 0,
    numberOfCellsInSeries: m.cellsInSeries,
    stcMaxPower: m.stc,
    stcShortCircuitCurrent: m.iScRef,
    stcOpenCircuitVoltage: m.vOcRef,
    stcmppCurrent: m.iMpRef,
    stcmppVoltage: m.vMpRef,
    stcShortCircuitCurrentTempCoef: (100 * m.alphaSc) / m.iScRef,
    stcOpenCircuitVoltageTempCoef: (100 * m.betaOc) / m.vOcRef,
    ...(Number.isFinite(m.gammaR) ? { stcPowerTempCoef: m.gammaR } : {}),
    ...(Number.isFinite(m.length) && Number.isFinite(m.width)
      ? { length: 1000 * m.length, width: 1000 * m.width }
      : {}),
    stcEfficiency: m.stc / (10 * m.area),
    ...(Number.isFinite(m.tNoct) ? { nominalOperatingCellTemperature: m.tNoct } : {}),
    cecParameters: {
      alphaSc: m.alphaSc,
      aRef: m.aRef,
      iLRef: m.iLRef,
      iORef: m.iORef,
      rS: m.rS,
      rShRef: m.rShRef,
      adjust: m.adjust,
    },
  };
}

/** Temperatures of the flat kVA curve of a CEC inverter [°C] (the list has no derating). */
export const CEC_FLAT_KVA_TEMPERATURES = [-40, 60] as const;

/**
 * A CEC inverter as a case inverter record: `inverterEfficiencyModel` 2 (Sandia) with the list's
 * coefficients in `sandiaParameters` [W, V, 1/W, 1/V], `powerRated` = Paco and `apparentPower` = Paco
 * (the list has no kVA rating) [kW, kVA], and the DC limits the list states: MPPT window
 * (`minVoltage` = Mppt_low, `maxMPPVoltage` = Mppt_high), `maxAbsoluteVoltage` = Vdcmax,
 * `maxCurrent` = Idcmax, `outputVoltage` = Vac (each omitted where the list has none; Pso stays in
 * the Sandia coefficients, not as a start threshold, which would count it twice); `nightTare` = Pnt
 * [W]. Efficiency curves (spec 3 `efficiencyCurves`, AC power [kW] and
 * efficiency [%] at the CEC levels 10…100 % of Paco) at the minimum MPPT voltage, Vdco and the
 * maximum MPPT voltage, derived from the Sandia coefficients (`sandiaEfficiencyCurves`; only Vdco
 * when the list has no MPPT window), and a flat kVA curve at Paco from −40 to 60 °C at elevation 0
 * (`usekVACurves` true), no PQ curves.
 * @param v the list's record
 * @returns the record, spec 3 names
 * @see D. L. King, S. Gonzalez, G. M. Galbraith, W. E. Boyson, "Performance model for grid-connected
 *      photovoltaic inverters," SAND2007-5036 (2007)
 */
export function cecInverterRecord(v: CecInverterRecord): Record<string, unknown> {
  const limit = (key: string, x: number) => (Number.isFinite(x) && x > 0 ? { [key]: x } : {});
  const voltages = [v.mpptLow, v.vdco, v.mpptHigh].filter((x) => Number.isFinite(x) && x > 0);
  const distinct = [...new Set(voltages)].sort((a, b) => a - b);
  const efficiencyCurves = sandiaEfficiencyCurves(
    { voltages: distinct.length ? distinct : [v.vdco] },
    v,
  ).filter((c) => c.efficiencyPoints.length > 0);
  const kva = v.paco / 1000;
  return {
    name: v.name,
    inverterEfficiencyModel: 2,
    powerRated: v.paco / 1000,
    apparentPower: kva,
    ...limit('minVoltage', v.mpptLow),
    ...limit('maxMPPVoltage', v.mpptHigh),
    ...limit('maxAbsoluteVoltage', v.vdcmax),
    ...limit('maxCurrent', v.idcmax),
    ...limit('outputVoltage', v.vac),
    ...(Number.isFinite(v.pnt) && v.pnt >= 0 ? { nightTare: v.pnt } : {}),
    efficiencyCurves,
    usekVACurves: true,
    kVACurves: [
      {
        elevation: 0,
        kVAPoints: CEC_FLAT_KVA_TEMPERATURES.map((temperature) => ({ temperature, kVA: kva })),
      },
    ],
    usePQCurves: false,
    pqCurves: [],
    sandiaParameters: {
      paco: v.paco,
      pdco: v.pdco,
      vdco: v.vdco,
      pso: v.pso,
      c0: v.c0,
      c1: v.c1,
      c2: v.c2,
      c3: v.c3,
      pnt: v.pnt,
    },
  };
}
