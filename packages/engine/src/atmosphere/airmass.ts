/**
 * Relative and absolute (pressure-corrected) optical air mass, and pressure from altitude.
 *
 * The empirical formulas share the form AM = 1/[cos θz + a·(b − θz)^(−c)] (θz in degrees):
 * Kasten (1966) a 0.15, b 93.885, c 1.253; Kasten & Young (1989) a 0.50572, b 96.07995, c 1.6364;
 * Bird & Hulstrom (1981) use Kasten's form with c = 1.25. The product names the two choices of its
 * AirMassModelType after where it took them: "Bird–Hulstrom" (0) carries Kasten's 1966 coefficients and
 * "Kasten–Sandia" (1) the Kasten–Young 1989 coefficients (spec 4 §2 "Air mass"), and it sets AM = 0
 * for θz ≥ 89° ({@link airmassRelativeChain}).
 *
 * The raw model functions follow the reference (pvlib `get_relative_airmass`): NaN for θz > 90°.
 */

const D2R = Math.PI / 180;

/** Standard sea-level pressure [Pa]. */
export const STANDARD_PRESSURE = 101325;

/**
 * Relative air mass of Kasten & Young (1989): AM = 1/[cos θz + 0.50572·(96.07995 − θz)^−1.6364].
 * @param x.zenith true (not refraction-corrected) solar zenith θz [°]
 * @returns relative air mass [–]; NaN for θz > 90°
 * @see F. Kasten, A. T. Young, "Revised optical air mass tables and approximation formula,"
 *      Applied Optics 28(22) (1989) 4735–4738, doi:10.1364/AO.28.004735
 */
export function kastenYoung1989(x: { zenith: number }): number {
  const z = x.zenith;
  return z > 90 ? NaN : 1 / (Math.cos(z * D2R) + 0.50572 * Math.exp(-1.6364 * Math.log(96.07995 - z)));
}

/**
 * Relative air mass of Kasten (1966): AM = 1/[cos θz + 0.15·(93.885 − θz)^−1.253].
 * @param x.zenith solar zenith θz [°]
 * @returns relative air mass [–]; NaN for θz > 90°
 * @see F. Kasten, "A new table and approximation formula for the relative optical air mass,"
 *      Archiv für Meteorologie, Geophysik und Bioklimatologie B 14 (1966) 206–223,
 *      doi:10.1007/BF02248840
 */
export function kasten1966(x: { zenith: number }): number {
  return kasten1966Kernel(x.zenith, Math.cos(x.zenith * D2R));
}

/** {@link kasten1966} from θz [°] and a precomputed cos θz. @internal */
export function kasten1966Kernel(zenith: number, cosZenith: number): number {
  return zenith > 90 ? NaN : 1 / (cosZenith + 0.15 * Math.exp(-1.253 * Math.log(93.885 - zenith)));
}

/**
 * Relative air mass used by Bird & Hulstrom's clear-sky model: AM = 1/[cos θz + 0.15·(93.885 − θz)^−1.25].
 * @param x.zenith solar zenith θz [°]
 * @returns relative air mass [–]; NaN for θz > 90°
 * @see R. E. Bird, R. L. Hulstrom, "A simplified clear sky model for direct and diffuse insolation on
 *      horizontal surfaces," SERI/TR-642-761 (1981)
 */
export function birdHulstrom1981(x: { zenith: number }): number {
  const z = x.zenith;
  return z > 90 ? NaN : 1 / (Math.cos(z * D2R) + 0.15 * Math.exp(-1.25 * Math.log(93.885 - z)));
}

/**
 * Plane-parallel air mass AM = 1/cos θz ("simple" in the reference).
 * @param x.zenith solar zenith θz [°]
 * @returns relative air mass [–]; NaN for θz > 90°
 */
export function planeParallelAirmass(x: { zenith: number }): number {
  const z = x.zenith;
  return z > 90 ? NaN : 1 / Math.cos(z * D2R);
}

/** A relative air-mass formula by name. */
export type AirmassModel = 'kastenYoung1989' | 'kasten1966' | 'birdHulstrom1981' | 'planeParallel';

const MODELS: Record<AirmassModel, (x: { zenith: number }) => number> = {
  kastenYoung1989,
  kasten1966,
  birdHulstrom1981,
  planeParallel: planeParallelAirmass,
};

/** Relative air mass by the chosen formula (see each model). NaN for θz > 90°. */
export function airmassRelative(x: { zenith: number }, p: { model: AirmassModel }): number {
  return MODELS[p.model](x);
}

/** Series form of {@link airmassRelative}. */
export function airmassRelativeSeries(
  zenith: Float64Array,
  p: { model: AirmassModel },
  out: Float64Array,
): Float64Array {
  const f = MODELS[p.model];
  const x = { zenith: 0 };
  for (let i = 0; i < zenith.length; i++) {
    x.zenith = zenith[i]!;
    out[i] = f(x);
  }
  return out;
}

/**
 * Absolute (pressure-corrected) air mass AM′ = AM·P/101 325.
 * @param x.airmassRelative relative air mass AM [–]
 * @param x.pressure site pressure P [Pa]
 * @returns absolute air mass AM′ [–]
 * @see F. Kasten, A. T. Young (1989), doi:10.1364/AO.28.004735
 */
export function airmassAbsolute(x: { airmassRelative: number; pressure: number }): number {
  return (x.airmassRelative * x.pressure) / STANDARD_PRESSURE;
}

/** Series form of {@link airmassAbsolute}; `pressure` constant [Pa] or per step. */
export function airmassAbsoluteSeries(
  x: { airmassRelative: Float64Array; pressure: number | Float64Array },
  out: Float64Array,
): Float64Array {
  const am = x.airmassRelative;
  const pr = x.pressure;
  if (typeof pr === 'number') {
    const p = +pr; // an unboxed number in the loop
    for (let i = 0; i < am.length; i++) out[i] = (am[i]! * p) / STANDARD_PRESSURE;
  } else for (let i = 0; i < am.length; i++) out[i] = (am[i]! * pr[i]!) / STANDARD_PRESSURE;
  return out;
}

/**
 * Site pressure from altitude, U.S. Standard Atmosphere troposphere:
 * P = 100·[(44 331.514 − h)/11 880.516]^(1/0.1902632)  (= 101 325·(1 − 2.25577e−5·h)^5.25588).
 * @param x.altitude altitude above sea level h [m]
 * @returns pressure [Pa]
 * @see U.S. Standard Atmosphere 1976, NOAA-S/T 76-1562 (1976), Eq. 33a
 */
export function alt2pres(x: { altitude: number }): number {
  return 100 * Math.pow((44331.514 - x.altitude) / 11880.516, 1 / 0.1902632);
}

/**
 * Altitude from pressure (inverse of {@link alt2pres}): h = 44 331.514 − 11 880.516·(P/100)^0.1902632.
 * @param x.pressure pressure [Pa]
 * @returns altitude [m]
 */
export function pres2alt(x: { pressure: number }): number {
  return 44331.514 - 11880.516 * Math.pow(x.pressure / 100, 0.1902632);
}

/** Coefficients a, b, c of the product's AirMassModelType choices (spec 4 §2). */
export const AIRMASS_MODEL_COEFFICIENTS = {
  /** AirMassModelType 0 "Bird–Hulstrom": Kasten 1966 */
  birdHulstrom: { a: 0.15, b: 93.885, c: 1.253 },
  /** AirMassModelType 1 "Kasten–Sandia": Kasten & Young 1989 */
  kastenSandia: { a: 0.50572, b: 96.07995, c: 1.6364 },
} as const satisfies Record<string, { a: number; b: number; c: number }>;

/** The product's air-mass model choice. */
export type AirmassModelType = keyof typeof AIRMASS_MODEL_COEFFICIENTS;

/** Zenith at and beyond which the chain uses AM = 0 (spec 4) [°]. */
export const AIRMASS_ZENITH_LIMIT = 89;

/**
 * Relative air mass as the simulation chain uses it: AM = 1/[cos θz + a·(b − θz)^−c] for θz < 89°,
 * AM = 0 for θz ≥ 89° and at night (never NaN).
 * @param x.zenith solar zenith θz [°]
 * @param p.model 'birdHulstrom' (Kasten 1966 coefficients) or 'kastenSandia' (Kasten–Young 1989)
 * @returns relative air mass [–], 0 at and below θz = 89°
 * @see F. Kasten (1966) doi:10.1007/BF02248840; F. Kasten, A. T. Young (1989) doi:10.1364/AO.28.004735
 */
export function airmassRelativeChain(x: { zenith: number }, p: { model: AirmassModelType }): number {
  const { a, b, c } = AIRMASS_MODEL_COEFFICIENTS[p.model];
  const z = x.zenith;
  return z < AIRMASS_ZENITH_LIMIT ? 1 / (Math.cos(z * D2R) + a * Math.exp(-c * Math.log(b - z))) : 0;
}

/**
 * Series form of {@link airmassRelativeChain} (NaN zenith gives 0).
 * @param zenith solar zenith per step [°]
 * @param p.model the product's air-mass model
 * @param out caller-owned relative air mass [-]
 * @param cosZenith optional cos θz per step [-] (e.g. from `spaSeries`), instead of a cosine per step
 */
export function airmassRelativeChainSeries(
  zenith: Float64Array,
  p: { model: AirmassModelType },
  out: Float64Array,
  cosZenith?: Float64Array,
): Float64Array {
  const { a, b, c } = AIRMASS_MODEL_COEFFICIENTS[p.model];
  for (let i = 0; i < zenith.length; i++) {
    const z = zenith[i]!;
    if (!(z < AIRMASS_ZENITH_LIMIT)) {
      out[i] = 0;
      continue;
    }
    const cz = cosZenith !== undefined ? cosZenith[i]! : Math.cos(z * D2R);
    out[i] = 1 / (cz + a * Math.exp(-c * Math.log(b - z)));
  }
  return out;
}
