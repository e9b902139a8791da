/**
 * Cell temperature from the nominal operating cell temperature (NOCT), in the form of NREL's System
 * Advisor Model (SAM).
 */

/** NOCT model parameters. */
export interface NoctSamParams {
  /** nominal operating cell temperature, 800 W/m², 20 °C air, 1 m/s wind (`nominalOperatingCellTemperature`) [°C]; 45 by default */
  noct: number;
  /** transmittance–absorptance product τα (`transmittanceAbsorptance`) [-]; 0.9 by default */
  transmittanceAbsorptance: number;
  /** module efficiency at STC η [-] (0.2, not 20) */
  efficiency: number;
  /** NOCT adjustment for a mounting standoff (see {@link noctStandoffAdjustment}) [°C]; 0 by default (open rack) */
  noctAdjustment?: number;
  /** ratio of the wind speed at the module to the weather file's 10 m wind [-]; 0.51 (SAM, arrays up to 3 storeys) by default */
  windHeightFactor?: number;
}

/** @internal Kernel of {@link noctSam}. */
export function noctSamKernel(
  poaGlobal: number,
  tempAir: number,
  windSpeed: number,
  noctAdj: number,
  ratio: number,
  windFactor: number,
): number {
  return tempAir + (poaGlobal / 800) * (noctAdj - 20) * ratio * (9.5 / (5.7 + 3.8 * windFactor * windSpeed));
}

/**
 * Cell temperature from the NOCT (SAM form).
 *
 * Tc = Ta + (G/800)·(NOCT + ΔNOCT − 20)·(1 − η/τα)·9.5/(5.7 + 3.8·f·v)
 *
 * The heat-loss coefficient U_L follows from the NOCT test (800 W/m², 20 °C, 1 m/s):
 * U_L = τα·800/(NOCT − 20); the part η/τα of the absorbed light leaves as electricity; the wind
 * dependence is the forced-convection coefficient 5.7 + 3.8·v [W/(m²·K)] normalised to its value at
 * 1 m/s (9.5). f converts the 10 m wind of the weather file to the module height (0.51 for arrays up
 * to three storeys, 0.61 above), and ΔNOCT adds the effect of a small mounting standoff.
 *
 * @param x.poaGlobal front plane-of-array irradiance G [W/m²]
 * @param x.tempAir ambient air temperature Ta [°C]
 * @param x.windSpeed wind speed at 10 m v [m/s]
 * @param p NOCT [°C], τα [-], η [-], ΔNOCT [°C], f [-]
 * @returns cell temperature Tc [°C]
 * @see P. Gilman, A. Dobos, N. DiOrio, J. Freeman, S. Janzou, D. Ryberg, "SAM Photovoltaic Model
 *      Technical Reference Update," NREL/TP-6A20-67399 (2018); J. A. Duffie, W. A. Beckman, "Solar
 *      Engineering of Thermal Processes," 4th ed., Wiley (2013), §23.3
 */
export function noctSam(
  x: { poaGlobal: number; tempAir: number; windSpeed: number },
  p: NoctSamParams,
): number {
  return noctSamKernel(
    x.poaGlobal,
    x.tempAir,
    x.windSpeed,
    p.noct + (p.noctAdjustment ?? 0),
    1 - p.efficiency / p.transmittanceAbsorptance,
    p.windHeightFactor ?? 0.51,
  );
}

/**
 * Series form of {@link noctSam}.
 * @param x.poaGlobal [W/m²]; x.tempAir [°C]; x.windSpeed [m/s]
 * @param p NOCT [°C], τα [-], η [-], ΔNOCT [°C], f [-]
 * @param out caller-owned cell temperatures [°C]
 */
export function noctSamSeries(
  x: { poaGlobal: Float64Array; tempAir: Float64Array; windSpeed: Float64Array },
  p: NoctSamParams,
  out: Float64Array,
): Float64Array {
  const { poaGlobal, tempAir, windSpeed } = x;
  const noctAdj = p.noct + (p.noctAdjustment ?? 0);
  const ratio = 1 - p.efficiency / p.transmittanceAbsorptance;
  const f = p.windHeightFactor ?? 0.51;
  for (let i = 0; i < poaGlobal.length; i++)
    out[i] = noctSamKernel(poaGlobal[i]!, tempAir[i]!, windSpeed[i]!, noctAdj, ratio, f);
  return out;
}

/**
 * NOCT adjustment for the standoff between a roof and the module back (SAM's table).
 *
 * ΔNOCT = 18 °C up to 0.5 in, 11 °C up to 1.5 in, 6 °C up to 2.5 in, 2 °C up to 3.5 in, else 0.
 *
 * @param x.standoffInches standoff, in inches as the table is written [in]
 * @returns ΔNOCT [°C]
 * @see P. Gilman et al., "SAM Photovoltaic Model Technical Reference Update," NREL/TP-6A20-67399 (2018)
 */
export function noctStandoffAdjustment(x: { standoffInches: number }): number {
  const s = x.standoffInches;
  if (s <= 0.5) return 18;
  if (s <= 1.5) return 11;
  if (s <= 2.5) return 6;
  if (s <= 3.5) return 2;
  return 0;
}
