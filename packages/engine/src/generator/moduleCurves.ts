/**
 * Chart data of the module page (spec 1 module "charts" tab): IV and PV curves at several
 * irradiances and temperatures and the relative efficiency against irradiance, from a spec 3 module
 * record, cheap enough to recompute in the browser as the user edits values.
 */
import { pvsystParamsFromModule, type ModuleDiodeFields } from '../module/moduleFields.ts';
import type { ModuleModel } from '../module/moduleModel.ts';
import {
  effectiveIrradianceResponse,
  generateIvCurve,
  type EfficiencyPoint,
  type IvCurveData,
} from './ivCurves.ts';
import { generateSingleDiodeDefault } from './singleDiodeFit.ts';

/** A module record as the API carries it (spec 3 names; values may be null). */
export type ModuleRecordLike = Record<string, unknown>;

const num = (o: ModuleRecordLike, k: string): number | undefined => {
  const v = o[k];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};

/**
 * The electrical model of a module record: the CEC (pvModel 100) or De Soto (101) model from
 * `cecParameters`; else the PVsyst form from the single-diode fields (`pvsystParamsFromModule`);
 * else, for a module with only datasheet values (STC Isc, Voc, Imp, Vmp, cells in series), the
 * default generator's fit.
 * @param m the record
 * @returns the model, or undefined when the record has too little to build one
 */
export function moduleModelFromRecord(m: ModuleRecordLike): ModuleModel | undefined {
  const pvModel = num(m, 'pvModel');
  const cec = m.cecParameters as Record<string, unknown> | null | undefined;
  if ((pvModel === 100 || pvModel === 101) && cec && typeof cec === 'object') {
    const c = (k: string) => num(cec, k);
    const [alphaSc, aRef, iLRef, iORef, rS, rShRef] = [
      'alphaSc',
      'aRef',
      'iLRef',
      'iORef',
      'rS',
      'rShRef',
    ].map(c);
    if ([alphaSc, aRef, iLRef, iORef, rS, rShRef].every((x) => x !== undefined)) {
      const base = {
        alphaSc: alphaSc!,
        aRef: aRef!,
        iLRef: iLRef!,
        iORef: iORef!,
        rS: rS!,
        rShRef: rShRef!,
        ...(num(m, 'bandgapVoltage') !== undefined ? { egRef: num(m, 'bandgapVoltage')! } : {}),
      };
      return pvModel === 100
        ? { model: 'cec', ...base, adjust: c('adjust') ?? 0 }
        : { model: 'desoto', ...base };
    }
  }
  const ns = num(m, 'numberOfCellsInSeries');
  if (!(ns !== undefined && ns >= 1)) return undefined;
  const rs = num(m, 'seriesResistanceAtSTC');
  const rsh = num(m, 'shuntResistanceAtSTC');
  const gamma = num(m, 'diodeIdealityFactorAtSTC');
  if (rs !== undefined && rs >= 0 && rsh !== undefined && rsh > 0 && gamma !== undefined && gamma > 0) {
    try {
      const p = pvsystParamsFromModule({
        ...(m as unknown as ModuleDiodeFields),
        pvModel: pvModel === 100 || pvModel === 101 ? 1 : (pvModel ?? 1),
      });
      if (p.iLRef > 0 && p.iORef > 0) return { model: 'pvsyst', ...p };
    } catch {
      // fall through to the datasheet fit
    }
  }
  const [isc, voc, imp, vmp] = [
    'stcShortCircuitCurrent',
    'stcOpenCircuitVoltage',
    'stcmppCurrent',
    'stcmppVoltage',
  ].map((k) => num(m, k));
  if ([isc, voc, imp, vmp].every((x) => x !== undefined && x > 0)) {
    try {
      const alpha = num(m, 'stcShortCircuitCurrentTempCoef');
      const gammaPmp = num(m, 'stcPowerTempCoef');
      const tech = num(m, 'cellTechnologyType');
      return {
        model: 'pvsyst',
        ...generateSingleDiodeDefault({
          isc: isc!,
          voc: voc!,
          imp: imp!,
          vmp: vmp!,
          cellsInSeries: ns,
          ...(alpha !== undefined ? { alphaIscPct: alpha } : {}),
          ...(gammaPmp !== undefined ? { gammaPmpPct: gammaPmp } : {}),
          ...(tech !== undefined ? { cellTechnologyType: tech } : {}),
        }).params,
      };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Default chart conditions: 1000, 800, 600, 400, 200 W/m² at 25 °C, and 1000 W/m² at 50 and 75 °C. */
export const DEFAULT_CHART_CONDITIONS: readonly { irradiance: number; temperature: number }[] = [
  { irradiance: 1000, temperature: 25 },
  { irradiance: 800, temperature: 25 },
  { irradiance: 600, temperature: 25 },
  { irradiance: 400, temperature: 25 },
  { irradiance: 200, temperature: 25 },
  { irradiance: 1000, temperature: 50 },
  { irradiance: 1000, temperature: 75 },
];

/**
 * Chart set of a module: one IV/PV curve per condition (current and power against voltage, with the
 * key points) and the relative efficiency at 25 °C against irradiance (50 … 1200 W/m²).
 * @param module the module record (spec 3 names)
 * @param conditions irradiance [W/m²] and cell temperature [°C] of each curve (default
 *        {@link DEFAULT_CHART_CONDITIONS})
 * @param points points per curve, default 60
 * @returns the curves and the efficiency response, or undefined when the record cannot be modelled
 */
export function moduleCurves(
  module: ModuleRecordLike,
  conditions: readonly { irradiance: number; temperature: number }[] = DEFAULT_CHART_CONDITIONS,
  points = 60,
): { curves: IvCurveData[]; relativeEfficiency: EfficiencyPoint[] } | undefined {
  const m = moduleModelFromRecord(module);
  if (!m) return undefined;
  return {
    curves: conditions.map((c) => generateIvCurve(m, { ...c, points })),
    relativeEfficiency: effectiveIrradianceResponse(m, {
      irradiances: [50, 100, 150, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200],
    }),
  };
}
