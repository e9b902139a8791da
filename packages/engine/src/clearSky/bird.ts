/**
 * Bird & Hulstrom clear-sky model: broadband direct, diffuse and global horizontal irradiance from
 * Rayleigh scattering, ozone, uniformly mixed gases, water vapour and aerosol transmittances.
 *
 * With the relative air mass AM and the pressure-corrected AM′ = AM·P/1013 mbar (the report's reference
 * pressure, also the Bird spreadsheet's; pvlib's `bird` uses 1013.25 mbar, 2.5e−4 relative in AM′):
 *   T_R  = exp(−0.0903·AM′^0.84·(1 + AM′ − AM′^1.01))
 *   T_O  = 1 − 0.1611·X_O·(1 + 139.48·X_O)^−0.3034 − 0.002715·X_O/(1 + 0.044·X_O + 0.0003·X_O²), X_O = U_O·AM
 *   T_UM = exp(−0.0127·AM′^0.26)
 *   T_W  = 1 − 2.4959·X_W/[(1 + 79.034·X_W)^0.6828 + 6.385·X_W], X_W = W·AM
 *   T_A  = exp(−τ_A^0.873·(1 + τ_A − τ_A^0.7088)·AM^0.9108), τ_A = 0.2758·τ(380 nm) + 0.35·τ(500 nm)
 *   T_AA = 1 − 0.1·(1 − AM + AM^1.06)·(1 − T_A),  T_AS = T_A/T_AA
 *   DNI  = 0.9662·I0·T_R·T_O·T_UM·T_W·T_A
 *   I_as = 0.79·I0·cos θz·T_O·T_UM·T_W·T_AA·[0.5·(1 − T_R) + B_a·(1 − T_AS)]/(1 − AM + AM^1.02)
 *   r_s  = 0.0685 + (1 − B_a)·(1 − T_AS)
 *   GHI  = (DNI·cos θz + I_as)/(1 − r_g·r_s),  DHI = GHI − DNI·cos θz
 * Night (θz ≥ 90°) or a non-positive air mass gives 0 (the Bird spreadsheet sets AM = 0, hence all
 * outputs 0, for θz ≥ 89°: pass 0 air mass there to reproduce it).
 * @see R. E. Bird, R. L. Hulstrom, "A simplified clear sky model for direct and diffuse insolation on
 *      horizontal surfaces," SERI/TR-642-761, Solar Energy Research Institute (1981)
 */
const D2R = Math.PI / 180;
/** Reference pressure of the model's AM′ = AM·P/1013 mbar [Pa]. */
const BIRD_P0 = 101300;

/** Bird clear-sky outputs [W/m²]. */
export interface BirdIrradiance {
  /** direct normal irradiance [W/m²] */
  dni: number;
  /** direct irradiance on the horizontal, DNI·cos θz [W/m²] */
  directHorizontal: number;
  /** global horizontal irradiance [W/m²] */
  ghi: number;
  /** diffuse horizontal irradiance [W/m²] */
  dhi: number;
}

/** Atmosphere of the Bird model. */
export interface BirdAtmosphere {
  /** aerosol optical depth at 380 nm [–] */
  aod380: number;
  /** aerosol optical depth at 500 nm [–] */
  aod500: number;
  /** precipitable water W [cm] */
  precipitableWater: number;
  /** total ozone U_O [atm-cm], default 0.3 */
  ozone?: number;
  /** forward-scattering ratio of the aerosols B_a [–], default 0.85 */
  asymmetry?: number;
  /** ground albedo r_g [–], default 0.2 */
  albedo?: number;
}

function birdKernel(
  zenith: number,
  am: number,
  pressure: number,
  dniExtra: number,
  aod380: number,
  aod500: number,
  w: number,
  ozone: number,
  ba: number,
  albedo: number,
  out: Float64Array,
): void {
  const cosZ = Math.cos(zenith * D2R);
  if (!(zenith < 90) || !(am > 0)) {
    out[0] = out[1] = out[2] = out[3] = 0;
    return;
  }
  const amp = (am * pressure) / BIRD_P0;
  const tR = Math.exp(-0.0903 * Math.pow(amp, 0.84) * (1 + amp - Math.pow(amp, 1.01)));
  const xo = ozone * am;
  const tO =
    1 -
    0.1611 * xo * Math.pow(1 + 139.48 * xo, -0.3034) -
    (0.002715 * xo) / (1 + 0.044 * xo + 0.0003 * xo * xo);
  const tUM = Math.exp(-0.0127 * Math.pow(amp, 0.26));
  const xw = w * am;
  const tW = 1 - (2.4959 * xw) / (Math.pow(1 + 79.034 * xw, 0.6828) + 6.385 * xw);
  const tauA = 0.2758 * aod380 + 0.35 * aod500;
  const tA = Math.exp(-Math.pow(tauA, 0.873) * (1 + tauA - Math.pow(tauA, 0.7088)) * Math.pow(am, 0.9108));
  const tAA = 1 - 0.1 * (1 - am + Math.pow(am, 1.06)) * (1 - tA);
  const tAS = tA / tAA;
  const dni = 0.9662 * dniExtra * tR * tO * tUM * tW * tA;
  const ias =
    (dniExtra * cosZ * 0.79 * tO * tUM * tW * tAA * (0.5 * (1 - tR) + ba * (1 - tAS))) /
    (1 - am + Math.pow(am, 1.02));
  const rs = 0.0685 + (1 - ba) * (1 - tAS);
  const dirH = dni * cosZ;
  const ghi = (dirH + ias) / (1 - albedo * rs);
  out[0] = dni;
  out[1] = dirH;
  out[2] = ghi;
  out[3] = ghi - dirH;
}

const OUT = new Float64Array(4);

/**
 * Bird & Hulstrom (1981) clear-sky irradiance (equations in this file's header).
 * @param x.zenith solar zenith θz [°]
 * @param x.airmassRelative relative air mass AM [–] (Bird: {@link birdHulstrom1981}); ≤ 0 gives 0
 * @param x.pressure site pressure P [Pa]
 * @param x.dniExtra extraterrestrial normal irradiance I0 [W/m²]
 * @param p aerosol optical depths at 380 and 500 nm [–], precipitable water [cm], ozone [atm-cm]
 *        (0.3), aerosol forward scattering B_a (0.85), albedo (0.2)
 * @returns DNI, direct horizontal, GHI, DHI [W/m²]; 0 at night
 * @see R. E. Bird, R. L. Hulstrom, SERI/TR-642-761 (1981)
 */
export function bird(
  x: { zenith: number; airmassRelative: number; pressure: number; dniExtra: number },
  p: BirdAtmosphere,
): BirdIrradiance {
  birdKernel(
    x.zenith,
    x.airmassRelative,
    x.pressure,
    x.dniExtra,
    p.aod380,
    p.aod500,
    p.precipitableWater,
    p.ozone ?? 0.3,
    p.asymmetry ?? 0.85,
    p.albedo ?? 0.2,
    OUT,
  );
  return { dni: OUT[0]!, directHorizontal: OUT[1]!, ghi: OUT[2]!, dhi: OUT[3]! };
}

/** Series form of {@link bird}; `pressure` and `dniExtra` constant or per step. */
export function birdSeries(
  x: {
    zenith: Float64Array;
    airmassRelative: Float64Array;
    pressure: number | Float64Array;
    dniExtra: number | Float64Array;
  },
  p: BirdAtmosphere,
  out: { dni: Float64Array; ghi: Float64Array; dhi: Float64Array },
): { dni: Float64Array; ghi: Float64Array; dhi: Float64Array } {
  const { pressure: pr, dniExtra: i0 } = x;
  const oz = p.ozone ?? 0.3;
  const ba = p.asymmetry ?? 0.85;
  const al = p.albedo ?? 0.2;
  for (let i = 0; i < x.zenith.length; i++) {
    birdKernel(
      x.zenith[i]!,
      x.airmassRelative[i]!,
      typeof pr === 'number' ? pr : pr[i]!,
      typeof i0 === 'number' ? i0 : i0[i]!,
      p.aod380,
      p.aod500,
      p.precipitableWater,
      oz,
      ba,
      al,
      OUT,
    );
    out.dni[i] = OUT[0]!;
    out.ghi[i] = OUT[2]!;
    out.dhi[i] = OUT[3]!;
  }
  return out;
}
