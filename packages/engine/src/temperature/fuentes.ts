/**
 * Fuentes' transient thermal model of a flat-plate array (Fuentes 1987, SAND85-0330), the cell-
 * temperature model of NREL's PVWatts and SAM: the module is one thermal mass that absorbs sunlight and
 * loses heat by convection on both faces, by long-wave radiation to the sky from its front and to the
 * ground from its back. The one array-specific input is the installed nominal operating cell temperature
 * INOCT (the module's temperature in its mounting at 800 W/m², 20 °C air, 1 m/s wind), which calibrates
 * the back-side losses (ground temperature and the total-to-front convection ratio) and the thermal mass.
 */

const KELVIN = 273.15;
/** Stefan–Boltzmann constant as the paper uses it [W/(m²·K⁴)] */
const SIGMA = 5.669e-8;
/** INOCT conditions: air 20 °C [K], irradiance 800 W/m², wind 1 m/s at the module */
const T_NOCT_AIR = 293.15;
const G_NOCT = 800;
/** thermal capacity of a glass-faced module per unit area C0 [J/(m²·K)] (paper, Table 3) */
const CAPACITY = 11000;
/** specific heat of air [J/(kg·K)] and its Prandtl number [-] */
const CP_AIR = 1007;
const PRANDTL = 0.71;
/** Reynolds number of the laminar–turbulent transition of the forced convection [-] */
const RE_TURBULENT = 1.2e5;

/** Coefficients of the Fuentes model. */
export interface FuentesParams {
  /** installed nominal operating cell temperature INOCT [°C] (PVWatts: 45 open rack, 49 roof mount) */
  noctInstalled: number;
  /** height of the module above the ground [m]; 5 by default (the paper's) */
  moduleHeight?: number;
  /** height at which the wind speed was measured [m]; 9.144 (30 ft, TMY) by default */
  windHeight?: number;
  /** long-wave emissivity ε of the module faces [-]; 0.84 by default */
  emissivity?: number;
  /** absorptance of the front for sunlight α [-]; 0.83 by default */
  absorption?: number;
  /** tilt of the module β, for the free convection [°]; 30 by default (the paper's program) */
  surfaceTilt?: number;
  /** characteristic length of the module for convection, the hydraulic diameter L [m]; 0.5 by default */
  characteristicLength?: number;
}

/**
 * @internal Front-face convection coefficient [W/(m²·K)] (paper §2.3): forced flow over a flat plate,
 * laminar h = 0.86·Re^(−1/2)·ρ·cp·V/Pr^(2/3), turbulent (Re > 1.2·10⁵, `turbulent`) h = 0.0282·Re^(−1/5)·
 * ρ·cp·V/Pr^(2/5); free convection Nu = 0.21·(Gr·Pr)^0.32 with Gr = g/T·ΔT·L³/ν²·sin β; the two combined
 * as (h_free³ + h_forced³)^(1/3). Air properties at the film temperature T [K] and 1 atm: ρ = 0.003484·
 * 101325/T [kg/m³], μ = 0.24237·10⁻⁶·T^0.76 [kg/(m·s)], k = 2.1695·10⁻⁴·T^0.84 [W/(m·K)].
 */
export function fuentesConvection(
  tFilm: number,
  wind: number,
  deltaT: number,
  length: number,
  sinTilt: number,
  turbulent: boolean,
): number {
  const rho = (0.003484 * 101325) / tFilm;
  const nu = (0.24237e-6 * Math.pow(tFilm, 0.76)) / rho;
  const k = 2.1695e-4 * Math.pow(tFilm, 0.84);
  const re = (wind * length) / nu;
  const forced =
    turbulent && re > RE_TURBULENT
      ? ((0.0282 / Math.pow(re, 0.2)) * rho * wind * CP_AIR) / Math.pow(PRANDTL, 0.4)
      : ((0.86 / Math.sqrt(re)) * rho * wind * CP_AIR) / Math.pow(PRANDTL, 0.67);
  const grashof = ((9.8 / tFilm) * deltaT * length ** 3 * sinTilt) / (nu * nu);
  const free = (0.21 * Math.pow(grashof * PRANDTL, 0.32) * k) / length;
  return Math.cbrt(free * free * free + forced * forced * forced);
}

/** @internal Sky temperature [K] from the air's [K] (paper Eq. 24): 0.68·0.0552·Ta^1.5 + 0.32·Ta. */
export function fuentesSkyTemperature(tAir: number): number {
  return 0.68 * (0.0552 * Math.pow(tAir, 1.5)) + 0.32 * tAir;
}

/** The model's constants for one array, from its INOCT (see {@link fuentesCalibration}). */
export interface FuentesCalibration {
  /** ground temperature ratio (Tg − Ta)/(T − Ta) [-] */
  groundRatio: number;
  /** ratio of the total (front + back) convection to the front's [-] */
  convectionRatio: number;
  /** thermal capacity per unit area C [J/(m²·K)] */
  capacity: number;
}

/**
 * The back side of the array from its INOCT (paper §3): at INOCT conditions the front loses
 * εσ(T⁴ − Tsky⁴) by radiation and h_f·(T − Ta) by convection; what is left of the absorbed α·800 W/m²
 * leaves through the back, as a fraction b of what a back face at ambient with the front's convection
 * would shed, b = [α·800 − εσ(T⁴ − Tsky⁴) − h_f(T − Ta)]/[(h_g + h_f)(T − Ta)] with h_g the linearised
 * radiation to ground at Ta. The ground then radiates as at Tg⁴ = T⁴ − b(T⁴ − Ta⁴) (within [Ta, T]),
 * kept as the ratio (Tg − Ta)/(T − Ta), and the total convection is the remainder of the balance,
 * [α·800 − εσ(2T⁴ − Tsky⁴ − Tg⁴)]/(T − Ta), kept as its ratio to the front's. An INOCT above 48 °C
 * means a mounting coupled to its structure (roof): C = 11000·(1 + (INOCT − 48)/12) (paper Table 3).
 */
export function fuentesCalibration(p: FuentesParams): FuentesCalibration {
  const eps = p.emissivity ?? 0.84;
  const alpha = p.absorption ?? 0.83;
  const length = p.characteristicLength ?? 0.5;
  const sinTilt = Math.sin(((p.surfaceTilt ?? 30) * Math.PI) / 180);
  const tn = p.noctInstalled + KELVIN;
  const ta = T_NOCT_AIR;
  const tSky = fuentesSkyTemperature(ta);
  const hFront = fuentesConvection((tn + ta) / 2, 1, tn - ta, length, sinTilt, false);
  const hGround = eps * SIGMA * (tn * tn + ta * ta) * (tn + ta);
  const tn4 = tn ** 4;
  const back =
    (alpha * G_NOCT - eps * SIGMA * (tn4 - tSky ** 4) - hFront * (tn - ta)) /
    ((hGround + hFront) * (tn - ta));
  const tg = Math.min(Math.max(Math.pow(tn4 - back * (tn4 - ta ** 4), 0.25), ta), tn);
  const groundRatio = (tg - ta) / (tn - ta);
  const convectionRatio =
    (alpha * G_NOCT - eps * SIGMA * (2 * tn4 - tSky ** 4 - tg ** 4)) / (hFront * (tn - ta));
  const capacity = tn > 321.15 ? CAPACITY * (1 + (tn - 321.15) / 12) : CAPACITY;
  return { groundRatio, convectionRatio, capacity };
}

/**
 * Cell (module) temperature by Fuentes' transient model over a regular series.
 *
 * Per step of length Δt, the energy balance of the module (paper Eq. 1)
 *   C·dT/dt = α·G(t) − h_c(T − Ta) − h_s(T − Tsky) − h_g(T − Tg)
 * with the sky at Tsky (Eq. 24), the ground at Tg = Ta + r_g(T − Ta), the wind brought to the module's
 * height by the 1/5 power law V = v·(h_m/h_w)^0.2 (Eq. 22), the total convection h_c = r_c·h_front
 * (calibration: {@link fuentesCalibration}) and the radiation coefficients linearised exactly,
 * h_s = εσ(T² + Tsky²)(T + Tsky), h_g = εσ(T² + Tg²)(T + Tg), is solved with the absorbed irradiance S
 * varying linearly from the previous step's S0 to this step's S1:
 *   T1 = T0·e^λ + [(1 − e^λ)(h_c·Ta + h_s·Tsky + h_g·Tg + S0 + (S1 − S0)/λ) + S1 − S0]/H,
 *   H = h_c + h_s + h_g, λ = −H·Δt/C,
 * (the exact solution of the linear equation; paper Eqs. 7–8) iterated ten times per step because the
 * coefficients depend on T1. The series starts from a module at 20 °C with no sunlight before the
 * first step, as the paper's program does. Inputs are per step; the weather is taken to be regular.
 *
 * @param x.poaGlobal front plane-of-array irradiance G [W/m²]
 * @param x.tempAir air temperature Ta [°C]
 * @param x.windSpeed wind speed v at `windHeight` [m/s]
 * @param p INOCT [°C] and the optional geometry and surface properties
 * @param stepHours step length Δt [h]
 * @param out caller-owned cell temperatures [°C]
 * @returns `out`
 * @see M. K. Fuentes, "A simplified thermal model for flat-plate photovoltaic arrays," Sandia National
 *      Laboratories, SAND85-0330 (1987); A. P. Dobos, "PVWatts Version 5 Manual," NREL/TP-6A20-62641
 *      (2014), §"Module temperature"
 */
export function fuentesSeries(
  x: { poaGlobal: Float64Array; tempAir: Float64Array; windSpeed: Float64Array },
  p: FuentesParams,
  stepHours: number,
  out: Float64Array,
): Float64Array {
  const eps = p.emissivity ?? 0.84;
  const alpha = p.absorption ?? 0.83;
  const length = p.characteristicLength ?? 0.5;
  const sinTilt = Math.sin(((p.surfaceTilt ?? 30) * Math.PI) / 180);
  const windFactor = Math.pow((p.moduleHeight ?? 5) / (p.windHeight ?? 9.144), 0.2);
  const { groundRatio, convectionRatio, capacity } = fuentesCalibration(p);
  const dtSeconds = stepHours * 3600;
  const es = eps * SIGMA;
  const { poaGlobal: g, tempAir, windSpeed } = x;
  let t0 = T_NOCT_AIR;
  let s0 = 0;
  for (let i = 0; i < g.length; i++) {
    const ta = tempAir[i]! + KELVIN;
    const s1 = alpha * g[i]!;
    const tSky = fuentesSkyTemperature(ta);
    // a small floor keeps the Reynolds number above 0 in calm air (the paper's program adds 1e-4 m/s)
    const v = windSpeed[i]! * windFactor + 1e-4;
    let t = t0;
    for (let k = 0; k < 10; k++) {
      const hc =
        convectionRatio * fuentesConvection((t + ta) / 2, v, Math.abs(t - ta), length, sinTilt, true);
      const hs = es * (t * t + tSky * tSky) * (t + tSky);
      const tg = ta + groundRatio * (t - ta);
      const hg = es * (t * t + tg * tg) * (t + tg);
      const h = hc + hs + hg;
      const lambda = (-h * dtSeconds) / capacity;
      const e = Math.exp(lambda);
      t = t0 * e + ((1 - e) * (hc * ta + hs * tSky + hg * tg + s0 + (s1 - s0) / lambda) + s1 - s0) / h;
    }
    out[i] = t - KELVIN;
    t0 = t;
    s0 = s1;
  }
  return out;
}
