/**
 * Physical incidence-angle modifier: Fresnel reflection at the air–glass interface (and, with an
 * anti-reflective coating, at the air–coating and coating–glass interfaces) and Bouguer absorption in
 * the glazing.
 */

const DEG = Math.PI / 180;

/** Glazing of a module for the physical IAM. The product's defaults are {@link PHYSICAL_IAM_DEFAULTS}. */
export interface PhysicalIamParams {
  /** Refractive index of the glazing n (`refractiveIndex`) [-]. */
  refractiveIndex: number;
  /** Extinction coefficient of the glazing K (`glazingExtinctionCoef`) [1/m]. */
  extinctionCoefficient: number;
  /** Thickness of the glazing L (`glazingThickness`) [m]. */
  glazingThickness: number;
  /**
   * Refractive index of a single anti-reflective coating layer (`refractiveIndexOfARC`) [-];
   * omit (or give 0) for uncoated glass.
   */
  arcRefractiveIndex?: number;
}

/** Module defaults of the product (spec 1 §3): n 1.526, K 4 m⁻¹, L 2 mm, AR coating of index 1.29. */
export const PHYSICAL_IAM_DEFAULTS = {
  refractiveIndex: 1.526,
  extinctionCoefficient: 4,
  glazingThickness: 0.002,
  arcRefractiveIndex: 1.29,
} as const satisfies PhysicalIamParams;

/** Polarisation-averaged transmittance of the interfaces times the absorptance factor, at cos θ = c1. */
function transmittance(c1: number, s1: number, n: number, nArc: number, kl: number): number {
  const s2 = s1 / n;
  const c2 = Math.sqrt(1 - s2 * s2);
  let ts: number;
  let tp: number;
  if (nArc > 0) {
    const sa = s1 / nArc;
    const ca = Math.sqrt(1 - sa * sa);
    const rs1 = (c1 - nArc * ca) / (c1 + nArc * ca);
    const rp1 = (ca - nArc * c1) / (ca + nArc * c1);
    const rs2 = (nArc * ca - n * c2) / (nArc * ca + n * c2);
    const rp2 = (nArc * c2 - n * ca) / (nArc * c2 + n * ca);
    ts = (1 - rs1 * rs1) * (1 - rs2 * rs2);
    tp = (1 - rp1 * rp1) * (1 - rp2 * rp2);
  } else {
    const rs = (c1 - n * c2) / (c1 + n * c2);
    const rp = (c2 - n * c1) / (c2 + n * c1);
    ts = 1 - rs * rs;
    tp = 1 - rp * rp;
  }
  return 0.5 * (ts + tp) * Math.exp(-kl / c2);
}

/** @internal 1/τ(0) for the kernel. */
export function physicalIamNormal(n: number, nArc: number, kl: number): number {
  return 1 / transmittance(1, 0, n, nArc, kl);
}

/** @internal Kernel shared by the scalar and series forms; `invTau0` from {@link physicalIamNormal}. */
export function physicalIamKernel(aoi: number, n: number, nArc: number, kl: number, invTau0: number): number {
  if (!(Math.abs(aoi) < 90)) return Number.isNaN(aoi) ? Number.NaN : 0;
  const t = aoi * DEG;
  return transmittance(Math.cos(t), Math.abs(Math.sin(t)), n, nArc, kl) * invTau0;
}

/**
 * Physical incidence-angle modifier of a glazed module (De Soto et al. 2006, eqs. 14–16).
 *
 * τ(θ) = e^(−K·L/cos θr) · [1 − ½·(sin²(θr−θ)/sin²(θr+θ) + tan²(θr−θ)/tan²(θr+θ))], sin θr = sin θ/n,
 * IAM(θ) = τ(θ)/τ(0), τ(0) = e^(−K·L)·[1 − ((n−1)/(n+1))²].
 * The two reflectances are written in the equivalent Fresnel form r_s = ((cos θ − n cos θr)/(cos θ +
 * n cos θr))², r_p = ((cos θr − n cos θ)/(cos θr + n cos θ))², which has no 0/0 at normal incidence.
 *
 * Anti-reflective coating (`arcRefractiveIndex` = n_a): a single thin layer between air and glass,
 * treated incoherently (no thin-film interference, no multiple reflections), as in Sjerps-Koomen et al.
 * (1996): each polarisation is transmitted through the air–coating and the coating–glass interfaces,
 * τ_s,p = (1 − r_s,p(1→n_a))·(1 − r_s,p(n_a→n)), with Snell's law through both layers (the refraction
 * angle in the glass, and so the absorption path, is the same as without coating). The result is
 * normalised by the coated transmittance at normal incidence.
 *
 * @param x.aoi angle of incidence θ [°]; symmetric in its sign; |θ| ≥ 90° gives 0
 * @param p glazing: refractive index n [-], extinction coefficient K [1/m], thickness L [m], optional
 *          coating index n_a [-]
 * @returns incidence-angle modifier [-]
 * @see W. De Soto, S. A. Klein, W. A. Beckman, "Improvement and validation of a model for photovoltaic
 *      array performance," Solar Energy 80 (2006) 78–88, doi:10.1016/j.solener.2005.06.010
 * @see H. A. Sjerps-Koomen, E. A. Alsema, W. C. Turkenburg, "A simple model for PV module reflection
 *      losses under field conditions," Solar Energy 57 (1996) 421–432 (no DOI verified here)
 */
export function physicalIam(x: { aoi: number }, p: PhysicalIamParams): number {
  const n = p.refractiveIndex;
  const nArc = p.arcRefractiveIndex ?? 0;
  const kl = p.extinctionCoefficient * p.glazingThickness;
  return physicalIamKernel(x.aoi, n, nArc, kl, physicalIamNormal(n, nArc, kl));
}

/**
 * Series form of {@link physicalIam}.
 * @param x.aoi angles of incidence [°]
 * @param p glazing parameters
 * @param out caller-owned output [-]
 */
export function physicalIamSeries(
  x: { aoi: Float64Array },
  p: PhysicalIamParams,
  out: Float64Array,
): Float64Array {
  const n = p.refractiveIndex;
  const nArc = p.arcRefractiveIndex ?? 0;
  const kl = p.extinctionCoefficient * p.glazingThickness;
  const inv = physicalIamNormal(n, nArc, kl);
  const aoi = x.aoi;
  for (let i = 0; i < aoi.length; i++) out[i] = physicalIamKernel(aoi[i]!, n, nArc, kl, inv);
  return out;
}
