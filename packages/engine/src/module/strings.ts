/**
 * From one module to a string and a DC field: modules in series add their voltages, strings in
 * parallel add their currents (identical modules, no mismatch beyond the loss factors).
 */

/** Wiring of a DC field (spec 3 names). */
export interface DcFieldWiring {
  /** modules in series per string Nser (`modulesWiredInSeries`) [-] */
  modulesInSeries: number;
  /** strings in parallel Npar (`numberOfSeriesStringsWiredInParallel`) [-] */
  stringsInParallel: number;
}

/**
 * Operating point of a DC field from that of one module.
 *
 * V = Nser·Vmod, I = Npar·Imod, P = Nser·Npar·Pmod (same for Voc and Isc)
 *
 * @param x one module's Pmp [W], Vmp [V], Imp [A], Voc [V], Isc [A]
 * @param p modules in series and strings in parallel [-]
 * @returns the DC field's Pmp [W], Vmp [V], Imp [A], Voc [V], Isc [A]
 */
export function dcFieldFromModule(
  x: { pmp: number; vmp: number; imp: number; voc: number; isc: number },
  p: DcFieldWiring,
): { pmp: number; vmp: number; imp: number; voc: number; isc: number } {
  const ns = p.modulesInSeries;
  const np = p.stringsInParallel;
  return { pmp: x.pmp * ns * np, vmp: x.vmp * ns, imp: x.imp * np, voc: x.voc * ns, isc: x.isc * np };
}

/**
 * Series form of {@link dcFieldFromModule}: scales the module outputs of `moduleMppSeries` in place
 * (or into `out` when given).
 *
 * @param x one module's Pmp [W], Vmp [V], Imp [A], and optionally Voc [V], Isc [A], per step
 * @param p modules in series and strings in parallel [-]
 * @param out caller-owned field outputs; `x` itself by default
 */
export function dcFieldFromModuleSeries(
  x: { pmp: Float64Array; vmp: Float64Array; imp: Float64Array; voc?: Float64Array; isc?: Float64Array },
  p: DcFieldWiring,
  out: {
    pmp: Float64Array;
    vmp: Float64Array;
    imp: Float64Array;
    voc?: Float64Array;
    isc?: Float64Array;
  } = x,
): void {
  const ns = p.modulesInSeries;
  const np = p.stringsInParallel;
  const nsp = ns * np;
  const n = x.pmp.length;
  for (let i = 0; i < n; i++) {
    out.pmp[i] = x.pmp[i]! * nsp;
    out.vmp[i] = x.vmp[i]! * ns;
    out.imp[i] = x.imp[i]! * np;
  }
  if (x.voc && out.voc) for (let i = 0; i < n; i++) out.voc[i] = x.voc[i]! * ns;
  if (x.isc && out.isc) for (let i = 0; i < n; i++) out.isc[i] = x.isc[i]! * np;
}
