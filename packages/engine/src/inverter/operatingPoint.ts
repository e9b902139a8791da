/**
 * The inverter's DC operating point: MPPT voltage window, maximum DC voltage and maximum DC current.
 */

/** DC input limits of an inverter (spec 3 `Inverter`), each optional (absent = no limit). */
export interface DcInputLimits {
  /** Lowest MPPT voltage [V] (`minVoltage`). */
  minVoltage?: number;
  /** Highest MPPT voltage [V] (`maxMPPVoltage`). */
  maxMPPVoltage?: number;
  /** Maximum input voltage [V] (`maxAbsoluteVoltage`): above it the inverter trips. */
  maxAbsoluteVoltage?: number;
  /** Maximum DC input current [A] (`maxCurrent`). */
  maxCurrent?: number;
}

/**
 * Operating region of the inverter at a step (the nodal `InverterRegion`).
 * off: no conversion (night, below the start threshold, or the array cannot reach the window);
 * mpp: at the array's maximum power point; belowWindow / aboveWindow: Vmp outside the MPPT window, the
 * voltage held at the window's edge; currentLimit: DC current limited; acLimit: AC power limited
 * (clipping by Paco, setpoint, kVA or PQ); overVoltage: tripped on the absolute voltage limit.
 */
export const INVERTER_REGION = {
  off: 0,
  mpp: 1,
  belowWindow: 2,
  aboveWindow: 3,
  currentLimit: 4,
  acLimit: 5,
  overVoltage: 6,
} as const;
export type InverterRegion = (typeof INVERTER_REGION)[keyof typeof INVERTER_REGION];

/** Vmp/Voc assumed when the open-circuit voltage is not given (typical crystalline module) [-]. */
export const DEFAULT_VMP_VOC_RATIO = 0.8;

/**
 * @internal Current [A] on the piecewise-linear I–V approximation through (0, Isc), (Vmp, Imp), (Voc, 0).
 */
export function approxCurrent(v: number, vMp: number, iMp: number, iSc: number, vOc: number): number {
  if (v <= vMp) return iSc - ((iSc - iMp) * v) / vMp;
  return v < vOc ? (iMp * (vOc - v)) / (vOc - vMp) : 0;
}

/**
 * @internal Kernel: writes the operating voltage [V] to s[0] and DC power [W] to s[1]; returns the region.
 * `exact`, when not NaN, is the array's power at the clamped voltage (from the I–V curve) and replaces
 * the approximation for the window.
 */
export function operatingPointKernel(
  pMp: number,
  vMp: number,
  iSc: number,
  vOc: number,
  vLo: number,
  vHi: number,
  vAbs: number,
  iMax: number,
  s: Float64Array,
  exactAt?: (v: number) => number,
): InverterRegion {
  if (!(pMp > 0) || !(vMp > 0)) {
    s[0] = vMp > 0 ? vMp : 0;
    s[1] = 0;
    return INVERTER_REGION.off;
  }
  const iMp = pMp / vMp;
  const isc = iSc > iMp ? iSc : iMp;
  const voc = vOc > vMp ? vOc : vMp / DEFAULT_VMP_VOC_RATIO;
  let v = vMp;
  let region: InverterRegion = INVERTER_REGION.mpp;
  if (v < vLo) {
    v = vLo;
    region = INVERTER_REGION.belowWindow;
  } else if (v > vHi) {
    v = vHi;
    region = INVERTER_REGION.aboveWindow;
  }
  if (v > vAbs) {
    s[0] = v;
    s[1] = 0;
    return INVERTER_REGION.overVoltage;
  }
  let p: number;
  let i: number;
  if (region === INVERTER_REGION.mpp) {
    p = pMp;
    i = iMp;
  } else {
    p = exactAt ? exactAt(v) : v * approxCurrent(v, vMp, iMp, isc, voc);
    if (!(p > 0)) {
      s[0] = v;
      s[1] = 0;
      return INVERTER_REGION.off;
    }
    i = p / v;
  }
  if (i > iMax) {
    // Move up the I–V curve until I = Imax (the falling branch above Vmp, or the shallow one below).
    let vi = iMax >= iMp ? (vMp * (isc - iMax)) / (isc - iMp) : voc - (iMax * (voc - vMp)) / iMp;
    if (!(vi >= v)) vi = v;
    if (vi > vHi) vi = vHi;
    v = vi;
    p = vi * iMax;
    region = INVERTER_REGION.currentLimit;
  }
  s[0] = v;
  s[1] = p;
  return region;
}

/**
 * DC operating point of an inverter: the MPPT window, the maximum voltage and the maximum current.
 *
 * - Window: the inverter tracks the array's MPP when Vmin ≤ Vmp ≤ Vmax. Outside, it holds the voltage at
 *   the nearer edge, V = clamp(Vmp, Vmin, Vmax), and the array delivers P(V) < Pmp, read from the I–V
 *   curve. Without the curve, I(V) is the piecewise-linear approximation through (0, Isc), (Vmp, Imp)
 *   and (Voc, 0): above Vmp (window's lower edge above Vmp) I = Imp·(Voc − V)/(Voc − Vmp), below Vmp
 *   (upper edge below Vmp) I = Isc − (Isc − Imp)·V/Vmp; missing Isc is taken as Imp (conservative) and
 *   missing Voc as Vmp/0.8. A lower edge above Voc gives 0 (the inverter cannot start).
 * - Absolute voltage: an operating voltage above `maxAbsoluteVoltage` trips the inverter (P = 0).
 * - Current: when I > Imax the inverter raises the voltage along the curve until I = Imax,
 *   P = V′·Imax (V′ on the same approximation, capped at Vmax).
 *
 * @param x.pMp array maximum power [W]
 * @param x.vMp array MPP voltage [V]
 * @param x.iSc array short-circuit current [A] (optional)
 * @param x.vOc array open-circuit voltage [V] (optional)
 * @param p DC input limits (see {@link DcInputLimits})
 * @returns operating voltage vDc [V], DC power pDc [W] and the region
 */
export function dcOperatingPoint(
  x: { pMp: number; vMp: number; iSc?: number; vOc?: number },
  p: DcInputLimits,
): { vDc: number; pDc: number; region: InverterRegion } {
  const s = new Float64Array(2);
  const region = operatingPointKernel(
    x.pMp,
    x.vMp,
    x.iSc ?? Number.NaN,
    x.vOc ?? Number.NaN,
    p.minVoltage ?? -Infinity,
    p.maxMPPVoltage ?? Infinity,
    p.maxAbsoluteVoltage ?? Infinity,
    p.maxCurrent ?? Infinity,
    s,
  );
  return { vDc: s[0]!, pDc: s[1]!, region };
}
