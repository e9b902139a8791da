/**
 * Metastability of CdTe modules: the light-soaked state of a CdTe module differs from the one its
 * datasheet was measured in, mostly in voltage. The product stores a voltage scale factor
 * (`metastabilityVoltageScaleFactor`, 1 by default) and twelve coefficients c0…c11 of a model driven by
 * lagged moving averages of irradiance and temperature; the equations of that model were not
 * retrieved (spec 3 lists the fields only), so only the voltage scale factor is applied here.
 */

/**
 * Operating point of a module with its voltage scaled by the metastability factor.
 *
 * V' = k·V, I' = I, P' = k·P (for the maximum power point and Voc; Isc unchanged)
 *
 * Scaling the voltage axis of the IV curve by k keeps the maximum power point at the same current,
 * so Vmp, Voc and Pmp scale by k.
 *
 * @param x.pmp power [W]; x.vmp voltage at MPP [V]; x.voc open-circuit voltage [V]
 * @param p.metastabilityVoltageScaleFactor voltage scale factor k [-] (useMetastability on; 1 = none)
 * @returns the scaled Pmp [W], Vmp [V], Voc [V]
 * @see spec 1 §3 and spec 3 `MetastabilityProperties` (a product definition, no paper)
 */
export function metastabilityVoltageScale(
  x: { pmp: number; vmp: number; voc: number },
  p: { metastabilityVoltageScaleFactor: number },
): { pmp: number; vmp: number; voc: number } {
  const k = p.metastabilityVoltageScaleFactor;
  return { pmp: x.pmp * k, vmp: x.vmp * k, voc: x.voc * k };
}

/**
 * Series form of {@link metastabilityVoltageScale}, in place on the outputs of `moduleMppSeries`.
 * @param out Pmp [W], Vmp [V] and optionally Voc [V] per step, scaled in place
 * @param p.metastabilityVoltageScaleFactor k [-]
 */
export function metastabilityVoltageScaleSeries(
  out: { pmp: Float64Array; vmp: Float64Array; voc?: Float64Array },
  p: { metastabilityVoltageScaleFactor: number },
): void {
  const k = p.metastabilityVoltageScaleFactor;
  if (k === 1) return;
  const { pmp, vmp, voc } = out;
  for (let i = 0; i < pmp.length; i++) {
    pmp[i] = pmp[i]! * k;
    vmp[i] = vmp[i]! * k;
  }
  if (voc) for (let i = 0; i < voc.length; i++) voc[i] = voc[i]! * k;
}
