/**
 * Angle of incidence of the sun's rays on a plane.
 */

const DEG = Math.PI / 180;
const RAD = 180 / Math.PI;

/**
 * @internal Kernel: cosine of the angle of incidence, clipped to [−1, 1], from angles in radians.
 * cos θ = cos β·cos θz + sin β·sin θz·cos(γs − γ)
 */
export function cosAoiKernel(
  tiltRad: number,
  azimuthRad: number,
  zenithRad: number,
  sunAzRad: number,
): number {
  const c =
    Math.cos(tiltRad) * Math.cos(zenithRad) +
    Math.sin(tiltRad) * Math.sin(zenithRad) * Math.cos(sunAzRad - azimuthRad);
  return c > 1 ? 1 : c < -1 ? -1 : c;
}

/** @internal Angle [°] from a cosine, for cosines already clipped to [−1, 1]. */
export function acosDeg(c: number): number {
  return Math.acos(c) * RAD;
}

/**
 * Cosine of the angle of incidence of the beam on a plane (the "projection" of the sun's unit vector
 * on the plane's normal), the dot product of the two unit vectors:
 *
 * cos θ = cos β·cos θz + sin β·sin θz·cos(γs − γ)
 *
 * clipped to [−1, 1]. Negative values mean the sun is behind the plane.
 *
 * @param x.surfaceTilt tilt of the plane β from horizontal [°]
 * @param x.surfaceAzimuth azimuth of the plane's normal γ (N = 0, E = 90) [°]
 * @param x.solarZenith solar zenith θz [°] (the chain passes the apparent, refracted zenith)
 * @param x.solarAzimuth solar azimuth γs (N = 0, E = 90) [°]
 * @returns cos θ [-]
 * @see J. A. Duffie, W. A. Beckman, Solar Engineering of Thermal Processes, 4th ed., Wiley (2013),
 *      eq. 1.6.3, doi:10.1002/9781118671603
 */
export function aoiProjection(x: {
  surfaceTilt: number;
  surfaceAzimuth: number;
  solarZenith: number;
  solarAzimuth: number;
}): number {
  return cosAoiKernel(x.surfaceTilt * DEG, x.surfaceAzimuth * DEG, x.solarZenith * DEG, x.solarAzimuth * DEG);
}

/**
 * Angle of incidence θ between the sun's rays and the normal of a plane:
 *
 * θ = arccos[cos β·cos θz + sin β·sin θz·cos(γs − γ)]
 *
 * θ > 90° means the sun is behind the plane (the beam on its front is zero).
 *
 * @param x.surfaceTilt tilt of the plane β from horizontal [°]
 * @param x.surfaceAzimuth azimuth of the plane's normal γ (N = 0, E = 90) [°]
 * @param x.solarZenith solar zenith θz [°]
 * @param x.solarAzimuth solar azimuth γs (N = 0, E = 90) [°]
 * @returns angle of incidence θ [°], in [0, 180]
 * @see J. A. Duffie, W. A. Beckman, Solar Engineering of Thermal Processes, 4th ed., Wiley (2013),
 *      eq. 1.6.3, doi:10.1002/9781118671603
 */
export function aoi(x: {
  surfaceTilt: number;
  surfaceAzimuth: number;
  solarZenith: number;
  solarAzimuth: number;
}): number {
  return acosDeg(aoiProjection(x));
}

/**
 * Series form of {@link aoi}: fills `out.aoi[i]` (and `out.cosAoi[i]` when given) for each step.
 * @param x.surfaceTilt plane tilt per step [°]
 * @param x.surfaceAzimuth plane azimuth per step [°]
 * @param x.solarZenith solar zenith per step [°]
 * @param x.solarAzimuth solar azimuth per step [°]
 * @param out.aoi caller-owned angle of incidence [°]
 * @param out.cosAoi optional caller-owned cos θ [-]
 */
export function aoiSeries(
  x: {
    surfaceTilt: Float64Array;
    surfaceAzimuth: Float64Array;
    solarZenith: Float64Array;
    solarAzimuth: Float64Array;
  },
  out: { aoi: Float64Array; cosAoi?: Float64Array },
): void {
  const { surfaceTilt, surfaceAzimuth, solarZenith, solarAzimuth } = x;
  const outAoi = out.aoi;
  const outCos = out.cosAoi;
  for (let i = 0; i < solarZenith.length; i++) {
    const c = cosAoiKernel(
      surfaceTilt[i]! * DEG,
      surfaceAzimuth[i]! * DEG,
      solarZenith[i]! * DEG,
      solarAzimuth[i]! * DEG,
    );
    outAoi[i] = acosDeg(c);
    if (outCos !== undefined) outCos[i] = c;
  }
}
