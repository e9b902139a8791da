/**
 * NREL Solar Position Algorithm (SPA): topocentric solar zenith, azimuth and equation of time,
 * ±0.0003° for the years −2000…6000.
 *
 * @see I. Reda, A. Andreas, "Solar position algorithm for solar radiation applications",
 *      Solar Energy 76 (2004) 577–589, doi:10.1016/j.solener.2003.12.003;
 *      NREL/TP-560-34302 (revised 2008). Equation numbers below are the report's (§3.1–3.15, A.1).
 */
import { JULIAN_DAY_UNIX_EPOCH, MS_PER_DAY } from '../time/calendar.ts';
import { SPA_B, SPA_L, SPA_NUTATION_ABCD, SPA_NUTATION_Y, SPA_R } from './spaTables.ts';

// Module-local aliases: hot loops then read plain constants, whatever the module loader does with
// imported bindings.
const TABLE_L = SPA_L;
const TABLE_B = SPA_B;
const TABLE_R = SPA_R;
const NUT_Y = SPA_NUTATION_Y;
const NUT_ABCD = SPA_NUTATION_ABCD;

const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;
/** J2000.0 epoch as a Julian day [d]. */
const JD_J2000 = 2451545;
/** J2000.0 − Unix epoch [d]. */
const DAYS_UNIX_TO_J2000 = JD_J2000 - JULIAN_DAY_UNIX_EPOCH;

/** ΔT = TT − UT1 used by the reference (pvlib ModelChain, `delta_t=67.0`) [s]. */
export const SPA_DEFAULT_DELTA_T = 67.0;
/** Atmospheric refraction at sunrise and sunset used by the report [°]. */
export const SPA_DEFAULT_ATMOS_REFRACT = 0.5667;
/** 283·1.02/(1010·60) of the refraction correction (Eq. 42). @internal */
export const REFRACTION_SCALE = (283 * 1.02) / (1010 * 60);
/** Apparent radius of the sun [°]. */
const SUN_RADIUS = 0.26667;

/** Site of an observer for SPA. */
export interface SpaSite {
  /** geographic latitude φ, north positive [°] */
  latitude: number;
  /** geographic longitude σ, east positive [°] */
  longitude: number;
  /** elevation above mean sea level E [m] */
  altitude: number;
}

/** Sun position from SPA. */
export interface SpaResult {
  /** topocentric zenith angle without refraction θ = 90 − e0 [°] */
  zenith: number;
  /** topocentric zenith angle with refraction θ = 90 − (e0 + Δe) [°] */
  apparentZenith: number;
  /** topocentric elevation angle without refraction e0 [°] */
  elevation: number;
  /** topocentric elevation angle with refraction e = e0 + Δe [°] */
  apparentElevation: number;
  /** topocentric azimuth Φ, from north, eastward (N = 0, E = 90) [°] */
  azimuth: number;
  /** equation of time E (apparent − mean solar time) [min] */
  equationOfTime: number;
}

/** Σ A·cos(B + C·JME) over one flat table of triples (Eq. 9). */
function periodicSum(table: Float64Array, jme: number): number {
  let sum = 0;
  for (let j = 0; j < table.length; j += 3) sum += table[j]! * Math.cos(table[j + 1]! + table[j + 2]! * jme);
  return sum;
}

/** (Σ_k jme^k · Σ_terms)/1e8 (Eq. 11 for L, same form for B and R). */
function earthSeries(tables: readonly Float64Array[], jme: number): number {
  let value = 0;
  for (let k = tables.length - 1; k >= 0; k--) value = value * jme + periodicSum(tables[k]!, jme);
  return value / 1e8;
}

/** e^{i·k·Xj} for j = 0…4, k = −3…3, as (re, im) pairs at ((j·7 + k + 3)·2). */
const POW = new Float64Array(5 * 7 * 2);

function nutationPowers(j: number, xDeg: number): void {
  const a = xDeg * D2R;
  const c1 = Math.cos(a);
  const s1 = Math.sin(a);
  const base = j * 14 + 6; // k = 0
  POW[base] = 1;
  POW[base + 1] = 0;
  let c = 1;
  let s = 0;
  for (let k = 1; k <= 3; k++) {
    const t = c * c1 - s * s1;
    s = s * c1 + c * s1;
    c = t;
    POW[base + 2 * k] = c;
    POW[base + 2 * k + 1] = s;
    POW[base - 2 * k] = c;
    POW[base - 2 * k + 1] = -s;
  }
}

/** POW offsets of the non-zero multipliers of each nutation term, and where each term starts. */
const NUT_FACTORS: Int32Array = (() => {
  const list: number[] = [];
  for (let i = 0; i < 63; i++) {
    for (let j = 0; j < 5; j++) {
      const m = NUT_Y[i * 5 + j]!;
      if (m !== 0) list.push((j * 7 + m + 3) * 2);
    }
  }
  return Int32Array.from(list);
})();
const NUT_START: Int32Array = (() => {
  const start = new Int32Array(64);
  for (let i = 0; i < 63; i++) {
    let count = 0;
    for (let j = 0; j < 5; j++) if (NUT_Y[i * 5 + j] !== 0) count++;
    start[i + 1] = start[i]! + count;
  }
  return start;
})();

/**
 * Earth heliocentric longitude L [rad], latitude B [rad] and radius vector R [AU] at a Julian
 * ephemeris millennium (Eq. 9–13), written to out[0], out[1], out[2].
 * @internal
 */
export function spaEarthHeliocentric(jme: number, out: Float64Array): void {
  out[0] = earthSeries(TABLE_L, jme);
  out[1] = earthSeries(TABLE_B, jme);
  out[2] = earthSeries(TABLE_R, jme);
}

/**
 * Geocentric (site-independent) SPA quantities at a Julian day, written to `out`:
 * out[0] α geocentric right ascension [°, 0–360), out[1] δ geocentric declination [°],
 * out[2] Δψ·cos ε, the nutation term of the apparent sidereal time (Eq. 15) [°],
 * out[3] ξ equatorial horizontal parallax (Eq. 33) [°], out[4] E equation of time (Eq. A.1–A.3) [min],
 * out[5] R Earth radius vector [AU].
 * @internal shared by {@link spa} and the series form; allocation-free.
 */
export function spaGeocentric(jd: number, deltaT: number, out: Float64Array): void {
  const jme = (jd + deltaT / 86400 - JD_J2000) / 365250; // Eq. 5–8
  spaEarthHeliocentric(jme, EARTH);
  spaGeocentricFromEarth(jme, EARTH[0]!, EARTH[1]!, EARTH[2]!, out);
}

const EARTH = new Float64Array(3);

/**
 * The part of {@link spaGeocentric} after the Earth series: from JME and the Earth heliocentric
 * L, B [rad], R [AU] to α, δ, Δψ·cos ε, ξ, E, R (same `out` layout).
 * @internal
 */
export function spaGeocentricFromEarth(
  jme: number,
  lRad: number,
  bRad: number,
  r: number,
  out: Float64Array,
): void {
  const jce = jme * 10;
  let lDeg = lRad * R2D;
  lDeg -= 360 * Math.floor(lDeg / 360);
  const bDeg = bRad * R2D;

  // 3.3 geocentric longitude and latitude (Eq. 13–14)
  let theta = lDeg + 180;
  // Subtracting 0 below 360 (the same value): a branch first taken months into a year had no feedback
  // when V8 compiled this function for the series' grid, and threw its code away (issue 17).
  theta -= theta >= 360 ? 360 : 0;
  const beta = -bDeg;

  // 3.4 nutation in longitude and obliquity (Eq. 15–22)
  const x0 = 297.85036 + jce * (445267.11148 + jce * (-0.0019142 + jce / 189474));
  const x1 = 357.52772 + jce * (35999.05034 + jce * (-0.0001603 - jce / 300000));
  const x2 = 134.96298 + jce * (477198.867398 + jce * (0.0086972 + jce / 56250));
  const x3 = 93.27191 + jce * (483202.017538 + jce * (-0.0036825 + jce / 327270));
  const x4 = 125.04452 + jce * (-1934.136261 + jce * (0.0020708 + jce / 450000));
  // sin/cos of Σ Yij·Xj as products of the powers e^{i·k·Xj} (k = Yij ∈ −3…3): 10 trig calls
  // instead of 126, the same values to rounding.
  nutationPowers(0, x0);
  nutationPowers(1, x1);
  nutationPowers(2, x2);
  nutationPowers(3, x3);
  nutationPowers(4, x4);
  let sumPsi = 0;
  let sumEps = 0;
  for (let i = 0, c = 0; i < 63; i++, c += 4) {
    const end = NUT_START[i + 1]!;
    let f = NUT_START[i]!;
    let o = NUT_FACTORS[f]!;
    let re = POW[o]!;
    let im = POW[o + 1]!;
    for (f++; f < end; f++) {
      o = NUT_FACTORS[f]!;
      const pr = POW[o]!;
      const pi = POW[o + 1]!;
      const t = re * pr - im * pi;
      im = re * pi + im * pr;
      re = t;
    }
    sumPsi += (NUT_ABCD[c]! + NUT_ABCD[c + 1]! * jce) * im;
    sumEps += (NUT_ABCD[c + 2]! + NUT_ABCD[c + 3]! * jce) * re;
  }
  const dPsi = sumPsi / 36e6; // Eq. 23 [°]
  const dEps = sumEps / 36e6; // Eq. 24 [°]

  // 3.5 true obliquity of the ecliptic (Eq. 24–25)
  const u = jme / 10;
  const eps0 =
    84381.448 +
    u *
      (-4680.93 +
        u *
          (-1.55 +
            u *
              (1999.25 +
                u *
                  (-51.38 +
                    u * (-249.67 + u * (-39.05 + u * (7.12 + u * (27.87 + u * (5.79 + u * 2.45)))))))));
  const eps = eps0 / 3600 + dEps;

  // 3.6–3.7 aberration and apparent sun longitude (Eq. 26–27)
  const lambda = theta + dPsi - 20.4898 / (3600 * r);

  // 3.9–3.10 geocentric right ascension and declination (Eq. 28–30)
  const lr = lambda * D2R;
  const er = eps * D2R;
  const br = beta * D2R;
  const sinL = Math.sin(lr);
  const cosE = Math.cos(er);
  const sinE = Math.sin(er);
  let alpha = Math.atan2(sinL * cosE - Math.tan(br) * sinE, Math.cos(lr)) * R2D;
  alpha -= 360 * Math.floor(alpha / 360);
  const delta = Math.asin(Math.sin(br) * cosE + Math.cos(br) * sinE * sinL) * R2D;
  const nutationSidereal = dPsi * cosE;

  // A.1 equation of time (Eq. A.1–A.3)
  const m =
    280.4664567 +
    jme * (360007.6982779 + jme * (0.03032028 + jme * (1 / 49931 + jme * (-1 / 15300 - jme / 2e6))));
  let e = m - 0.0057183 - alpha + nutationSidereal;
  e -= 360 * Math.floor(e / 360);
  e *= 4;
  // Both tests at every call and one subtraction (of 0, 1440 or −1440: e − (−1440) is e + 1440), not
  // a branch first taken months into a series (see θ above).
  const over = e > 20;
  const under = e < -20;
  e -= over ? 1440 : under ? -1440 : 0;

  out[0] = alpha;
  out[1] = delta;
  out[2] = nutationSidereal;
  out[3] = 8.794 / (3600 * r); // Eq. 33
  out[4] = e;
  out[5] = r;
}

/**
 * Mean sidereal time at Greenwich ν0 (Eq. 12) reduced to [0, 360), from the instant in ms; the
 * 360°·D part is removed exactly (360·frac(D)) so that the result keeps full precision.
 * @internal
 */
export function spaMeanSiderealTime(time: number): number {
  const d = time / MS_PER_DAY - DAYS_UNIX_TO_J2000; // JD − 2451545
  const jc = d / 36525;
  let nu0 =
    280.46061837 + 360 * (d - Math.floor(d)) + 0.98564736629 * d + jc * jc * (0.000387933 - jc / 38710000);
  nu0 -= 360 * Math.floor(nu0 / 360);
  return nu0;
}

/** Site constants of the parallax correction (Eq. 34–36): u, x, y. @internal */
export function spaSiteTerms(site: SpaSite): { sinLat: number; cosLat: number; x: number; y: number } {
  const lat = site.latitude * D2R;
  const u = Math.atan(0.99664719 * Math.tan(lat));
  const h = site.altitude / 6378140;
  return {
    sinLat: Math.sin(lat),
    cosLat: Math.cos(lat),
    x: Math.cos(u) + h * Math.cos(lat),
    y: 0.99664719 * Math.sin(u) + h * Math.sin(lat),
  };
}

/**
 * Topocentric part of SPA (§3.11–3.15): from cos and sin of the local hour angle H, sin and cos of the
 * geocentric declination δ and sin of the parallax ξ to elevation and azimuth, and the sun's
 * direction cosines that later stages reuse. Uses Δα = atan2(−x·sinξ·sinH, cosδ − x·sinξ·cosH)
 * (Eq. 37), δ′ (Eq. 39), H′ = H − Δα (Eq. 40) through exact angle-sum identities (no extra trig),
 * e0 = asin(sinφ·sinδ′ + cosφ·cosδ′·cosH′) (Eq. 41),
 * Δe = (P/1010)·(283/(273 + T))·1.02/(60·tan(e0 + 10.3/(e0 + 5.11))) when e0 ≥ −(0.26667 + refraction)
 * (Eq. 42), Γ = atan2(sinH′, cosH′·sinφ − tanδ′·cosφ), Φ = Γ + 180 (Eq. 45–46).
 *
 * Inputs and outputs share one Float64Array `io` of 12 values, so that the call passes no number
 * arguments (the kernel is too large for V8 to inline, and each double argument of a call that is not
 * inlined is boxed on the heap: 12 allocations per step). In: io[0] cos H, io[1] sin H, io[2] sin δ,
 * io[3] cos δ, io[4] sin ξ, io[5] sin φ, io[6] cos φ, io[7] x, io[8] y (Eq. 34–36), io[9] pressure
 * [mbar], io[10] temperature [°C], io[11] refraction limit [°]. Out: io[0] = e0, io[1] = e0 + Δe,
 * io[2] = Φ (all [°]), io[3] = cos θz,app = sin(e0 + Δe) (by the angle sum, sin Δe and cos Δe from
 * their series: |Δe| < 0.011 rad, truncation < 1e−15), io[4] = sin Φ, io[5] = cos Φ (from the
 * normalised arguments of the azimuth's atan2), io[6] = cos θz = sin e0.
 * @internal shared by {@link spa} and the series form; allocation-free.
 */
export function spaTopocentric(io: Float64Array): void {
  const out = io;
  const cH = io[0]!;
  const sH = io[1]!;
  const sd = io[2]!;
  const cd = io[3]!;
  const sXi = io[4]!;
  const sinLat = io[5]!;
  const cosLat = io[6]!;
  const x = io[7]!;
  const y = io[8]!;
  const pressureMbar = io[9]!;
  const temperature = io[10]!;
  const refractionLimit = io[11]!;
  const num = -x * sXi * sH;
  const den = cd - x * sXi * cH; // > 0: cosδ ≥ 0.91, x·sinξ < 5e−5
  const invAlpha = 1 / Math.sqrt(num * num + den * den);
  const cDa = den * invAlpha;
  const sDa = num * invAlpha;
  const nDelta = (sd - y * sXi) * cDa;
  const invDelta = 1 / Math.sqrt(nDelta * nDelta + den * den);
  const sDp = nDelta * invDelta; // sin δ′
  const cDp = den * invDelta; // cos δ′
  const cHp = cH * cDa + sH * sDa; // cos(H − Δα)
  const sHp = sH * cDa - cH * sDa; // sin(H − Δα)
  let sinE0 = sinLat * sDp + cosLat * cDp * cHp;
  if (sinE0 > 1) sinE0 = 1;
  else if (sinE0 < -1) sinE0 = -1;
  const e0 = Math.asin(sinE0) * R2D;
  let de = 0;
  if (e0 >= refractionLimit) {
    // (P/1010)·(283/(273 + T))·1.02/(60·tan(…)) with one division
    de =
      (pressureMbar * REFRACTION_SCALE) / ((273 + temperature) * Math.tan((e0 + 10.3 / (e0 + 5.11)) * D2R));
  }
  // Γ = atan2(sinH′, cosH′·sinφ − tanδ′·cosφ); both arguments scaled by cosδ′ > 0
  const gy = sHp * cDp;
  const gx = cHp * cDp * sinLat - sDp * cosLat;
  let az = Math.atan2(gy, gx) * R2D + 180;
  if (az >= 360) az -= 360;
  out[0] = e0;
  out[1] = e0 + de;
  out[2] = az;
  // sin(e0 + Δe) = sin e0·cos Δe + cos e0·sin Δe; Φ = Γ + 180°: sin Φ = −gy/r, cos Φ = −gx/r
  const d = de * D2R;
  const d2 = d * d;
  out[3] =
    sinE0 * (1 - d2 * (0.5 - d2 / 24)) + Math.sqrt(1 - sinE0 * sinE0) * d * (1 - d2 * (1 / 6 - d2 / 120));
  const r = Math.sqrt(gy * gy + gx * gx);
  const invR = r > 0 ? -1 / r : 0;
  out[4] = gy * invR;
  out[5] = r > 0 ? gx * invR : 1;
  out[6] = sinE0;
}

const GEO = new Float64Array(6);
const TOPO = new Float64Array(12);

/**
 * Solar position by the NREL SPA at one instant.
 *
 * JD = t/86 400 000 + 2 440 587.5, JDE = JD + ΔT/86 400 (Eq. 4–5); Earth heliocentric L, B, R from
 * the VSOP87 periodic terms (Eq. 9–13); nutation Δψ, Δε (Eq. 15–23); apparent sun longitude
 * λ = Θ + Δψ − 20.4898″/(3600·R) (Eq. 26–27); α, δ (Eq. 28–30); hour angle H = ν + σ − α (Eq. 31);
 * parallax and topocentric position (Eq. 33–40); elevation with refraction (Eq. 41–43); azimuth
 * (Eq. 44–46); equation of time E = M − 0.0057183 − α + Δψ·cos ε (Eq. A.1).
 * @param x.time instant [ms since 1970-01-01T00:00Z] (UT)
 * @param x.latitude latitude, north positive [°]
 * @param x.longitude longitude, east positive [°]
 * @param x.altitude elevation above sea level [m]
 * @param x.pressure annual-average or actual local pressure [Pa] (refraction)
 * @param x.temperature annual-average or actual air temperature [°C] (refraction)
 * @param x.deltaT ΔT = TT − UT [s]; {@link SPA_DEFAULT_DELTA_T} = 67 s as the reference
 * @param p.atmosRefract refraction at sunrise/sunset [°], default 0.5667; refraction is applied only
 *        while e0 ≥ −(0.26667 + atmosRefract)
 * @returns zenith, apparent zenith, elevation, apparent elevation [°], azimuth (N = 0, E = 90) [°],
 *          equation of time [min]
 * @see I. Reda, A. Andreas, Solar Energy 76 (2004) 577–589, doi:10.1016/j.solener.2003.12.003
 */
export function spa(
  x: SpaSite & { time: number; pressure: number; temperature: number; deltaT: number },
  p: { atmosRefract?: number } = {},
): SpaResult {
  spaGeocentric(x.time / MS_PER_DAY + JULIAN_DAY_UNIX_EPOCH, x.deltaT, GEO);
  const site = spaSiteTerms(x);
  const hourAngle = spaMeanSiderealTime(x.time) + GEO[2]! + x.longitude - GEO[0]!; // Eq. 15, 31
  const limit = -(SUN_RADIUS + (p.atmosRefract ?? SPA_DEFAULT_ATMOS_REFRACT));
  const dr = GEO[1]! * D2R;
  const hr = hourAngle * D2R;
  const io = TOPO;
  io[0] = Math.cos(hr);
  io[1] = Math.sin(hr);
  io[2] = Math.sin(dr);
  io[3] = Math.cos(dr);
  io[4] = Math.sin(GEO[3]! * D2R);
  io[5] = site.sinLat;
  io[6] = site.cosLat;
  io[7] = site.x;
  io[8] = site.y;
  io[9] = x.pressure / 100;
  io[10] = x.temperature;
  io[11] = limit;
  spaTopocentric(io);
  return {
    zenith: 90 - TOPO[0]!,
    apparentZenith: 90 - TOPO[1]!,
    elevation: TOPO[0]!,
    apparentElevation: TOPO[1]!,
    azimuth: TOPO[2]!,
    equationOfTime: GEO[4]!,
  };
}

/** Refraction limit −(0.26667 + atmosRefract) [°]. @internal */
export function spaRefractionLimit(atmosRefract: number = SPA_DEFAULT_ATMOS_REFRACT): number {
  return -(SUN_RADIUS + atmosRefract);
}
