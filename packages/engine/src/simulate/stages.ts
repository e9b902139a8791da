/**
 * Plant-level columns of the chain up to the DC field outputs (year-independent): irradiance stages as
 * the plant's DC-rating-weighted mean over its DC fields (the optics columns themselves when all DC
 * fields share one optics result), and the DC stages as plant totals, in the loss tree's order
 * (`results/lossTree.ts`).
 *
 * The DC loss factors act on the irradiance before the diode model (spec 4 §2), while the loss tree
 * reports them after the temperature stage; each DC field's power is split into the tree's stages by
 * the factors themselves, with U = Uq·ULID·Umm·Udc, P25 and PTc the field's power before the wiring loss
 * at (S_dc, 25 °C) and (S_dc, Tc), W the wiring loss and P the output:
 *   irradiance P25/U → temperature PTc/U → quality PTc·Uq/U → LID PTc·Uq·ULID/U → mismatch PTc/Udc →
 *   wiring (PTc − W)/Udc → DC health P.
 * The stages telescope exactly to P; the split between the irradiance and the factor stages takes the
 * power as proportional to the irradiance over the small range 1/U (the irradiance and temperature
 * stages are computed from the diode model itself).
 */
import { fieldPowers, type DcFieldResult } from './dcField.ts';

/** Year-independent plant-level columns [W/m² for irradiance, W for power]. */
export interface PlantStages {
  month: Uint8Array;
  ghi: Float64Array;
  dni: Float64Array;
  dhi: Float64Array;
  poa: Float64Array;
  poaBeam: Float64Array;
  poaSkyDiffuse: Float64Array;
  poaGroundDiffuse: Float64Array;
  poaAfterFarShading: Float64Array;
  poaAfterNearShading: Float64Array;
  poaAfterElectricalShading: Float64Array;
  poaAfterSoiling: Float64Array;
  poaAfterIam: Float64Array;
  poaAfterSpectral: Float64Array;
  /** incident rear irradiance [W/m²] (0 for monofacial plants) */
  poaRear: Float64Array;
  rearIrradiance: Float64Array | undefined;
  rearAfterStructureShading: Float64Array | undefined;
  rearAfterBackMismatch: Float64Array | undefined;
  rearEffective: Float64Array | undefined;
  effectiveIrradiance: Float64Array;
  tempCell: Float64Array;
  dcAfterIrradiance: Float64Array;
  dcAfterTemperature: Float64Array;
  dcAfterQuality: Float64Array;
  dcAfterLid: Float64Array;
  dcAfterMismatch: Float64Array;
  dcAfterWiring: Float64Array;
  dcAfterHealth: Float64Array;
  /**
   * one module's short-circuit current, largest over the DC fields, as conductor sizing estimates it:
   * Isc,STC·G_eff/1000·(1 + α_Isc,rel·(Tc − 25)) [A]
   */
  moduleShortCircuitCurrent: Float64Array;
}

const IRRADIANCE = [
  ['ghi', 'ghi'],
  ['dni', 'dni'],
  ['dhi', 'dhi'],
  ['poa', 'poaGlobal'],
  ['poaBeam', 'poaBeam'],
  ['poaSkyDiffuse', 'poaSkyDiffuse'],
  ['poaGroundDiffuse', 'poaGroundDiffuse'],
  ['poaAfterFarShading', 'poaAfterHorizon'],
  ['poaAfterNearShading', 'poaAfterNearShading'],
  ['poaAfterElectricalShading', 'poaAfterShading'],
  ['poaAfterSoiling', 'poaAfterSoiling'],
  ['poaAfterIam', 'poaAfterIam'],
  ['poaAfterSpectral', 'poaAfterSpectral'],
  ['poaRear', 'poaRear'],
  ['effectiveIrradiance', 'effectiveIrradiance'],
] as const;

/**
 * The plant-level columns from the distinct DC fields and their instance counts.
 * @param fields the distinct DC fields (with `instances`)
 * @param dcCapacity the plant's DC rating P0 [W] (Σ instances × field rating)
 * @returns the columns
 */
export function plantStages(fields: readonly DcFieldResult[], dcCapacity: number): PlantStages {
  const first = fields[0]!;
  const n = first.optics.length;
  const f = () => new Float64Array(n);
  const bifacial = fields.some((d) => d.settings.geometry.bifacial !== undefined);
  const out = {
    month: first.optics.month,
    tempCell: undefined as unknown as Float64Array,
    rearIrradiance: bifacial ? f() : undefined,
    rearAfterStructureShading: bifacial ? f() : undefined,
    rearAfterBackMismatch: bifacial ? f() : undefined,
    rearEffective: bifacial ? f() : undefined,
    dcAfterIrradiance: f(),
    dcAfterTemperature: f(),
    dcAfterQuality: f(),
    dcAfterLid: f(),
    dcAfterMismatch: f(),
    dcAfterWiring: f(),
    dcAfterHealth: f(),
  } as Record<string, unknown> as PlantStages & Record<string, Float64Array>;
  // Irradiance: one pass per distinct optics result, with the summed weight of its DC fields; the
  // optics columns themselves when the plant has one (no copy).
  const weights = new Map<DcFieldResult['optics'], number>();
  for (const d of fields)
    weights.set(d.optics, (weights.get(d.optics) ?? 0) + (d.instances * d.settings.dcCapacity) / dcCapacity);
  const single = weights.size === 1 ? [...weights.keys()][0]! : undefined;
  for (const [k, col] of IRRADIANCE) out[k] = single ? single[col] : f();
  if (!single)
    for (const [o, w] of weights)
      for (const [k, col] of IRRADIANCE) {
        const src = o[col];
        const dst = out[k]!;
        for (let i = 0; i < n; i++) dst[i]! += w * src[i]!;
      }
  const oneModule = fields.every((d) => d.tempCell === first.tempCell);
  out.tempCell = oneModule ? first.tempCell : f();
  const isc = f();
  const powers = new Float64Array(3);
  for (const d of fields) {
    const w = (d.instances * d.settings.dcCapacity) / dcCapacity;
    const o = d.optics;
    if (!oneModule) for (let i = 0; i < n; i++) out.tempCell[i]! += w * d.tempCell[i]!;
    const b = d.settings.geometry.bifacial;
    if (b && out.rearIrradiance) {
      const ss = 1 - (b.structureShading ?? 0) / 100;
      const bm = 1 - (b.backsideMismatch ?? 0) / 100;
      for (let i = 0; i < n; i++) {
        const r = w * o.poaRear[i]!;
        out.rearIrradiance[i]! += r;
        out.rearAfterStructureShading![i]! += r * ss;
        out.rearAfterBackMismatch![i]! += r * ss * bm;
        out.rearEffective![i]! += w * o.rearEffective[i]!;
      }
    }
    const L = d.settings.losses;
    const c = d.instances;
    const u = L.combined;
    const inv = u > 0 ? c / u : 0;
    const invH = L.dcHealth > 0 ? c / L.dcHealth : 0;
    const { dcPower } = d;
    const q = L.quality;
    const ql = L.quality * L.lid;
    for (let i = 0; i < n; i++) {
      fieldPowers(d, i, powers);
      const tc = powers[1]!;
      out.dcAfterIrradiance[i]! += inv * powers[0]!;
      out.dcAfterTemperature[i]! += inv * tc;
      out.dcAfterQuality[i]! += inv * tc * q;
      out.dcAfterLid[i]! += inv * tc * ql;
      out.dcAfterMismatch[i]! += invH * tc;
      out.dcAfterWiring[i]! += invH * (tc - powers[2]!);
      out.dcAfterHealth[i]! += c * dcPower[i]!;
    }
    // Module Isc as codes size conductors: Isc,STC·G/1000·(1 + α_rel·(Tc − 25)).
    const m = d.settings.module;
    const k = m.stc.isc / 1000;
    const alpha = m.model.alphaSc / m.stc.isc;
    const g = o.effectiveIrradiance;
    for (let i = 0; i < n; i++) {
      const v = k * g[i]! * (1 + alpha * (d.tempCell[i]! - 25));
      if (v > isc[i]!) isc[i] = v;
    }
  }
  out.moduleShortCircuitCurrent = isc;
  return out;
}
