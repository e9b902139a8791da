/**
 * Sandia (SAPM) polynomial incidence-angle modifier.
 */

/** Coefficients b0…b5 of the Sandia IAM polynomial (θ in degrees). */
export interface SandiaIamParams {
  b0: number;
  b1: number;
  b2: number;
  b3: number;
  b4: number;
  b5: number;
  /** Optional upper cap of the modifier [-]; none by default (the reference does not cap). */
  upper?: number;
}

/**
 * Generic glass-front coefficients that the Sandia module database lists for many flat-plate modules
 * (King et al. 2004; sam-library-sandia-modules-2015-6-30). IAM(0) = 1, IAM(60°) ≈ 0.957.
 */
export const SANDIA_IAM_GENERIC_GLASS = {
  b0: 1,
  b1: -0.002438,
  b2: 0.0003103,
  b3: -1.246e-5,
  b4: 2.11e-7,
  b5: -1.36e-9,
} as const satisfies SandiaIamParams;

/** @internal Kernel shared by the scalar and series forms (Horner evaluation). */
export function sandiaIamKernel(
  aoi: number,
  b0: number,
  b1: number,
  b2: number,
  b3: number,
  b4: number,
  b5: number,
  upper: number,
): number {
  if (Number.isNaN(aoi)) return Number.NaN;
  if (aoi < 0 || aoi > 90) return 0;
  const iam = b0 + aoi * (b1 + aoi * (b2 + aoi * (b3 + aoi * (b4 + aoi * b5))));
  return iam < 0 ? 0 : iam > upper ? upper : iam;
}

/**
 * Incidence-angle modifier of the Sandia Array Performance Model (polynomial in degrees).
 *
 * IAM(θ) = b0 + b1·θ + b2·θ² + b3·θ³ + b4·θ⁴ + b5·θ⁵, clipped below at 0 (and above at `upper` if
 * given); θ outside [0°, 90°] gives 0, as in the reference implementation.
 *
 * @param x.aoi angle of incidence θ [°]
 * @param p b0…b5 [-, 1/°, 1/°², …, 1/°⁵]; optional cap `upper` [-]
 * @returns incidence-angle modifier [-]
 * @see D. L. King, W. E. Boyson, J. A. Kratochvil, "Photovoltaic Array Performance Model,"
 *      Sandia National Laboratories, SAND2004-3535 (2004), eq. 3, doi:10.2172/919131
 */
export function sandiaIam(x: { aoi: number }, p: SandiaIamParams): number {
  return sandiaIamKernel(x.aoi, p.b0, p.b1, p.b2, p.b3, p.b4, p.b5, p.upper ?? Infinity);
}

/**
 * Series form of {@link sandiaIam}.
 * @param x.aoi angles of incidence [°]
 * @param p b0…b5
 * @param out caller-owned output [-]
 */
export function sandiaIamSeries(
  x: { aoi: Float64Array },
  p: SandiaIamParams,
  out: Float64Array,
): Float64Array {
  const { b0, b1, b2, b3, b4, b5 } = p;
  const upper = p.upper ?? Infinity;
  const aoi = x.aoi;
  for (let i = 0; i < aoi.length; i++) out[i] = sandiaIamKernel(aoi[i]!, b0, b1, b2, b3, b4, b5, upper);
  return out;
}
