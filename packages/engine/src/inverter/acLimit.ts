/**
 * The inverter's AC power limit: apparent-power (kVA) rating against ambient temperature and elevation,
 * reactive capability (PQ curves) with a power factor, setpoint and design derate.
 */

/** One point of a kVA curve (spec 3 `kVAPoint`). */
export interface KvaPoint {
  /** Ambient temperature [°C]. */
  temperature: number;
  /** Apparent-power rating at that temperature [kVA]. */
  kVA: number;
}

/** kVA against temperature at one elevation (spec 3 `kVACurve`). */
export interface KvaCurve {
  /** Site elevation of the curve [m]. */
  elevation: number;
  kVAPoints: readonly KvaPoint[];
}

/** One point of a PQ (capability) curve (spec 3 `PQPoint`). */
export interface PqPoint {
  /** Active power P [kW]. */
  activePowerP: number;
  /** Reactive-power capability Qmax at P [kvar]. */
  reactivePowerQ: number;
}

/** Reactive capability against active power at one temperature (spec 3 `PQCurve`). */
export interface PqCurve {
  /** Ambient temperature [°C]. */
  temperature: number;
  pqPoints: readonly PqPoint[];
}

/**
 * How kVA curves are combined across elevation: `step` (spec 4 §2: interpolated in temperature only;
 * the curve used is the lowest one at or above the site elevation, else the highest) or `linear`
 * (also linear between the two curves bracketing the elevation).
 */
export type KvaElevationMode = 'step' | 'linear';

/** @internal Temperature table(s) for one site elevation: value = (1 − w)·T1(t) + w·T2(t) [VA]. */
export interface PreparedKva {
  t1: Float64Array;
  s1: Float64Array;
  t2: Float64Array;
  s2: Float64Array;
  w: number;
}

function table(c: KvaCurve): { t: Float64Array; s: Float64Array } {
  const pts = c.kVAPoints
    .filter((q) => Number.isFinite(q.temperature) && Number.isFinite(q.kVA))
    .sort((a, b) => a.temperature - b.temperature);
  if (pts.length === 0) throw new RangeError(`kVA curve at ${c.elevation} m has no points`);
  return { t: Float64Array.from(pts, (q) => q.temperature), s: Float64Array.from(pts, (q) => 1000 * q.kVA) };
}

/**
 * @internal Selects the curve(s) for a site elevation.
 * @throws RangeError without curves
 */
export function prepareKva(p: {
  kVACurves: readonly KvaCurve[];
  elevation: number;
  elevationMode?: KvaElevationMode;
}): PreparedKva {
  const curves = [...p.kVACurves].sort((a, b) => a.elevation - b.elevation);
  if (curves.length === 0) throw new RangeError('no kVA curves');
  const z = p.elevation;
  let hi = curves.findIndex((c) => c.elevation >= z);
  if (hi < 0) hi = curves.length - 1;
  const upper = table(curves[hi]!);
  if ((p.elevationMode ?? 'step') === 'step' || hi === 0 || curves[hi]!.elevation <= z) {
    return { t1: upper.t, s1: upper.s, t2: upper.t, s2: upper.s, w: 0 };
  }
  const lower = table(curves[hi - 1]!);
  const w = (z - curves[hi - 1]!.elevation) / (curves[hi]!.elevation - curves[hi - 1]!.elevation);
  return { t1: lower.t, s1: lower.s, t2: upper.t, s2: upper.s, w };
}

/** @internal Linear interpolation in a table, holding the end values. */
export function interpHold(t: Float64Array, s: Float64Array, x: number): number {
  const n = t.length;
  if (!(x > t[0]!)) return s[0]!;
  if (x >= t[n - 1]!) return s[n - 1]!;
  let k = 0;
  while (t[k + 1]! < x) k++;
  return s[k]! + ((x - t[k]!) * (s[k + 1]! - s[k]!)) / (t[k + 1]! - t[k]!);
}

/** @internal Kernel: apparent-power rating [VA] at ambient temperature tAir [°C]. */
export function kvaKernel(k: PreparedKva, tAir: number): number {
  const a = interpHold(k.t1, k.s1, tAir);
  return k.w === 0 ? a : a + k.w * (interpHold(k.t2, k.s2, tAir) - a);
}

/**
 * Apparent-power rating of an inverter at an ambient temperature and site elevation, from its kVA
 * curves (`kVACurves`).
 *
 * S(T) is linear in temperature between the points of the curve and holds the end values outside them.
 * Elevation (spec 4 §2, `step`): the curve used is the lowest at or above the site elevation, or the
 * highest when the site is above all (the conservative choice, as the rating falls with altitude);
 * `linear` interpolates between the two bracketing curves. With `useCoolingTemp` the product evaluates
 * this once at the site's cooling design temperature (ASHRAE 0.4 % `cool996`) instead of at each step's
 * ambient temperature: pass that temperature as `tempAir`.
 *
 * @param x.tempAir ambient (or cooling design) temperature [°C]
 * @param x.elevation site elevation [m]
 * @param p.kVACurves curves of the inverter
 * @param p.elevationMode `step` (default) or `linear`
 * @returns apparent-power rating [VA]
 */
export function inverterApparentPowerLimit(
  x: { tempAir: number; elevation: number },
  p: { kVACurves: readonly KvaCurve[]; elevationMode?: KvaElevationMode },
): number {
  return kvaKernel(prepareKva({ ...p, elevation: x.elevation }), x.tempAir);
}

/** @internal One PQ curve as tables: P [W] ascending, Qmax [var]; and its active limit for a given tan φ. */
interface PqTable {
  temperature: number;
  p: Float64Array;
  q: Float64Array;
}

function pqTables(curves: readonly PqCurve[]): PqTable[] {
  const out = curves
    .map((c) => {
      const pts = c.pqPoints
        .filter((q) => Number.isFinite(q.activePowerP) && Number.isFinite(q.reactivePowerQ))
        .sort((a, b) => a.activePowerP - b.activePowerP);
      return {
        temperature: c.temperature,
        p: Float64Array.from(pts, (q) => 1000 * q.activePowerP),
        q: Float64Array.from(pts, (q) => 1000 * Math.abs(q.reactivePowerQ)),
      };
    })
    .filter((c) => c.p.length > 0)
    .sort((a, b) => a.temperature - b.temperature);
  if (out.length === 0) throw new RangeError('no PQ curve with points');
  return out;
}

/** Largest P on one curve with P·tanφ ≤ Qmax(P) (Qmax linear between points, P ≤ the last point). */
function curveActiveLimit(c: PqTable, tanPhi: number): number {
  const n = c.p.length;
  const f = (k: number) => c.q[k]! - c.p[k]! * tanPhi;
  if (f(n - 1) >= 0) return c.p[n - 1]!;
  for (let k = n - 2; k >= 0; k--) {
    const fa = f(k);
    if (fa >= 0) {
      const fb = f(k + 1);
      return c.p[k]! + ((c.p[k + 1]! - c.p[k]!) * fa) / (fa - fb);
    }
  }
  return 0;
}

/** @internal Active-power limits per PQ curve for one power factor, interpolated in temperature. */
export interface PreparedPq {
  temperatures: Float64Array;
  limits: Float64Array;
}

/** @internal Prepares the PQ limits for a power factor. */
export function preparePq(p: { pqCurves: readonly PqCurve[]; powerFactor: number }): PreparedPq {
  const tables = pqTables(p.pqCurves);
  const pf = Math.min(1, Math.abs(p.powerFactor));
  const tanPhi = pf > 0 ? Math.sqrt(1 - pf * pf) / pf : Infinity;
  return {
    temperatures: Float64Array.from(tables, (c) => c.temperature),
    limits: Float64Array.from(tables, (c) => curveActiveLimit(c, tanPhi)),
  };
}

/**
 * Active-power limit imposed by the reactive capability (PQ curves) at a power factor.
 *
 * Operating at power factor pf needs Q = P·tanφ, tanφ = √(1 − pf²)/pf. With Qmax(P) linear between the
 * points of a curve and P not beyond the curve's last point, the limit is the largest P with
 * P·tanφ ≤ Qmax(P) (reactive power has priority; active power is reduced to provide it). The limit is
 * found on each curve and interpolated linearly in ambient temperature between the bracketing curves
 * (the end curves hold outside their range).
 *
 * @param x.tempAir ambient temperature [°C]
 * @param p.pqCurves capability curves (P [kW], Q [kvar]; the sign of Q is ignored)
 * @param p.powerFactor required power factor |pf| [-], 0 < pf ≤ 1
 * @returns active-power limit [W]
 */
export function pqActivePowerLimit(
  x: { tempAir: number },
  p: { pqCurves: readonly PqCurve[]; powerFactor: number },
): number {
  const k = preparePq(p);
  return interpHold(k.temperatures, k.limits, x.tempAir);
}

/**
 * Reactive-power capability Qmax at an active power and ambient temperature (PQ curves): linear in P
 * on each curve (holding the end values) and linear in temperature between the bracketing curves.
 *
 * @param x.activePower active power [W]
 * @param x.tempAir ambient temperature [°C]
 * @param p.pqCurves capability curves
 * @returns reactive capability [var], ≥ 0
 */
export function reactivePowerCapability(
  x: { activePower: number; tempAir: number },
  p: { pqCurves: readonly PqCurve[] },
): number {
  const tables = pqTables(p.pqCurves);
  const temps = Float64Array.from(tables, (c) => c.temperature);
  const q = Float64Array.from(tables, (c) => interpHold(c.p, c.q, x.activePower));
  return interpHold(temps, q, x.tempAir);
}

/**
 * Active-power setpoint of an inverter at a step (spec 4 §2): P_set = derate·P_rated, where P_rated is
 * the node's setpoint (`setpointkW`) and the derate is the step's value of the derate time series or
 * else the design derate; a setpoint time series overrides both.
 *
 * @param x.setpointSeries the step's setpoint from the time series [W] (NaN or absent = not used)
 * @param x.derateSeries the step's derate from the time series [-] (NaN or absent = not used)
 * @param p.setpoint the node's setpoint [W]
 * @param p.designDerate design derate [-], default 1 (no derate)
 * @returns setpoint [W]
 */
export function inverterSetpoint(
  x: { setpointSeries?: number; derateSeries?: number },
  p: { setpoint: number; designDerate?: number },
): number {
  const s = x.setpointSeries;
  if (s !== undefined && s === s) return s;
  const d = x.derateSeries;
  return p.setpoint * (d !== undefined && d === d ? d : (p.designDerate ?? 1));
}
