/**
 * Inverter efficiency from measured curves: efficiency against power at several DC voltages,
 * interpolated bilinearly in power and voltage (spec 4 §2 "Inverter", V3–10 and the V11+ fallback).
 */

/** One measured point of an efficiency curve (spec 3 `EfficiencyPoint`). */
export interface EfficiencyPoint {
  /** Power of the point [kW], on the basis stated by `powerBasis` (AC output by default). */
  power: number;
  /** Conversion efficiency Pac/Pdc at that power [%]. */
  efficiency: number;
}

/** Efficiency points measured at one DC voltage (spec 3 `EfficiencyCurve`). */
export interface EfficiencyCurve {
  /** DC input voltage of the curve [V]. */
  voltage: number;
  efficiencyPoints: readonly EfficiencyPoint[];
}

/**
 * Which power the points' `power` is: `ac` = output power (how CEC and manufacturer test points are
 * stated, e.g. 10 … 100 % of rated output), `dc` = input power.
 */
export type EfficiencyPowerBasis = 'ac' | 'dc';

/** Parameters of the curve model. */
export interface EfficiencyCurveParams {
  efficiencyCurves: readonly EfficiencyCurve[];
  /** Basis of the points' power; default `ac`. */
  powerBasis?: EfficiencyPowerBasis;
}

/**
 * @internal Curves ready for evaluation: voltages ascending; for curve j the points
 * start[j] … start[j+1]−1 hold DC input power [W] ascending and efficiency [-]; below the first point the
 * loss Pdc − Pac follows the line lossA[j] + lossB[j]·Pdc through the first two points.
 */
export interface PreparedEfficiencyCurves {
  voltages: Float64Array;
  start: Int32Array;
  pDc: Float64Array;
  eta: Float64Array;
  lossA: Float64Array;
  lossB: Float64Array;
}

const prepared = new WeakMap<object, PreparedEfficiencyCurves>();

/**
 * Converts curves to DC input power and sorts them (cached per parameter object).
 *
 * An AC-basis point (Pac [kW], η [%]) becomes Pdc = 1000·Pac/(η/100) [W]. Points with η ≤ 0 or a
 * non-finite value are dropped (they carry no conversion information: an OND start threshold is the
 * inverter's `minDCPowerThreshold`, not a curve point); duplicate powers keep the first point.
 *
 * @param p.efficiencyCurves curves (spec 3 `efficiencyCurves`), any order
 * @param p.powerBasis basis of the points' power, default `ac`
 * @returns the prepared curves
 * @throws RangeError when no curve has a usable point
 */
export function prepareEfficiencyCurves(p: EfficiencyCurveParams): PreparedEfficiencyCurves {
  const hit = prepared.get(p);
  if (hit) return hit;
  const basis = p.powerBasis ?? 'ac';
  const curves = p.efficiencyCurves
    .map((c) => ({
      voltage: c.voltage,
      points: c.efficiencyPoints
        .filter((q) => Number.isFinite(q.power) && Number.isFinite(q.efficiency) && q.efficiency > 0)
        .filter((q) => q.power > 0)
        .map((q) => {
          const eta = q.efficiency / 100;
          return { pDc: basis === 'ac' ? (1000 * q.power) / eta : 1000 * q.power, eta };
        })
        .sort((a, b) => a.pDc - b.pDc)
        .filter((q, i, all) => i === 0 || q.pDc > all[i - 1]!.pDc),
    }))
    .filter((c) => Number.isFinite(c.voltage) && c.points.length > 0)
    .sort((a, b) => a.voltage - b.voltage);
  if (curves.length === 0) throw new RangeError('efficiency curves: no curve with a usable point');
  const n = curves.length;
  const total = curves.reduce((s, c) => s + c.points.length, 0);
  const out: PreparedEfficiencyCurves = {
    voltages: new Float64Array(n),
    start: new Int32Array(n + 1),
    pDc: new Float64Array(total),
    eta: new Float64Array(total),
    lossA: new Float64Array(n),
    lossB: new Float64Array(n),
  };
  let k = 0;
  curves.forEach((c, j) => {
    out.voltages[j] = c.voltage;
    out.start[j] = k;
    for (const q of c.points) {
      out.pDc[k] = q.pDc;
      out.eta[k] = q.eta;
      k++;
    }
    // Low-power loss line through the first two points: loss = a + b·Pdc (self-consumption a).
    out.lossA[j] = Number.NaN;
    if (c.points.length >= 2) {
      const [q0, q1] = [c.points[0]!, c.points[1]!];
      const l0 = q0.pDc * (1 - q0.eta);
      const l1 = q1.pDc * (1 - q1.eta);
      const b = (l1 - l0) / (q1.pDc - q0.pDc);
      const a = l0 - b * q0.pDc;
      if (a >= 0 && b < 1) {
        out.lossA[j] = a;
        out.lossB[j] = b;
      }
    }
  });
  out.start[n] = k;
  prepared.set(p, out);
  return out;
}

/** @internal Efficiency [-] of curve j at DC input power pDc [W]. */
export function curveEfficiency(c: PreparedEfficiencyCurves, j: number, pDc: number): number {
  if (!(pDc > 0)) return 0;
  const s = c.start[j]!;
  const e = c.start[j + 1]! - 1;
  const pd = c.pDc;
  const eta = c.eta;
  if (pDc <= pd[s]!) {
    const a = c.lossA[j]!;
    if (a !== a) return eta[s]!; // NaN: hold the first efficiency
    const pac = pDc - a - c.lossB[j]! * pDc;
    return pac > 0 ? pac / pDc : 0;
  }
  if (pDc >= pd[e]!) return eta[e]!;
  let k = s;
  while (pd[k + 1]! < pDc) k++;
  const t = (pDc - pd[k]!) / (pd[k + 1]! - pd[k]!);
  return eta[k]! + t * (eta[k + 1]! - eta[k]!);
}

/** @internal Kernel: efficiency [-] at (vDc, pDc), bilinear in power and voltage. */
export function efficiencyCurvesKernel(c: PreparedEfficiencyCurves, vDc: number, pDc: number): number {
  const v = c.voltages;
  const n = v.length;
  if (n === 1 || !(vDc > v[0]!)) return curveEfficiency(c, 0, pDc);
  if (vDc >= v[n - 1]!) return curveEfficiency(c, n - 1, pDc);
  let j = 0;
  while (v[j + 1]! < vDc) j++;
  const t = (vDc - v[j]!) / (v[j + 1]! - v[j]!);
  const e0 = curveEfficiency(c, j, pDc);
  return e0 + t * (curveEfficiency(c, j + 1, pDc) - e0);
}

/**
 * Inverter efficiency from measured curves, bilinear in DC power and DC voltage.
 *
 * On each curve j, η_j(Pdc) is linear between the points (DC basis); above the last point the last
 * efficiency is held; below the first point the conversion loss is continued as the straight line
 * through the first two points, Ploss = a + b·Pdc (a = self-consumption, the Schmidt–Sauer form without
 * its quadratic term), so Pac = max(0, Pdc − a − b·Pdc) falls to 0 at the start threshold instead of
 * holding the efficiency of the first point. Across voltages, with Vj ≤ Vdc ≤ Vj+1 (Vdc clamped to the
 * curves' range):  η = (1 − t)·η_j(Pdc) + t·η_j+1(Pdc),  t = (Vdc − Vj)/(Vj+1 − Vj).
 *
 * @param x.vDc DC input voltage [V]
 * @param x.pDc DC input power [W]
 * @param p curves and their power basis (see {@link EfficiencyCurveParams})
 * @returns efficiency η [-]; 0 for Pdc ≤ 0
 * @see H. Schmidt, D. U. Sauer, "Wechselrichter-Wirkungsgrade: Praxisgerechte Modellierung und
 *      Abschätzung," Sonnenenergie (1996) (loss model; no identifier)
 */
export function efficiencyCurveEfficiency(x: { vDc: number; pDc: number }, p: EfficiencyCurveParams): number {
  return efficiencyCurvesKernel(prepareEfficiencyCurves(p), x.vDc, x.pDc);
}

/**
 * AC output from measured efficiency curves (bilinear, see {@link efficiencyCurveEfficiency}):
 * Pac = η(Vdc, Pdc)·Pdc. No clipping and no night tare here: the inverter chain applies the AC limit
 * and the tare.
 *
 * @param x.vDc DC input voltage [V]
 * @param x.pDc DC input power [W]
 * @param p curves and their power basis
 * @returns AC output power [W], ≥ 0
 */
export function efficiencyCurveInverter(x: { vDc: number; pDc: number }, p: EfficiencyCurveParams): number {
  return efficiencyCurvesKernel(prepareEfficiencyCurves(p), x.vDc, x.pDc) * (x.pDc > 0 ? x.pDc : 0);
}

/**
 * Series form of {@link efficiencyCurveInverter}.
 * @param x.vDc DC input voltages [V]
 * @param x.pDc DC input powers [W]
 * @param p curves and their power basis
 * @param out caller-owned AC power [W]
 */
export function efficiencyCurveInverterSeries(
  x: { vDc: Float64Array; pDc: Float64Array },
  p: EfficiencyCurveParams,
  out: Float64Array,
): Float64Array {
  const c = prepareEfficiencyCurves(p);
  const { vDc, pDc } = x;
  for (let i = 0; i < pDc.length; i++) {
    const pd = pDc[i]!;
    out[i] = pd > 0 ? efficiencyCurvesKernel(c, vDc[i]!, pd) * pd : 0;
  }
  return out;
}
