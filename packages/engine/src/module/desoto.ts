/**
 * Translation of the five single-diode parameters from reference to operating conditions: the De Soto
 * model and the CEC model (De Soto with the Adjust parameter), used by the CEC module list.
 */
import type { SingleDiodeParams } from './singleDiode.ts';

/** Boltzmann constant over the elementary charge, k/q (exact in the 2019 SI) [V/K] = [eV/K]. */
export const BOLTZMANN_EV = 1.380649e-23 / 1.602176634e-19;
/** 0 °C in kelvin [K]. */
export const KELVIN = 273.15;

/** Reference parameters of the De Soto five-parameter model (the CEC list's columns). */
export interface DesotoParams {
  /** temperature coefficient of the short-circuit current αsc (`alpha_sc`) [A/K] */
  alphaSc: number;
  /** modified ideality factor at reference conditions a_ref = n·Ns·k·Tref/q [V] */
  aRef: number;
  /** photocurrent at reference conditions IL,ref [A] */
  iLRef: number;
  /** diode saturation current at reference conditions I0,ref [A] */
  iORef: number;
  /** shunt resistance at reference irradiance Rsh,ref [Ω] */
  rShRef: number;
  /** series resistance Rs [Ω] */
  rS: number;
  /** band gap at the reference temperature Eg,ref [eV]; 1.121 (c-Si) by default */
  egRef?: number;
  /** temperature dependence of the band gap dEg/dT, relative [1/K]; −0.0002677 by default */
  dEgdT?: number;
  /** reference irradiance Sref [W/m²]; 1000 by default */
  irradianceRef?: number;
  /** reference cell temperature Tref [°C]; 25 by default */
  tempRef?: number;
}

/** Reference parameters of the CEC model: De Soto's plus the Adjust parameter. */
export interface CecParams extends DesotoParams {
  /** adjustment to the temperature coefficient of Isc, Adjust [%] */
  adjust: number;
}

/** @internal Output slots of {@link desotoKernel}: [iph, i0, gsh, a]. */
export const DESOTO_OUT = new Float64Array(4);

/**
 * @internal Kernel of the De Soto translation; `alpha` is the (adjusted) αsc [A/K], `eg1K` the
 * constant Eg,ref/(k·Tref) and `egSlope` = Eg,ref·dEg/dT [eV/K]. Writes {@link DESOTO_OUT}.
 */
export function desotoKernel(
  s: number,
  tempCell: number,
  alpha: number,
  aRef: number,
  iLRef: number,
  iORef: number,
  rShRef: number,
  egRef: number,
  egSlope: number,
  sRef: number,
  tRefK: number,
  eg1K: number,
): void {
  const tk = tempCell + KELVIN;
  const dt = tk - tRefK;
  const tr = tk / tRefK;
  const eg = egRef + egSlope * dt;
  DESOTO_OUT[0] = (s / sRef) * (iLRef + alpha * dt);
  DESOTO_OUT[1] = iORef * tr * tr * tr * Math.exp(eg1K - eg / (BOLTZMANN_EV * tk));
  DESOTO_OUT[2] = s / (sRef * rShRef);
  DESOTO_OUT[3] = aRef * tr;
}

function translate(
  x: { effectiveIrradiance: number; tempCell: number },
  p: DesotoParams,
  alpha: number,
): SingleDiodeParams {
  const egRef = p.egRef ?? 1.121;
  const tRefK = (p.tempRef ?? 25) + KELVIN;
  desotoKernel(
    x.effectiveIrradiance,
    x.tempCell,
    alpha,
    p.aRef,
    p.iLRef,
    p.iORef,
    p.rShRef,
    egRef,
    egRef * (p.dEgdT ?? -0.0002677),
    p.irradianceRef ?? 1000,
    tRefK,
    egRef / (BOLTZMANN_EV * tRefK),
  );
  return {
    photocurrent: DESOTO_OUT[0]!,
    saturationCurrent: DESOTO_OUT[1]!,
    resistanceSeries: p.rS,
    resistanceShunt: 1 / DESOTO_OUT[2]!,
    nNsVth: DESOTO_OUT[3]!,
  };
}

/**
 * Single-diode parameters at operating conditions, De Soto model.
 *
 * IL = (S/Sref)·[IL,ref + αsc·(Tc − Tref)]
 * a = a_ref·Tc/Tref
 * I0 = I0,ref·(Tc/Tref)³·exp[Eg,ref/(k·Tref) − Eg/(k·Tc)], Eg = Eg,ref·[1 + dEg/dT·(Tc − Tref)]
 * Rsh = Rsh,ref·Sref/S, Rs constant
 * (temperatures in kelvin inside; k/q = 8.617333262e-5 V/K).
 *
 * @param x.effectiveIrradiance irradiance converted to photocurrent S [W/m²], > 0
 * @param x.tempCell cell temperature Tc [°C]
 * @param p reference parameters (see {@link DesotoParams})
 * @returns the five parameters at (S, Tc)
 * @see W. De Soto, S. A. Klein, W. A. Beckman, "Improvement and validation of a model for photovoltaic
 *      array performance," Solar Energy 80 (2006) 78–88, doi:10.1016/j.solener.2005.06.010
 */
export function calcparamsDesoto(
  x: { effectiveIrradiance: number; tempCell: number },
  p: DesotoParams,
): SingleDiodeParams {
  return translate(x, p, p.alphaSc);
}

/**
 * Single-diode parameters at operating conditions, CEC model: De Soto's translation with the
 * temperature coefficient of the photocurrent reduced by Adjust,
 *
 * αsc,adj = αsc·(1 − Adjust/100),
 *
 * which the CEC fit chooses so that the model reproduces the rated temperature coefficient of Voc.
 *
 * @param x.effectiveIrradiance irradiance converted to photocurrent S [W/m²], > 0
 * @param x.tempCell cell temperature Tc [°C]
 * @param p reference parameters with Adjust [%]
 * @returns the five parameters at (S, Tc)
 * @see A. P. Dobos, "An improved coefficient calculator for the California Energy Commission
 *      6 parameter photovoltaic module model," J. Sol. Energy Eng. 134 (2012),
 *      doi:10.1115/1.4005759; W. De Soto et al., Solar Energy 80 (2006) 78–88,
 *      doi:10.1016/j.solener.2005.06.010
 */
export function calcparamsCec(
  x: { effectiveIrradiance: number; tempCell: number },
  p: CecParams,
): SingleDiodeParams {
  return translate(x, p, p.alphaSc * (1 - p.adjust / 100));
}
