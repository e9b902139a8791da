/**
 * Cell temperature by steady-state heat balance: the PVsyst form (absorption α, efficiency η,
 * constant and wind-dependent loss factors) and Faiman's two-coefficient form; the cell-to-module
 * difference that turns one into the other.
 */

/** @internal Kernel: Tc = Ta + α·G·(1 − η)/(Uc + Uv·v). */
export function heatBalanceKernel(
  poaGlobal: number,
  tempAir: number,
  windSpeed: number,
  uC: number,
  uV: number,
  alpha: number,
  efficiency: number,
): number {
  return tempAir + (alpha * poaGlobal * (1 - efficiency)) / (uC + uV * windSpeed);
}

/** Heat-balance coefficients of a module or DC field (PVsyst form). */
export interface HeatBalanceParams {
  /** constant (conductive) heat-loss factor Uc (`heatBalanceConductiveCoef`) [W/(m²·K)]; 29 by default */
  uC: number;
  /** wind-dependent (convective) heat-loss factor Uv (`heatBalanceConvectiveCoef`) [W/(m²·K)/(m/s)] */
  uV: number;
  /** absorption coefficient α of the module (`heatAbsorptionCoefAlphaT`) [-]; 0.9 by default */
  alpha: number;
  /** module efficiency η at STC, the share of absorbed light leaving as electricity [-] (0.2, not 20) */
  efficiency: number;
}

/**
 * Cell temperature by heat balance (PVsyst form of Faiman's model, the product's default).
 *
 * Tc = Ta + α·G·(1 − η)/(Uc + Uv·v)
 *
 * The absorbed irradiance α·G less the electrical output η is lost to the surroundings through a
 * constant term Uc and a term Uv·v proportional to wind speed. Only the front irradiance enters
 * (spec 4 §2: the temperature models ignore the rear). With Uv = 0 (29/0, the product's default for
 * free-standing arrays) the wind speed has no effect.
 *
 * @param x.poaGlobal front plane-of-array irradiance G [W/m²]
 * @param x.tempAir ambient air temperature Ta [°C]
 * @param x.windSpeed wind speed v at the height the coefficients were fitted for [m/s]
 * @param p coefficients Uc [W/(m²·K)], Uv [W/(m²·K)/(m/s)], α [-], η [-]
 * @returns cell temperature Tc [°C]
 * @see D. Faiman, "Assessing the outdoor operating temperature of photovoltaic modules,"
 *      Prog. Photovolt. 16 (2008) 307–315, doi:10.1002/pip.813; the α and η form is the one of the
 *      PVsyst documentation ("Array thermal losses")
 */
export function heatBalanceCell(
  x: { poaGlobal: number; tempAir: number; windSpeed: number },
  p: HeatBalanceParams,
): number {
  return heatBalanceKernel(x.poaGlobal, x.tempAir, x.windSpeed, p.uC, p.uV, p.alpha, p.efficiency);
}

/**
 * Series form of {@link heatBalanceCell}.
 * @param x.poaGlobal front irradiance [W/m²]; x.tempAir [°C]; x.windSpeed [m/s]
 * @param p coefficients Uc, Uv, α, η
 * @param out caller-owned cell temperatures [°C]
 */
export function heatBalanceCellSeries(
  x: { poaGlobal: Float64Array; tempAir: Float64Array; windSpeed: Float64Array },
  p: HeatBalanceParams,
  out: Float64Array,
): Float64Array {
  const { poaGlobal, tempAir, windSpeed } = x;
  const { uC, uV, alpha, efficiency } = p;
  for (let i = 0; i < poaGlobal.length; i++)
    out[i] = heatBalanceKernel(poaGlobal[i]!, tempAir[i]!, windSpeed[i]!, uC, uV, alpha, efficiency);
  return out;
}

/** @internal Kernel: T = Ta + G/(U0 + U1·v). */
export function faimanKernel(poaGlobal: number, tempAir: number, windSpeed: number, u0: number, u1: number) {
  return tempAir + poaGlobal / (u0 + u1 * windSpeed);
}

/**
 * Module temperature by Faiman's model.
 *
 * Tm = Ta + G/(U0 + U1·v)
 *
 * The coefficients lump absorption and efficiency (U0 ≈ Uc/(α·(1 − η))); Faiman fitted
 * U0 = 25.0 W/(m²·K) and U1 = 6.84 W/(m²·K)/(m/s) as typical values for c-Si modules on open racks.
 *
 * @param x.poaGlobal front plane-of-array irradiance G [W/m²]
 * @param x.tempAir ambient air temperature Ta [°C]
 * @param x.windSpeed wind speed v [m/s]
 * @param p.u0 constant heat-transfer coefficient U0 [W/(m²·K)]
 * @param p.u1 wind-dependent heat-transfer coefficient U1 [W/(m²·K)/(m/s)]
 * @returns module temperature Tm [°C]
 * @see D. Faiman, "Assessing the outdoor operating temperature of photovoltaic modules,"
 *      Prog. Photovolt. 16 (2008) 307–315, doi:10.1002/pip.813
 */
export function faiman(
  x: { poaGlobal: number; tempAir: number; windSpeed: number },
  p: { u0: number; u1: number },
): number {
  return faimanKernel(x.poaGlobal, x.tempAir, x.windSpeed, p.u0, p.u1);
}

/**
 * Series form of {@link faiman}.
 * @param x.poaGlobal [W/m²]; x.tempAir [°C]; x.windSpeed [m/s]
 * @param p.u0 [W/(m²·K)]; p.u1 [W/(m²·K)/(m/s)]
 * @param out caller-owned module temperatures [°C]
 */
export function faimanSeries(
  x: { poaGlobal: Float64Array; tempAir: Float64Array; windSpeed: Float64Array },
  p: { u0: number; u1: number },
  out: Float64Array,
): Float64Array {
  const { poaGlobal, tempAir, windSpeed } = x;
  const { u0, u1 } = p;
  for (let i = 0; i < poaGlobal.length; i++)
    out[i] = faimanKernel(poaGlobal[i]!, tempAir[i]!, windSpeed[i]!, u0, u1);
  return out;
}

/**
 * Module (back-surface) temperature from the cell temperature with the cell-to-module difference.
 *
 * Tm = Tc − (G/Gref)·ΔT
 *
 * The difference ΔT (`cellToModuleTempDiff`, 3 °C by default) is the one of the Sandia model, scaled
 * with irradiance; spec 4 §2 infers that the heat-balance model reports its module temperature this
 * way.
 *
 * @param x.tempCell cell temperature Tc [°C]
 * @param x.poaGlobal front plane-of-array irradiance G [W/m²]
 * @param p.deltaT cell-to-module temperature difference at Gref, ΔT [°C]
 * @param p.irradianceRef reference irradiance Gref [W/m²]; 1000 by default
 * @returns module temperature Tm [°C]
 * @see D. L. King, W. E. Boyson, J. A. Kratochvil, "Photovoltaic Array Performance Model,"
 *      Sandia National Laboratories, SAND2004-3535 (2004), eq. 12
 */
export function moduleFromCellTemperature(
  x: { tempCell: number; poaGlobal: number },
  p: { deltaT: number; irradianceRef?: number },
): number {
  return x.tempCell - x.poaGlobal * (p.deltaT / (p.irradianceRef ?? 1000));
}

/**
 * Series form of {@link moduleFromCellTemperature}.
 * @param x.tempCell [°C]; x.poaGlobal [W/m²]
 * @param p.deltaT [°C]; p.irradianceRef [W/m²]
 * @param out caller-owned module temperatures [°C] (may be `x.tempCell`)
 */
export function moduleFromCellTemperatureSeries(
  x: { tempCell: Float64Array; poaGlobal: Float64Array },
  p: { deltaT: number; irradianceRef?: number },
  out: Float64Array,
): Float64Array {
  const k = p.deltaT / (p.irradianceRef ?? 1000);
  const { tempCell, poaGlobal } = x;
  for (let i = 0; i < tempCell.length; i++) out[i] = tempCell[i]! - poaGlobal[i]! * k;
  return out;
}
