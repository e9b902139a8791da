/**
 * Uncertainty of the energy prediction and the P-values P50/P75/P90/P95/P99 (spec 4 §2
 * "Uncertainty", D `uncertainty-analysis`, A `error-calculation`).
 *
 * Components (spec 3 `Prediction`, in %): inter-annual variability `errorIntAnnVar`, irradiance sensor
 * (measurement) accuracy `errorSensAcc`, monitoring-period representativeness `errorMonAcc`, spatial
 * variability `errorSpaVar`, and energy-model accuracy `errorModelAcc`; SDK defaults 3.0, 5.0, 2.0,
 * 2.0 and 2.9.
 *
 * The engine always takes percentages. Spec 1 and 2 say "uncertainty percentages below 1 are
 * multiplied by 100 before sending": that is a rule of the UI (a user typing 0.05 meaning 5 %), not of
 * the engine; the `ResultSummary` reports the terms as fractions (see {@link resultSummaryUncertainty}).
 */

/** The uncertainty components of a prediction (spec 3 `Prediction.error*`), each a standard deviation [%]. */
export interface UncertaintyComponents {
  /** Spatial variability [%]. */
  errorSpaVar: number;
  /** Energy-model accuracy [%]. */
  errorModelAcc: number;
  /** Inter-annual variability of the resource (one year) [%]. */
  errorIntAnnVar: number;
  /** Irradiance sensor (measurement) accuracy [%]. */
  errorSensAcc: number;
  /** Monitoring-period representativeness [%]. */
  errorMonAcc: number;
}

/** SDK defaults of the components (spec 4 §1 "Prediction"). */
export const UNCERTAINTY_DEFAULTS = {
  errorSpaVar: 2.0,
  errorModelAcc: 2.9,
  errorIntAnnVar: 3.0,
  errorSensAcc: 5.0,
  errorMonAcc: 2.0,
} as const satisfies UncertaintyComponents;

/** The P-values reported by default (exceedance probabilities [%]). */
export const P_VALUES = [50, 75, 90, 95, 99] as const;

/**
 * Combined standard uncertainties of the irradiance and of the energy, by root-sum-square of
 * independent components (spec 4 §2):
 *
 *   σ_irr = √(σ_int,N² + σ_sens² + σ_mon² + σ_spa²),   σ_total = √(σ_irr² + σ_model²)
 *
 * The grouping follows from the defaults: √(3² + 5² + 2² + 2²) = √42 = 6.4807 % and
 * √(42 + 2.9²) = √50.41 = 7.1000 %, the 6.48 % and 7.10 % of spec 4 (and `errorIrrAcc` 0.0648074,
 * `errorTotal` 0.071 of the OA example); putting the model term in the irradiance group would give
 * 7.10 % for both.
 *
 * Several years: the inter-annual variability of the mean of N independent years falls as
 * σ_int,N = σ_int/√N, while the other components (measurement, representativeness, spatial, model)
 * are systematic and do not average out. N = 1 gives the single-year (P-values "for any one year")
 * figures; N = 10 the 10-year-average figures: with the defaults σ_irr 6.48 % → 5.82 % and σ_total
 * 7.10 % → 6.50 % (the old product docs "use N years, N = 1 for year 1").
 *
 * @param x the components [%] (see {@link UncertaintyComponents})
 * @param p.years N, number of years averaged (default 1)
 * @returns `irradiance` σ_irr and `total` σ_total [%]
 * @see spec 4 §2 "Uncertainty"; JCGM 100:2008 (GUM) §5.1 for the root-sum-square of independent
 *      standard uncertainties
 */
export function combinedUncertainty(
  x: UncertaintyComponents,
  p: { years?: number } = {},
): { irradiance: number; total: number } {
  const n = p.years ?? 1;
  const interannual = x.errorIntAnnVar / Math.sqrt(n > 0 ? n : 1);
  const irr2 =
    interannual * interannual +
    x.errorSensAcc * x.errorSensAcc +
    x.errorMonAcc * x.errorMonAcc +
    x.errorSpaVar * x.errorSpaVar;
  const irradiance = Math.sqrt(irr2);
  const total = Math.sqrt(irr2 + x.errorModelAcc * x.errorModelAcc);
  return { irradiance, total };
}

/**
 * Inverse of the standard normal cumulative distribution function: z such that Φ(z) = p.
 *
 * Algorithm AS 241 (PPND16) of Wichura: for |p − ½| ≤ 0.425 a rational function of degree 7 in
 * r = 0.180625 − (p − ½)²; otherwise, with r = √(−ln min(p, 1 − p)), rational functions of degree 7 in
 * r − 1.6 (r ≤ 5) or r − 5 (r > 5). Relative accuracy about 1e-16 over 1e-300 < p < 1 − 1e-16.
 * Φ⁻¹(0) = −∞, Φ⁻¹(1) = +∞, NaN outside [0, 1].
 *
 * @param x.probability p [-]
 * @returns standard normal quantile z [-]
 * @see M. J. Wichura, "Algorithm AS 241: The percentage points of the normal distribution," Journal
 *      of the Royal Statistical Society, Series C (Applied Statistics) 37(3) (1988) 477–484,
 *      doi:10.2307/2347330
 */
export function inverseNormalCdf(x: { probability: number }): number {
  const p = x.probability;
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    const num =
      ((((((2509.0809287301227 * r + 33430.57558358813) * r + 67265.7709270087) * r + 45921.95393154987) * r +
        13731.69376550946) *
        r +
        1971.5909503065513) *
        r +
        133.14166789178438) *
        r +
      3.3871328727963665;
    const den =
      ((((((5226.495278852546 * r + 28729.085735721943) * r + 39307.89580009271) * r + 21213.794301586597) *
        r +
        5394.196021424751) *
        r +
        687.1870074920579) *
        r +
        42.31333070160091) *
        r +
      1;
    return (q * num) / den;
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let z: number;
  if (r <= 5) {
    r -= 1.6;
    const num =
      ((((((0.0007745450142783414 * r + 0.022723844989269184) * r + 0.2417807251774506) * r +
        1.2704582524523684) *
        r +
        3.6478483247632045) *
        r +
        5.769497221460691) *
        r +
        4.630337846156546) *
        r +
      1.4234371107496835;
    const den =
      ((((((1.0507500716444169e-9 * r + 0.0005475938084995345) * r + 0.015198666563616457) * r +
        0.14810397642748008) *
        r +
        0.6897673349851) *
        r +
        1.6763848301838038) *
        r +
        2.053191626637759) *
        r +
      1;
    z = num / den;
  } else {
    r -= 5;
    const num =
      ((((((2.0103343992922881e-7 * r + 0.000027115555687434876) * r + 0.0012426609473880784) * r +
        0.026532189526576124) *
        r +
        0.29656057182850487) *
        r +
        1.7848265399172913) *
        r +
        5.463784911164114) *
        r +
      6.657904643501103;
    const den =
      ((((((2.0442631033899397e-15 * r + 1.421511758316446e-7) * r + 0.000018463183175100548) * r +
        0.0007868691311456133) *
        r +
        0.014875361290850615) *
        r +
        0.1369298809227358) *
        r +
        0.599832206555888) *
        r +
      1;
    z = num / den;
  }
  return q < 0 ? -z : z;
}

/**
 * Factor from P50 to a P-value: the value exceeded with probability X % under a normal distribution
 * of standard deviation σ (relative to P50).
 *
 *   P_X = P50·(1 − z_X·σ/100),   z_X = Φ⁻¹(X/100)
 *
 * (z₇₅ = 0.6745, z₉₀ = 1.2816, z₉₅ = 1.6449, z₉₉ = 2.3263; P50 → 1.) The form is spec 4's [inf]
 * ("presumably P_X = P50·(1 − z_X·σ)"). Limited to ≥ 0 for very large σ.
 *
 * @param x.pValue exceedance probability X [%], 0 < X < 100
 * @param p.sigma relative standard uncertainty σ [%] (σ_irr for GHI and POA, σ_total for energy,
 *   specific yield and capacity factor)
 * @returns P_X/P50 [-]
 * @see spec 4 §2 "Uncertainty"
 */
export function pValueFactor(x: { pValue: number }, p: { sigma: number }): number {
  const f = 1 - (inverseNormalCdf({ probability: x.pValue / 100 }) * p.sigma) / 100;
  return f > 0 ? f : 0;
}

/**
 * A P-value of a quantity: P_X = P50·(1 − z_X·σ/100) (see {@link pValueFactor}).
 * @param x.p50 median value (any unit)
 * @param x.pValue exceedance probability X [%]
 * @param p.sigma relative standard uncertainty σ [%]
 * @returns P_X (unit of `p50`)
 */
export function pValue(x: { p50: number; pValue: number }, p: { sigma: number }): number {
  return x.p50 * pValueFactor(x, p);
}

/**
 * The uncertainty fields of `PredictionResultSummary`, as fractions (OA example: `errorIrrAcc`
 * 0.06480740698407861, `spatialVariability` 0.02, `interannualVariability` 0.03,
 * `irradianceMeasurementAccuracy` 0.05, `monitoringPeriodRepresentativeness` 0.02,
 * `modelingAccuracy` 0.029, `errorTotal` 0.071): each component /100 and σ_irr, σ_total of
 * {@link combinedUncertainty} (N = 1) /100.
 * @param x the components [%]
 * @returns the seven fields [-]
 */
export function resultSummaryUncertainty(x: UncertaintyComponents): {
  errorIrrAcc: number;
  spatialVariability: number;
  interannualVariability: number;
  irradianceMeasurementAccuracy: number;
  monitoringPeriodRepresentativeness: number;
  modelingAccuracy: number;
  errorTotal: number;
} {
  const s = combinedUncertainty(x);
  return {
    errorIrrAcc: s.irradiance / 100,
    spatialVariability: x.errorSpaVar / 100,
    interannualVariability: x.errorIntAnnVar / 100,
    irradianceMeasurementAccuracy: x.errorSensAcc / 100,
    monitoringPeriodRepresentativeness: x.errorMonAcc / 100,
    modelingAccuracy: x.errorModelAcc / 100,
    errorTotal: s.total / 100,
  };
}
