/**
 * Between measured efficiency curves and the Sandia inverter model: the quadratic ("Sandia polynomial")
 * fit of spec 4 §2 (V11+: used with 3 or more curves), and the reverse, efficiency curves at the
 * minimum, nominal and maximum MPPT voltages from Sandia coefficients (for CEC-list inverters in the
 * library).
 */
import {
  prepareEfficiencyCurves,
  type EfficiencyCurve,
  type EfficiencyPowerBasis,
} from './efficiencyCurves.ts';
import { sandiaDcPower, sandiaUnclippedKernel, type SandiaInverterParams } from './sandia.ts';

/** Least-squares y = a + b·x + c·x² (c = 0 with two points). Returns [a, b, c]. */
function quadraticFit(xs: ArrayLike<number>, ys: ArrayLike<number>, n: number, scale: number): number[] {
  // Normal equations in the scaled variable u = x/scale, solved by Cramer's rule (3×3).
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let t0 = 0;
  let t1 = 0;
  let t2 = 0;
  for (let i = 0; i < n; i++) {
    const u = xs[i]! / scale;
    const y = ys[i]!;
    s0 += 1;
    s1 += u;
    s2 += u * u;
    s3 += u * u * u;
    s4 += u * u * u * u;
    t0 += y;
    t1 += u * y;
    t2 += u * u * y;
  }
  if (n < 3) {
    const b = (s0 * t1 - s1 * t0) / (s0 * s2 - s1 * s1);
    return [(t0 - b * s1) / s0, b / scale, 0];
  }
  const det3 = (m: number[]) =>
    m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
    m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
    m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
  const d = det3([s0, s1, s2, s1, s2, s3, s2, s3, s4]);
  const a = det3([t0, s1, s2, t1, s2, s3, t2, s3, s4]) / d;
  const b = det3([s0, t0, s2, s1, t1, s3, s2, t2, s4]) / d;
  const c = det3([s0, s1, t0, s1, s2, t1, s2, s3, t2]) / d;
  return [a, b / scale, c / (scale * scale)];
}

/** The root of a + b·x + c·x² = 0 on the operating branch (the one continuing x = −a/b when c → 0). */
function operatingRoot(a: number, b: number, c: number): number {
  const disc = b * b - 4 * a * c;
  if (!(disc >= 0)) return Number.NaN;
  return (-2 * a) / (b + Math.sqrt(disc));
}

/** Least-squares straight line y = α + β·(x − x0). Returns [α, β]. */
function lineFit(xs: number[], ys: number[], x0: number): [number, number] {
  const n = xs.length;
  if (n === 1) return [ys[0]!, 0];
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const u = xs[i]! - x0;
    sx += u;
    sy += ys[i]!;
    sxx += u * u;
    sxy += u * ys[i]!;
  }
  const beta = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  return [(sy - beta * sx) / n, beta];
}

/**
 * Sandia inverter coefficients fitted to measured efficiency curves (the quadratic fit).
 *
 * At each curve voltage Vj, the AC power of the points is fitted by least squares with
 * Pac = a + b·Pdc + c·Pdc²; the Sandia model at fixed voltage has exactly this form, with
 * C(Vj) = c, B(Vj) = the DC power where Pac = 0 (Pso at Vj) and A(Vj) = the DC power where Pac = Paco
 * (Pdco at Vj). A, B and C are then fitted as straight lines in voltage about Vdco:
 * A = Pdco·(1 + C1·ΔV), B = Pso·(1 + C2·ΔV), C = C0·(1 + C3·ΔV). This is the parameter-estimation
 * procedure of King et al. for CEC test data at the minimum, nominal and maximum voltages.
 *
 * @param p.efficiencyCurves curves (at least 1; 3 or more to resolve the voltage dependence well),
 *   each with at least 2 points (3 or more to resolve the curvature)
 * @param p.powerBasis basis of the points' power, default `ac`
 * @param p.paco rated AC power Paco [W] (the inverter's `powerRated`·1000)
 * @param p.vdco reference voltage Vdco [V]; default the middle curve's voltage (mean of the two middle
 *   ones for an even count)
 * @param p.pnt night tare Pnt [W], default 0
 * @returns Sandia coefficients (C1 = 0 etc. with a single curve)
 * @see D. L. King, S. Gonzalez, G. M. Galbraith, W. E. Boyson, "Performance Model for Grid-Connected
 *      Photovoltaic Inverters," SAND2007-5036 (2007)
 */
export function fitSandiaInverter(p: {
  efficiencyCurves: readonly EfficiencyCurve[];
  powerBasis?: EfficiencyPowerBasis;
  paco: number;
  vdco?: number;
  pnt?: number;
}): SandiaInverterParams {
  const c = prepareEfficiencyCurves({
    efficiencyCurves: p.efficiencyCurves,
    powerBasis: p.powerBasis ?? 'ac',
  });
  const n = c.voltages.length;
  const vs: number[] = [];
  const as: number[] = [];
  const bs: number[] = [];
  const cs: number[] = [];
  for (let j = 0; j < n; j++) {
    const s = c.start[j]!;
    const m = c.start[j + 1]! - s;
    if (m < 2) continue;
    const pdc = c.pDc.subarray(s, s + m);
    const pac = new Float64Array(m);
    for (let k = 0; k < m; k++) pac[k] = pdc[k]! * c.eta[s + k]!;
    const [qa, qb, qc] = quadraticFit(pdc, pac, m, p.paco) as [number, number, number];
    const b = operatingRoot(qa, qb, qc);
    const a = operatingRoot(qa - p.paco, qb, qc);
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    vs.push(c.voltages[j]!);
    as.push(a);
    bs.push(b);
    cs.push(qc);
  }
  if (vs.length === 0) throw new RangeError('Sandia fit: no curve with at least 2 usable points');
  const sorted = [...vs];
  const mid = sorted.length >> 1;
  const vdco = p.vdco ?? (sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
  const [pdco, dA] = lineFit(vs, as, vdco);
  const [pso, dB] = lineFit(vs, bs, vdco);
  const [c0, dC] = lineFit(vs, cs, vdco);
  return {
    paco: p.paco,
    pdco,
    vdco,
    pso,
    c0,
    c1: dA / pdco,
    c2: pso !== 0 ? dB / pso : 0,
    c3: c0 !== 0 ? dC / c0 : 0,
    pnt: p.pnt ?? 0,
  };
}

/** Fractions of rated AC power at which CEC efficiency tests are made [-]. */
export const CEC_POWER_LEVELS = [0.1, 0.2, 0.3, 0.5, 0.75, 1] as const;

/**
 * Efficiency curves derived from Sandia coefficients, at stated DC voltages (typically the minimum
 * MPPT voltage, Vdco and the maximum MPPT voltage), with points at fractions of Paco.
 *
 * For each voltage V and level f: Pac = f·Paco, Pdc from the inverted model
 * ({@link sandiaDcPower}), η = Pac/Pdc. Points are on the AC basis (`power` = Pac [kW],
 * `efficiency` [%]); levels the model cannot reach at that voltage are left out.
 *
 * @param x.voltages DC voltages of the curves [V], e.g. [Mppt_low, Vdco, Mppt_high]
 * @param p Sandia coefficients
 * @param p.levels fractions of Paco [-], default the CEC levels 10, 20, 30, 50, 75, 100 %
 * @returns curves for the inverter's `efficiencyCurves` (power basis `ac`)
 * @see D. L. King et al., SAND2007-5036 (2007)
 */
export function sandiaEfficiencyCurves(
  x: { voltages: readonly number[] },
  p: SandiaInverterParams & { levels?: readonly number[] },
): EfficiencyCurve[] {
  const levels = p.levels ?? CEC_POWER_LEVELS;
  return x.voltages.map((voltage) => ({
    voltage,
    efficiencyPoints: levels
      .map((f) => {
        const pAc = f * p.paco;
        const pDc = sandiaDcPower({ vDc: voltage, pAc }, p);
        return { power: pAc / 1000, efficiency: (100 * pAc) / pDc };
      })
      .filter((q) => Number.isFinite(q.efficiency) && q.efficiency > 0 && q.efficiency <= 100),
  }));
}

/**
 * Efficiency [-] of the Sandia model at (Vdc, Pdc) without clipping or tare: Pac/Pdc.
 * @param x.vDc DC voltage [V]
 * @param x.pDc DC power [W], > 0
 * @param p Sandia coefficients
 * @returns η [-]
 */
export function sandiaEfficiency(x: { vDc: number; pDc: number }, p: SandiaInverterParams): number {
  return sandiaUnclippedKernel(x.vDc, x.pDc, p.paco, p.pdco, p.vdco, p.pso, p.c0, p.c1, p.c2, p.c3) / x.pDc;
}
