/**
 * Module generator curves (spec 2 §7.8 `Generator/GenerateIVCurve`,
 * `…/CalculateEffectiveIrradianceResponse`, `…/OptimizeSeriesResistance`) and the module page's
 * charts: IV and PV curves at operating conditions, the effective irradiance response (relative
 * efficiency against irradiance at 25 °C), the IEC 61853-1 power matrix, key points of a measured
 * curve, and the series resistance that gives a target relative efficiency at 200 W/m².
 */
import { moduleMpp, moduleParams, type ModuleModel } from '../module/moduleModel.ts';
import { ivCurve } from '../module/singleDiode.ts';
import {
  generateSingleDiodeAdvanced,
  bracketRoot,
  type Datasheet,
  type FixedParameters,
  type SingleDiodeFit,
} from './singleDiodeFit.ts';

/** One IV curve with its power and key points. */
export interface IvCurveData {
  irradiance: number;
  temperature: number;
  /** voltages [V], currents [A] and powers [W], N each, from short circuit to open circuit */
  voltage: number[];
  current: number[];
  power: number[];
  isc: number;
  voc: number;
  imp: number;
  vmp: number;
  pmp: number;
}

/**
 * IV curve of a module at (G, Tc): N voltages evenly spaced from 0 to Voc (`ivCurve`), the current
 * and power at each, and the key points (`moduleMpp`).
 * @param m the module's model (CEC, De Soto or PVsyst form)
 * @param x.irradiance effective irradiance G [W/m²], > 0
 * @param x.temperature cell temperature Tc [°C]
 * @param x.points N, 2…2000, default 100
 * @returns the curve; all zeros for G ≤ 0
 */
export function generateIvCurve(
  m: ModuleModel,
  x: { irradiance: number; temperature: number; points?: number },
): IvCurveData {
  const n = Math.min(2000, Math.max(2, Math.floor(x.points ?? 100)));
  const cond = { effectiveIrradiance: x.irradiance, tempCell: x.temperature };
  const key = moduleMpp(cond, m);
  if (!(x.irradiance > 0)) {
    const z = new Array<number>(n).fill(0);
    return {
      irradiance: x.irradiance,
      temperature: x.temperature,
      voltage: z,
      current: z.slice(),
      power: z.slice(),
      ...key,
    };
  }
  const c = ivCurve({ points: n }, moduleParams(cond, m));
  const voltage = Array.from(c.voltage);
  const current = Array.from(c.current);
  return {
    irradiance: x.irradiance,
    temperature: x.temperature,
    voltage,
    current,
    power: voltage.map((v, k) => v * current[k]!),
    isc: key.isc,
    voc: key.voc,
    imp: key.imp,
    vmp: key.vmp,
    pmp: key.pmp,
  };
}

/** Irradiances of the default effective irradiance response [W/m²]: 100, 200, …, 1200. */
export const EIR_IRRADIANCES: readonly number[] = Array.from({ length: 12 }, (_, k) => 100 * (k + 1));

/** One point of the effective irradiance response (spec 3 `EfficiencyDetails`). */
export interface EfficiencyPoint {
  irradiance: number;
  /** relative efficiency η(G)/η(Gref) [%] */
  efficiency: number;
}

/**
 * Effective irradiance response: relative efficiency at 25 °C (or a given temperature) against
 * irradiance, η_rel(G) = [Pmp(G)/G]/[Pmp(Gref)/Gref]·100 %, Gref = 1000 W/m² (the quantity of
 * IEC 61853-1's irradiance dependence and of spec 2 §9.3's relative efficiency).
 * @param m the module's model
 * @param x.irradiances [W/m²], default 100 … 1200 in steps of 100
 * @param x.temperature cell temperature [°C], default 25
 * @returns one point per irradiance
 * @see IEC 61853-1:2011, "Photovoltaic (PV) module performance testing and energy rating – Part 1"
 */
export function effectiveIrradianceResponse(
  m: ModuleModel,
  x: { irradiances?: readonly number[]; temperature?: number } = {},
): EfficiencyPoint[] {
  const t = x.temperature ?? 25;
  const ref = moduleMpp({ effectiveIrradiance: 1000, tempCell: t }, m).pmp / 1000;
  return (x.irradiances ?? EIR_IRRADIANCES).map((g) => ({
    irradiance: g,
    efficiency: g > 0 ? (100 * moduleMpp({ effectiveIrradiance: g, tempCell: t }, m).pmp) / g / ref : 0,
  }));
}

/** IEC 61853-1 Table 2 irradiances [W/m²] and module temperatures [°C]. */
export const IEC61853_IRRADIANCES = [100, 200, 400, 600, 800, 1000, 1100] as const;
export const IEC61853_TEMPERATURES = [15, 25, 50, 75] as const;

/**
 * The IEC 61853-1 power matrix: Pmp and relative efficiency (to STC) at each irradiance and
 * temperature of Table 2 (combinations outside the standard's, such as 1100 W/m² at 15 °C, are
 * included: the model has them).
 * @param m the module's model
 * @returns rows of irradiance [W/m²], temperature [°C], Pmp [W], relative efficiency [%]
 * @see IEC 61853-1:2011, Table 2
 */
export function iec61853Matrix(
  m: ModuleModel,
): { irradiance: number; temperature: number; pmp: number; efficiency: number }[] {
  const stc = moduleMpp({ effectiveIrradiance: 1000, tempCell: 25 }, m).pmp / 1000;
  const out: { irradiance: number; temperature: number; pmp: number; efficiency: number }[] = [];
  for (const temperature of IEC61853_TEMPERATURES)
    for (const irradiance of IEC61853_IRRADIANCES) {
      const pmp = moduleMpp({ effectiveIrradiance: irradiance, tempCell: temperature }, m).pmp;
      out.push({ irradiance, temperature, pmp, efficiency: (100 * pmp) / irradiance / stc });
    }
  return out;
}

/** Key points of a measured or computed IV curve. */
export interface KeyIvPoints {
  isc: number;
  voc: number;
  imp: number;
  vmp: number;
  pmp: number;
}

/**
 * Key points of a sampled IV curve: Isc by linear extrapolation of the first two points to V = 0,
 * Voc by linear interpolation where I crosses 0 (or extrapolation of the last two), and the maximum
 * power point by a parabola through the sampled maximum of P = V·I and its two neighbours (the
 * vertex, and I there by the same parabola in V).
 * @param v voltages [V], ascending
 * @param i currents [A]
 * @returns Isc [A], Voc [V], Imp [A], Vmp [V], Pmp [W]
 * @throws RangeError with fewer than 3 points or unsorted voltages
 */
export function keyPointsFromCurve(v: readonly number[], i: readonly number[]): KeyIvPoints {
  const n = Math.min(v.length, i.length);
  if (n < 3) throw new RangeError('IV curve: at least 3 points are needed');
  for (let k = 1; k < n; k++)
    if (!(v[k]! > v[k - 1]!)) throw new RangeError('IV curve: voltages must increase');
  const isc = i[0]! - (v[0]! * (i[1]! - i[0]!)) / (v[1]! - v[0]!);
  let voc = Number.NaN;
  for (let k = 1; k < n; k++)
    if (i[k - 1]! > 0 && i[k]! <= 0) {
      voc = v[k - 1]! + ((v[k]! - v[k - 1]!) * i[k - 1]!) / (i[k - 1]! - i[k]!);
      break;
    }
  if (!Number.isFinite(voc))
    voc = v[n - 1]! - (i[n - 1]! * (v[n - 1]! - v[n - 2]!)) / (i[n - 1]! - i[n - 2]!);
  let best = 0;
  for (let k = 1; k < n; k++) if (v[k]! * i[k]! > v[best]! * i[best]!) best = k;
  const k = Math.min(n - 2, Math.max(1, best));
  const [x0, x1, x2] = [v[k - 1]!, v[k]!, v[k + 1]!];
  const [p0, p1, p2] = [x0 * i[k - 1]!, x1 * i[k]!, x2 * i[k + 1]!];
  const d = (x0 - x1) * (x0 - x2) * (x1 - x2);
  const a = (x2 * (p1 - p0) + x1 * (p0 - p2) + x0 * (p2 - p1)) / d;
  const b = (x2 * x2 * (p0 - p1) + x1 * x1 * (p2 - p0) + x0 * x0 * (p1 - p2)) / d;
  let vmp = a < 0 ? -b / (2 * a) : x1;
  if (!(vmp >= x0 && vmp <= x2)) vmp = v[best]!;
  const pmp = a < 0 ? a * vmp * vmp + b * vmp + (p0 - a * x0 * x0 - b * x0) : v[best]! * i[best]!;
  return { isc, voc, imp: pmp / vmp, vmp, pmp };
}

/**
 * Series resistance for a target relative efficiency at 200 W/m² and 25 °C (`OptimizeSeriesResistance`):
 * Rs is searched on [0, (Voc − Vmp)/Imp] by regula falsi; for each Rs the advanced generator sets γ
 * so that Pmp at STC is kept, and the relative efficiency at 200 W/m² rises with Rs (a larger Rs
 * costs less at low current than at STC). The other fixed parameters are kept.
 * @param d datasheet values
 * @param x.targetEfficiency200 target relative efficiency at 200 W/m² [%], e.g. 97
 * @param x.fixed other parameters the user fixed (Rsh, Rsh(0), exponent, μγ)
 * @returns the fit at that Rs, or throws RangeError when no Rs in the range reaches the target
 * @see PVsyst documentation, "PV module – Series resistance determination" (low-light efficiency)
 */
export function optimizeSeriesResistance(
  d: Datasheet,
  x: { targetEfficiency200: number; fixed?: Omit<FixedParameters, 'rS' | 'gammaRef'> },
): SingleDiodeFit {
  const fixed = x.fixed ?? {};
  const rel = (rs: number) => {
    const fit = generateSingleDiodeAdvanced(d, { ...fixed, rS: rs });
    if (fit.warnings.length > 0) return Number.NaN;
    return effectiveIrradianceResponse({ model: 'pvsyst', ...fit.params }, { irradiances: [200] })[0]!
      .efficiency;
  };
  const rsMax = (d.voc - d.vmp) / d.imp;
  // The usable range ends where no γ reproduces Pmp any more.
  let hi = rsMax;
  for (let k = 0; k < 40 && !Number.isFinite(rel(hi)); k++) hi *= 0.85;
  const rs = bracketRoot((r) => rel(r) - x.targetEfficiency200, 0, hi, 1e-9 * rsMax);
  if (!Number.isFinite(rs)) {
    const lo = rel(0);
    const top = rel(hi);
    throw new RangeError(
      `no series resistance gives ${x.targetEfficiency200} % at 200 W/m² (reachable ${lo.toFixed(2)} … ${top.toFixed(2)} %)`,
    );
  }
  return generateSingleDiodeAdvanced(d, { ...fixed, rS: rs });
}
