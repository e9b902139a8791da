/**
 * The single-diode equation of a PV module at operating conditions, with the optional recombination
 * term of thin-film cells: current at a voltage, voltage at a current, the key points (Isc, Voc,
 * maximum power point) and the IV curve.
 */
import {
  currentKernel,
  diodeVoltageKernel,
  MPP_IN,
  MPP_OUT,
  mppKernel,
  setMppInputs,
} from './diodeKernels.ts';
import { lambertW0Exp } from './lambertW.ts';

/**
 * The parameters of the single-diode equation at one operating condition (after translation from the
 * reference conditions by `calcparamsCec`, `calcparamsDesoto` or `calcparamsPvsyst`).
 */
export interface SingleDiodeParams {
  /** photocurrent Iph [A] */
  photocurrent: number;
  /** diode saturation current I0 [A] */
  saturationCurrent: number;
  /** series resistance Rs [Ω] */
  resistanceSeries: number;
  /** shunt resistance Rsh [Ω]; Infinity for none */
  resistanceShunt: number;
  /** modified ideality factor a = n·Ns·k·Tc/q [V] */
  nNsVth: number;
  /** recombination parameter d²/μτ of the module (PVsyst convention) [V]; 0 or absent: no recombination term */
  d2MuTau?: number;
  /** built-in voltage of the module Ns·Vbi [V]; needed with d2MuTau */
  builtInVoltageModule?: number;
}

/** Key points of an IV curve. */
export interface SingleDiodeResult {
  /** power at the maximum power point [W] */
  pmp: number;
  /** voltage at the maximum power point [V] */
  vmp: number;
  /** current at the maximum power point [A] */
  imp: number;
  /** open-circuit voltage [V] */
  voc: number;
  /** short-circuit current [A] */
  isc: number;
}

function unpack(p: SingleDiodeParams) {
  const dmt = p.d2MuTau ?? 0;
  return {
    iph: p.photocurrent,
    i0: p.saturationCurrent,
    rs: p.resistanceSeries,
    gsh: 1 / p.resistanceShunt,
    a: p.nNsVth,
    dmt,
    vbiM: dmt > 0 ? (p.builtInVoltageModule ?? Infinity) : Infinity,
  };
}

/**
 * Current of the single-diode equation at a terminal voltage.
 *
 * I = Iph − I0·[exp((V + I·Rs)/a) − 1] − (V + I·Rs)/Rsh − Iph·(d²/μτ)/(Ns·Vbi − (V + I·Rs))
 *
 * Without the recombination term the solution is explicit in the Lambert W function:
 * I = (Iph + I0 − V/Rsh)/(1 + Rs/Rsh) − (a/Rs)·W(θ), with
 * θ = Rs·I0/(a·(1 + Rs/Rsh))·exp((Rs·(Iph + I0) + V)/(a·(1 + Rs/Rsh))) (W evaluated from ln θ, so a
 * large exponent cannot overflow). With it, Newton's method on the diode voltage Vd = V + I·Rs
 * (monotone from the right, see `currentKernel`).
 *
 * @param x.voltage terminal voltage V [V]
 * @param p single-diode parameters at operating conditions
 * @returns current I [A]
 * @see A. Jain, A. Kapoor, "Exact analytical solutions of the parameters of real solar cells using
 *      Lambert W-function," Sol. Energy Mater. Sol. Cells 81 (2004) 269–277,
 *      doi:10.1016/j.solmat.2003.11.018; J. Merten, J. M. Asensi, C. Voz, A. V. Shah, R. Platz,
 *      J. Andreu, "Improved equivalent circuit and analytical model for amorphous silicon solar cells
 *      and modules," IEEE Trans. Electron Devices 45 (1998) 423–429, doi:10.1109/16.658676
 */
export function singleDiodeCurrent(x: { voltage: number }, p: SingleDiodeParams): number {
  const { iph, i0, rs, gsh, a, dmt, vbiM } = unpack(p);
  const v = x.voltage;
  if (dmt > 0) return currentKernel(iph, i0, rs, gsh, a, dmt, vbiM, v);
  if (rs === 0) return iph - i0 * Math.expm1(v / a) - v * gsh;
  const c = 1 + rs * gsh;
  const logTheta = Math.log((rs * i0) / (a * c)) + (rs * (iph + i0) + v) / (a * c);
  return (iph + i0 - v * gsh) / c - (a / rs) * lambertW0Exp(logTheta);
}

/**
 * Terminal voltage of the single-diode equation at a current.
 *
 * Without the recombination term: V = Rsh·(Iph + I0 − I) − I·Rs − a·W(ψ) with
 * ψ = (I0·Rsh/a)·exp(Rsh·(Iph + I0 − I)/a), or V = a·ln((Iph + I0 − I)/I0) − I·Rs for an infinite
 * Rsh. With it, Newton's method on h(Vd) = Vd − a·ln(1 + R(Vd)/I0) (see `diodeVoltageKernel`).
 *
 * @param x.current terminal current I [A], below Iph
 * @param p single-diode parameters at operating conditions
 * @returns voltage V [V]
 * @see A. Jain, A. Kapoor, Sol. Energy Mater. Sol. Cells 81 (2004) 269–277,
 *      doi:10.1016/j.solmat.2003.11.018
 */
export function singleDiodeVoltage(x: { current: number }, p: SingleDiodeParams): number {
  const { iph, i0, rs, gsh, a, dmt, vbiM } = unpack(p);
  const i = x.current;
  if (dmt > 0) return diodeVoltageKernel(iph, i0, gsh, a, dmt, vbiM, i, 0) - i * rs;
  if (gsh === 0) return a * Math.log((iph + i0 - i) / i0) - i * rs;
  const rsh = 1 / gsh;
  const logPsi = Math.log((i0 * rsh) / a) + (rsh * (iph + i0 - i)) / a;
  return rsh * (iph + i0 - i) - i * rs - a * lambertW0Exp(logPsi);
}

/**
 * Short-circuit current, open-circuit voltage and maximum power point of the single-diode equation
 * (with the recombination term when `d2MuTau` > 0).
 *
 * Isc = I(V = 0); Voc = V(I = 0); the maximum power point solves dP/dVd = 0 on the diode voltage
 * Vd = V + I·Rs, in which I and V are explicit (Bishop 1988): safeguarded Newton from the
 * ideal-diode estimate x ≈ L − ln(1 + L), x = Vd/a, L = ln(1 + Iph/I0), to a step below 1e-4·a (the point
 * is then within ~1e-9 relative). A photocurrent ≤ 0 gives zeros, a NaN parameter NaN.
 *
 * @param p single-diode parameters at operating conditions
 * @returns Pmp [W], Vmp [V], Imp [A], Voc [V], Isc [A]
 * @see J. W. Bishop, "Computer simulation of the effects of electrical mismatches in photovoltaic
 *      cell interconnection circuits," Solar Cells 25 (1988) 73–89; J. Merten et al., IEEE Trans.
 *      Electron Devices 45 (1998) 423–429, doi:10.1109/16.658676
 */
export function singleDiode(p: SingleDiodeParams): SingleDiodeResult {
  const { iph, i0, rs, gsh, a, dmt, vbiM } = unpack(p);
  if (iph <= 0) return { pmp: 0, vmp: 0, imp: 0, voc: 0, isc: 0 };
  if (!(iph > 0 && i0 > 0 && a > 0)) {
    const nan = Number.NaN;
    return { pmp: nan, vmp: nan, imp: nan, voc: nan, isc: nan };
  }
  setMppInputs(iph, i0, rs, gsh, a, dmt, vbiM);
  MPP_IN[7] = 0;
  mppKernel();
  const vdMp = MPP_OUT[0]!;
  const vmp = MPP_OUT[1]!;
  const imp = MPP_OUT[2]!;
  return {
    pmp: vmp * imp,
    vmp,
    imp,
    voc: diodeVoltageKernel(iph, i0, gsh, a, dmt, vbiM, 0, vdMp),
    isc: currentKernel(iph, i0, rs, gsh, a, dmt, vbiM, 0),
  };
}

/**
 * IV curve: `points` voltages evenly spaced from 0 to Voc and the current at each.
 *
 * @param x.points number of points N ≥ 2 [-]
 * @param p single-diode parameters at operating conditions
 * @returns voltages [V] and currents [A], N each, from short circuit to open circuit
 * @see {@link singleDiodeCurrent} for the equation
 */
export function ivCurve(
  x: { points: number },
  p: SingleDiodeParams,
): { voltage: Float64Array; current: Float64Array } {
  const n = Math.max(2, Math.floor(x.points));
  const voltage = new Float64Array(n);
  const current = new Float64Array(n);
  const { iph, i0, gsh, a, dmt, vbiM } = unpack(p);
  if (!(iph > 0)) return { voltage, current };
  const voc = diodeVoltageKernel(iph, i0, gsh, a, dmt, vbiM, 0, 0);
  for (let k = 0; k < n; k++) {
    const v = k === n - 1 ? voc : (voc * k) / (n - 1);
    voltage[k] = v;
    current[k] = k === n - 1 ? 0 : singleDiodeCurrent({ voltage: v }, p);
  }
  return { voltage, current };
}
