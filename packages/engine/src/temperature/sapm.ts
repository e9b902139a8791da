/**
 * Sandia (SAPM) module and cell temperature, and the cell temperature from a measured module
 * temperature.
 */

/** Sandia thermal coefficients. */
export interface SapmTemperatureParams {
  /** a (`sandiaConductiveCoef`): ln of the temperature rise per W/m² at zero wind [-]; −3.47 glass-glass */
  a: number;
  /** b (`sandiaConvectiveCoef`): wind dependence [s/m]; −0.0594 glass-glass */
  b: number;
  /** cell-to-module difference ΔT at Gref (`cellToModuleTempDiff`) [°C]; 3 for open racks */
  deltaT: number;
  /** reference irradiance Gref [W/m²]; 1000 by default */
  irradianceRef?: number;
}

/** @internal Kernel: Tm = G·e^(a + b·v) + Ta. */
export function sapmModuleKernel(
  poaGlobal: number,
  tempAir: number,
  windSpeed: number,
  a: number,
  b: number,
) {
  return poaGlobal * Math.exp(a + b * windSpeed) + tempAir;
}

/**
 * Module back-surface temperature of the Sandia Array Performance Model.
 *
 * Tm = G·exp(a + b·v) + Ta
 *
 * @param x.poaGlobal front plane-of-array irradiance G [W/m²]
 * @param x.tempAir ambient air temperature Ta [°C]
 * @param x.windSpeed wind speed at 10 m v [m/s]
 * @param p.a coefficient a [-]; p.b coefficient b [s/m]
 * @returns module temperature Tm [°C]
 * @see D. L. King, W. E. Boyson, J. A. Kratochvil, "Photovoltaic Array Performance Model,"
 *      Sandia National Laboratories, SAND2004-3535 (2004), eq. 11
 */
export function sapmModule(
  x: { poaGlobal: number; tempAir: number; windSpeed: number },
  p: { a: number; b: number },
): number {
  return sapmModuleKernel(x.poaGlobal, x.tempAir, x.windSpeed, p.a, p.b);
}

/**
 * Cell temperature of the Sandia Array Performance Model.
 *
 * Tc = G·exp(a + b·v) + Ta + (G/Gref)·ΔT
 *
 * @param x.poaGlobal front plane-of-array irradiance G [W/m²]
 * @param x.tempAir ambient air temperature Ta [°C]
 * @param x.windSpeed wind speed at 10 m v [m/s]
 * @param p coefficients a [-], b [s/m], ΔT [°C], Gref [W/m²]
 * @returns cell temperature Tc [°C]
 * @see D. L. King, W. E. Boyson, J. A. Kratochvil, "Photovoltaic Array Performance Model,"
 *      Sandia National Laboratories, SAND2004-3535 (2004), eqs. 11–12
 */
export function sapmCell(
  x: { poaGlobal: number; tempAir: number; windSpeed: number },
  p: SapmTemperatureParams,
): number {
  const g = x.poaGlobal;
  return sapmModuleKernel(g, x.tempAir, x.windSpeed, p.a, p.b) + g * (p.deltaT / (p.irradianceRef ?? 1000));
}

/**
 * Series form of {@link sapmCell}.
 * @param x.poaGlobal [W/m²]; x.tempAir [°C]; x.windSpeed [m/s]
 * @param p coefficients a, b, ΔT, Gref
 * @param out caller-owned cell temperatures [°C]
 */
export function sapmCellSeries(
  x: { poaGlobal: Float64Array; tempAir: Float64Array; windSpeed: Float64Array },
  p: SapmTemperatureParams,
  out: Float64Array,
): Float64Array {
  const { poaGlobal, tempAir, windSpeed } = x;
  const { a, b } = p;
  const k = p.deltaT / (p.irradianceRef ?? 1000);
  for (let i = 0; i < poaGlobal.length; i++) {
    const g = poaGlobal[i]!;
    out[i] = sapmModuleKernel(g, tempAir[i]!, windSpeed[i]!, a, b) + g * k;
  }
  return out;
}

/**
 * Cell temperature from a measured module (back-surface) temperature, with the Sandia offset
 * (spec 4 §2: "Measured surface temperature uses the Sandia offset"; the DC field's
 * `moduleSurfaceTemperatureTimeSeries`).
 *
 * Tc = Tm + (G/Gref)·ΔT
 *
 * @param x.tempModule measured module temperature Tm [°C]
 * @param x.poaGlobal front plane-of-array irradiance G [W/m²]
 * @param p.deltaT cell-to-module difference ΔT [°C]; p.irradianceRef Gref [W/m²], 1000 by default
 * @returns cell temperature Tc [°C]
 * @see D. L. King, W. E. Boyson, J. A. Kratochvil, "Photovoltaic Array Performance Model,"
 *      Sandia National Laboratories, SAND2004-3535 (2004), eq. 12
 */
export function cellFromModuleTemperature(
  x: { tempModule: number; poaGlobal: number },
  p: { deltaT: number; irradianceRef?: number },
): number {
  return x.tempModule + x.poaGlobal * (p.deltaT / (p.irradianceRef ?? 1000));
}

/**
 * Series form of {@link cellFromModuleTemperature}.
 * @param x.tempModule [°C]; x.poaGlobal [W/m²]
 * @param p.deltaT [°C]; p.irradianceRef [W/m²]
 * @param out caller-owned cell temperatures [°C]
 */
export function cellFromModuleTemperatureSeries(
  x: { tempModule: Float64Array; poaGlobal: Float64Array },
  p: { deltaT: number; irradianceRef?: number },
  out: Float64Array,
): Float64Array {
  const k = p.deltaT / (p.irradianceRef ?? 1000);
  const { tempModule, poaGlobal } = x;
  for (let i = 0; i < tempModule.length; i++) out[i] = tempModule[i]! + poaGlobal[i]! * k;
  return out;
}
