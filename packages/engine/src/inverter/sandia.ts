/**
 * Sandia inverter model (King, Gonzalez, Galbraith, Boyson 2007).
 */

/**
 * Coefficients of the Sandia inverter model, as in the CEC inverter list (`Paco`, `Pdco`, …).
 * Powers in W, voltage in V.
 */
export interface SandiaInverterParams {
  /** Rated AC output power Paco [W] (the model clips at it). */
  paco: number;
  /** DC input power at which Paco is reached at the reference voltage, Pdco [W]. */
  pdco: number;
  /** Reference (nominal) DC voltage Vdco [V]. */
  vdco: number;
  /** DC power needed to start the inversion (self-consumption) at Vdco, Pso [W]. */
  pso: number;
  /** Curvature of AC power against DC power at Vdco, C0 [1/W]. */
  c0: number;
  /** Linear voltage coefficient of Pdco, C1 [1/V]. */
  c1: number;
  /** Linear voltage coefficient of Pso, C2 [1/V]. */
  c2: number;
  /** Linear voltage coefficient of C0, C3 [1/V]. */
  c3: number;
  /** AC power drawn at night (night tare), Pnt [W], positive. */
  pnt: number;
}

/**
 * @internal Kernel shared by the scalar and series forms: the unclipped Sandia AC power [W].
 * A = Pdco(1 + C1ΔV), B = Pso(1 + C2ΔV), C = C0(1 + C3ΔV), ΔV = Vdc − Vdco,
 * Pac = [Paco/(A − B) − C(A − B)](Pdc − B) + C(Pdc − B)².
 */
export function sandiaUnclippedKernel(
  vDc: number,
  pDc: number,
  paco: number,
  pdco: number,
  vdco: number,
  pso: number,
  c0: number,
  c1: number,
  c2: number,
  c3: number,
): number {
  const dv = vDc - vdco;
  const a = pdco * (1 + c1 * dv);
  const b = pso * (1 + c2 * dv);
  const c = c0 * (1 + c3 * dv);
  const ab = a - b;
  const x = pDc - b;
  return (paco / ab - c * ab) * x + c * x * x;
}

/** @internal Kernel with the model's night tare and clipping: Pac, or −Pnt when Pdc < Pso. */
export function sandiaKernel(
  vDc: number,
  pDc: number,
  paco: number,
  pdco: number,
  vdco: number,
  pso: number,
  c0: number,
  c1: number,
  c2: number,
  c3: number,
  pnt: number,
): number {
  if (pDc < pso) return -Math.abs(pnt);
  const pac = sandiaUnclippedKernel(vDc, pDc, paco, pdco, vdco, pso, c0, c1, c2, c3);
  return pac < paco ? pac : paco;
}

/**
 * AC output of a grid-connected inverter by the Sandia performance model.
 *
 * With ΔV = Vdc − Vdco:
 *   A = Pdco·(1 + C1·ΔV),  B = Pso·(1 + C2·ΔV),  C = C0·(1 + C3·ΔV)
 *   Pac = [Paco/(A − B) − C·(A − B)]·(Pdc − B) + C·(Pdc − B)²
 * then Pac = min(Pac, Paco) (clipping), and Pac = −Pnt when Pdc < Pso (the inverter is off and
 * draws its night tare from the grid).
 *
 * @param x.vDc DC input voltage Vdc [V]
 * @param x.pDc DC input power Pdc [W]
 * @param p model coefficients (CEC inverter list) — see {@link SandiaInverterParams}
 * @returns AC output power [W]; −Pnt when off
 * @see D. L. King, S. Gonzalez, G. M. Galbraith, W. E. Boyson, "Performance Model for
 *      Grid-Connected Photovoltaic Inverters," Sandia National Laboratories, SAND2007-5036 (2007)
 */
export function sandiaInverter(x: { vDc: number; pDc: number }, p: SandiaInverterParams): number {
  return sandiaKernel(x.vDc, x.pDc, p.paco, p.pdco, p.vdco, p.pso, p.c0, p.c1, p.c2, p.c3, p.pnt);
}

/**
 * Series form of {@link sandiaInverter}: fills `out[i]` with the AC power for (vDc[i], pDc[i]).
 * @param x.vDc DC input voltages [V]
 * @param x.pDc DC input powers [W]
 * @param p model coefficients
 * @param out caller-owned AC power [W], same length as `x.pDc`
 */
export function sandiaInverterSeries(
  x: { vDc: Float64Array; pDc: Float64Array },
  p: SandiaInverterParams,
  out: Float64Array,
): Float64Array {
  const { vDc, pDc } = x;
  const { paco, pdco, vdco, pso, c0, c1, c2, c3, pnt } = p;
  for (let i = 0; i < pDc.length; i++) {
    out[i] = sandiaKernel(vDc[i]!, pDc[i]!, paco, pdco, vdco, pso, c0, c1, c2, c3, pnt);
  }
  return out;
}

/**
 * DC input power at which the Sandia model gives a stated AC output (the model inverted in Pdc).
 *
 * With K = Paco/(A − B) − C·(A − B) and u = Pdc − B, the model is C·u² + K·u − Pac = 0, whose root on
 * the operating branch is u = 2·Pac / (K + √(K² + 4·C·Pac)) (stable also for C → 0).
 *
 * @param x.vDc DC voltage [V]
 * @param x.pAc AC output power [W], 0 ≤ Pac (Pac = Paco gives Pdc = A)
 * @param p model coefficients
 * @returns DC input power [W]; NaN when the quadratic has no real root (Pac beyond the curve's maximum)
 * @see D. L. King et al., SAND2007-5036 (2007)
 */
export function sandiaDcPower(x: { vDc: number; pAc: number }, p: SandiaInverterParams): number {
  const dv = x.vDc - p.vdco;
  const a = p.pdco * (1 + p.c1 * dv);
  const b = p.pso * (1 + p.c2 * dv);
  const c = p.c0 * (1 + p.c3 * dv);
  const k = p.paco / (a - b) - c * (a - b);
  const disc = k * k + 4 * c * x.pAc;
  if (!(disc >= 0)) return Number.NaN;
  return b + (2 * x.pAc) / (k + Math.sqrt(disc));
}
