/**
 * Ineichen–Perez clear-sky model with the Linke turbidity given.
 *
 * With the site altitude h [m], fh1 = e^(−h/8000), fh2 = e^(−h/1250), cg1 = 5.09e−5·h + 0.868,
 * cg2 = 3.92e−5·h + 0.0387, the absolute air mass AM′ and the Linke turbidity TL (air-mass-2):
 *   GHI = cg1·I0·cos θz·exp(−cg2·AM′·(fh1 + fh2·(TL − 1)))   [·exp(0.01·AM′^1.8), optional]
 *   DNI = min( b·I0·exp(−0.09·AM′·(TL − 1)),  GHI·[1 − (0.1 − 0.2·e^(−TL))/(0.1 + 0.882/fh1)]/cos θz ),
 *         b = 0.664 + 0.163/fh1
 *   DHI = GHI − DNI·cos θz
 * The DNI cap is the empirical correction of Ineichen & Perez (2002) §3; the optional factor is the
 * Perez et al. (2002) enhancement. Night (cos θz ≤ 0) gives 0 for all three.
 * @see P. Ineichen, R. Perez, "A new airmass independent formulation for the Linke turbidity
 *      coefficient," Solar Energy 73(3) (2002) 151–157, doi:10.1016/S0038-092X(02)00045-2
 * @see R. Perez, P. Ineichen, K. Moore, M. Kmiecik, C. Chain, R. George, F. Vignola, "A new operational
 *      model for satellite-derived irradiances: description and validation," Solar Energy 73(5) (2002)
 *      307–317, doi:10.1016/S0038-092X(02)00122-6
 */

const D2R = Math.PI / 180;

/** Clear-sky horizontal components [W/m²]. */
export interface ClearSkyIrradiance {
  /** global horizontal irradiance [W/m²] */
  ghi: number;
  /** direct normal irradiance [W/m²] */
  dni: number;
  /** diffuse horizontal irradiance [W/m²] */
  dhi: number;
}

/** Writes GHI, DNI, DHI to out[0..2]. @internal */
function ineichenKernel(
  apparentZenith: number,
  airmassAbsolute: number,
  tl: number,
  altitude: number,
  dniExtra: number,
  perezEnhancement: boolean,
  out: Float64Array,
): void {
  const cosZ = Math.max(Math.cos(apparentZenith * D2R), 0);
  const am = airmassAbsolute;
  if (!(cosZ > 0) || !(am === am)) {
    out[0] = out[1] = out[2] = 0;
    return;
  }
  const fh1 = Math.exp(-altitude / 8000);
  const fh2 = Math.exp(-altitude / 1250);
  const cg1 = 5.09e-5 * altitude + 0.868;
  const cg2 = 3.92e-5 * altitude + 0.0387;
  let g = Math.exp(-cg2 * am * (fh1 + fh2 * (tl - 1)));
  if (perezEnhancement) g *= Math.exp(0.01 * Math.pow(am, 1.8));
  const ghi = cg1 * dniExtra * cosZ * Math.max(g, 0);
  const b = 0.664 + 0.163 / fh1;
  const bnci = dniExtra * Math.max(b * Math.exp(-0.09 * am * (tl - 1)), 0);
  const cap =
    ghi * Math.min(Math.max((1 - (0.1 - 0.2 * Math.exp(-tl)) / (0.1 + 0.882 / fh1)) / cosZ, 0), 1e20);
  const dni = Math.min(bnci, cap);
  out[0] = ghi;
  out[1] = dni;
  out[2] = ghi - dni * cosZ;
}

const OUT = new Float64Array(3);

/**
 * Ineichen–Perez clear-sky GHI, DNI and DHI (equations in this file's header).
 * @param x.apparentZenith refraction-corrected solar zenith [°]
 * @param x.airmassAbsolute pressure-corrected air mass AM′ [–] (reference: Kasten–Young × P/101 325)
 * @param x.linkeTurbidity Linke turbidity TL [–]
 * @param x.altitude site altitude [m]
 * @param x.dniExtra extraterrestrial normal irradiance I0 [W/m²]
 * @param p.perezEnhancement apply the exp(0.01·AM′^1.8) enhancement (default false)
 * @returns clear-sky GHI, DNI, DHI [W/m²]; 0 at night
 * @see P. Ineichen, R. Perez, Solar Energy 73 (2002) 151–157, doi:10.1016/S0038-092X(02)00045-2
 */
export function ineichen(
  x: {
    apparentZenith: number;
    airmassAbsolute: number;
    linkeTurbidity: number;
    altitude: number;
    dniExtra: number;
  },
  p: { perezEnhancement?: boolean } = {},
): ClearSkyIrradiance {
  ineichenKernel(
    x.apparentZenith,
    x.airmassAbsolute,
    x.linkeTurbidity,
    x.altitude,
    x.dniExtra,
    p.perezEnhancement ?? false,
    OUT,
  );
  return { ghi: OUT[0]!, dni: OUT[1]!, dhi: OUT[2]! };
}

/** Series form of {@link ineichen}; `linkeTurbidity` and `dniExtra` constant or per step. */
export function ineichenSeries(
  x: {
    apparentZenith: Float64Array;
    airmassAbsolute: Float64Array;
    linkeTurbidity: number | Float64Array;
    altitude: number;
    dniExtra: number | Float64Array;
  },
  p: { perezEnhancement?: boolean },
  out: { ghi: Float64Array; dni: Float64Array; dhi: Float64Array },
): { ghi: Float64Array; dni: Float64Array; dhi: Float64Array } {
  const tl = x.linkeTurbidity;
  const i0 = x.dniExtra;
  const enh = p.perezEnhancement ?? false;
  for (let i = 0; i < x.apparentZenith.length; i++) {
    ineichenKernel(
      x.apparentZenith[i]!,
      x.airmassAbsolute[i]!,
      typeof tl === 'number' ? tl : tl[i]!,
      x.altitude,
      typeof i0 === 'number' ? i0 : i0[i]!,
      enh,
      OUT,
    );
    out.ghi[i] = OUT[0]!;
    out.dni[i] = OUT[1]!;
    out.dhi[i] = OUT[2]!;
  }
  return out;
}
