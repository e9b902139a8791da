/**
 * IV and PV curves and the relative efficiency of a module, computed in the browser with the engine
 * (no server round trip): the CEC fit when the module carries one (`pvModel` 100 with
 * `cecParameters`), otherwise the PVsyst-form single-diode model of its 1-diode fields.
 */
import { pvsystParamsFromModule, type ModuleDiodeFields } from '@sunfield/engine/module/moduleFields.ts';
import { moduleParams, type ModuleModel } from '@sunfield/engine/module/moduleModel.ts';
import { ivCurve, singleDiode, type SingleDiodeResult } from '@sunfield/engine/module/singleDiode.ts';
import type { ModuleRecord } from './types.ts';

export const CURVE_IRRADIANCES = [200, 400, 600, 800, 1000] as const;
export const CURVE_TEMPERATURES = [0, 25, 50, 75] as const;
export const RESPONSE_IRRADIANCES = [50, 100, 150, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200];

export interface CurveSet {
  /** label, e.g. '1000 W/m², 25 °C' */
  label: string;
  irradiance: number;
  temperature: number;
  /** [voltage, current] and [voltage, power] points */
  iv: [number, number][];
  pv: [number, number][];
  mpp: SingleDiodeResult;
}

export interface ModuleCurves {
  byIrradiance: CurveSet[];
  byTemperature: CurveSet[];
  /** [irradiance W/m², efficiency relative to STC %] */
  relativeEfficiency: [number, number][];
  stc: SingleDiodeResult;
}

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The module's electrical model, or an error text naming what is missing. */
export function electricalModel(module: ModuleRecord): ModuleModel | string {
  const cec = module.cecParameters as Record<string, unknown> | undefined;
  if (module.pvModel === 100 && cec && typeof cec === 'object') {
    const keys = ['alphaSc', 'aRef', 'iLRef', 'iORef', 'rS', 'rShRef', 'adjust'] as const;
    const values = keys.map((key) => num(cec[key]));
    if (values.some((v) => v === undefined)) return 'The CEC parameters are incomplete.';
    const [alphaSc, aRef, iLRef, iORef, rS, rShRef, adjust] = values as number[];
    return {
      model: 'cec',
      alphaSc: alphaSc!,
      aRef: aRef!,
      iLRef: iLRef!,
      iORef: iORef!,
      rS: rS!,
      rShRef: rShRef!,
      adjust: adjust!,
      egRef: num(module.bandgapVoltage) ?? 1.121,
      irradianceRef: num(module.referenceIrradiance) ?? 1000,
      tempRef: num(module.referenceTemperature) ?? 25,
    };
  }
  const required: [string, string][] = [
    ['numberOfCellsInSeries', 'Cells in series'],
    ['seriesResistanceAtSTC', 'Series resistance'],
    ['shuntResistanceAtSTC', 'Shunt resistance'],
    ['diodeIdealityFactorAtSTC', 'Diode ideality factor'],
  ];
  const missing = required.filter(([key]) => !(num(module[key]) !== undefined)).map(([, label]) => label);
  if (num(module.shortCircuitCurrentAtSTC) === undefined && num(module.stcShortCircuitCurrent) === undefined)
    missing.push('Short-circuit current');
  if (num(module.saturationCurrentAtSTC) === undefined && num(module.stcOpenCircuitVoltage) === undefined)
    missing.push('Open-circuit voltage or saturation current');
  if (missing.length) return `Enter ${missing.join(', ')} to see the curves.`;
  try {
    return { model: 'pvsyst', ...pvsystParamsFromModule(module as unknown as ModuleDiodeFields) };
  } catch (error) {
    return error instanceof Error ? error.message : 'The module parameters are not valid.';
  }
}

function curveAt(model: ModuleModel, irradiance: number, temperature: number, points: number): CurveSet {
  const params = moduleParams({ effectiveIrradiance: irradiance, tempCell: temperature }, model);
  const { voltage, current } = ivCurve({ points }, params);
  const iv: [number, number][] = [];
  const pv: [number, number][] = [];
  for (let k = 0; k < voltage.length; k++) {
    const v = voltage[k]!;
    const i = Math.max(0, current[k]!);
    iv.push([round(v), round(i)]);
    pv.push([round(v), round(v * i)]);
  }
  return {
    label: `${irradiance} W/m², ${temperature} °C`,
    irradiance,
    temperature,
    iv,
    pv,
    mpp: singleDiode(params),
  };
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;

/** Curves at several irradiances (25 °C) and temperatures (1000 W/m²), and the relative efficiency. */
export function moduleCurves(module: ModuleRecord, points = 60): ModuleCurves | string {
  const model = electricalModel(module);
  if (typeof model === 'string') return model;
  const tempRef = num(module.referenceTemperature) ?? 25;
  const gRef = num(module.referenceIrradiance) ?? 1000;
  try {
    const byIrradiance = CURVE_IRRADIANCES.map((g) => curveAt(model, g, tempRef, points));
    const byTemperature = CURVE_TEMPERATURES.map((t) => curveAt(model, gRef, t, points));
    const stc = singleDiode(moduleParams({ effectiveIrradiance: gRef, tempCell: tempRef }, model));
    const relativeEfficiency = RESPONSE_IRRADIANCES.map((g): [number, number] => {
      const mpp = singleDiode(moduleParams({ effectiveIrradiance: g, tempCell: tempRef }, model));
      return [g, round((mpp.pmp / g / (stc.pmp / gRef)) * 100)];
    });
    if (!Number.isFinite(stc.pmp) || stc.pmp <= 0) return 'The module parameters give no power at STC.';
    return { byIrradiance, byTemperature, relativeEfficiency, stc };
  } catch (error) {
    return error instanceof Error ? error.message : 'The curves could not be computed.';
  }
}
