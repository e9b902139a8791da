/**
 * Plant-level columns of the chain up to the DC field outputs (year-independent): irradiance stages as
 * the plant's DC-rating-weighted mean over its DC fields (an optics column itself when all DC fields
 * share it), and the DC stages as plant totals, in the loss tree's order
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
import type { DcFieldResult } from './dcField.ts';

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
 * @internal dst = Σ w_k·src_k from zero: the same additions in the same order as repeated
 * `dst[i] += w_k·src_k[i]`, but reading up to four sources per pass over `dst`.
 */
export function weightedSum(
  srcs: readonly Float64Array[],
  ws: readonly number[],
  dst: Float64Array,
): Float64Array {
  const n = dst.length;
  dst.fill(0);
  for (let k = 0; k < srcs.length; k += 4) {
    const m = Math.min(4, srcs.length - k);
    const a = srcs[k]!;
    const wa = ws[k]!;
    if (m === 1) {
      for (let i = 0; i < n; i++) dst[i] = dst[i]! + wa * a[i]!;
      continue;
    }
    const b = srcs[k + 1]!;
    const wb = ws[k + 1]!;
    if (m === 2) {
      for (let i = 0; i < n; i++) dst[i] = dst[i]! + wa * a[i]! + wb * b[i]!;
      continue;
    }
    const c = srcs[k + 2]!;
    const wc = ws[k + 2]!;
    if (m === 3) {
      for (let i = 0; i < n; i++) dst[i] = dst[i]! + wa * a[i]! + wb * b[i]! + wc * c[i]!;
      continue;
    }
    const d = srcs[k + 3]!;
    const wd = ws[k + 3]!;
    for (let i = 0; i < n; i++) dst[i] = dst[i]! + wa * a[i]! + wb * b[i]! + wc * c[i]! + wd * d[i]!;
  }
  return dst;
}

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
  // Each DC field's share of the plant's DC rating (all its instances).
  const share = fields.map((d) => (d.instances * d.settings.dcCapacity) / dcCapacity);
  const weights = new Map<DcFieldResult['optics'], number>();
  fields.forEach((d, j) => weights.set(d.optics, (weights.get(d.optics) ?? 0) + share[j]!));
  // Mountings of one site hold its sun and horizontal irradiance columns by reference: a column that
  // every optics result shares is the plant's column as it is.
  for (const [k, col] of IRRADIANCE) {
    const bySource = new Map<Float64Array, number>();
    for (const [o, w] of weights) bySource.set(o[col], (bySource.get(o[col]) ?? 0) + w);
    const srcs = [...bySource.keys()];
    out[k] = srcs.length === 1 ? srcs[0]! : weightedSum(srcs, [...bySource.values()], f());
  }
  const oneModule = fields.every((d) => d.tempCell === first.tempCell);
  out.tempCell = oneModule
    ? first.tempCell
    : weightedSum(
        fields.map((d) => d.tempCell),
        share,
        f(),
      );
  const isc = f();
  // Columns in locals: `out` is built key by key, so its property loads are slow inside the loops.
  const rearIrradiance = out.rearIrradiance;
  const rearAfterStructureShading = out.rearAfterStructureShading;
  const rearAfterBackMismatch = out.rearAfterBackMismatch;
  const rearEffective = out.rearEffective;
  const dcAfterIrradiance = out.dcAfterIrradiance;
  const dcAfterTemperature = out.dcAfterTemperature;
  const dcAfterQuality = out.dcAfterQuality;
  const dcAfterLid = out.dcAfterLid;
  const dcAfterMismatch = out.dcAfterMismatch;
  const dcAfterWiring = out.dcAfterWiring;
  const dcAfterHealth = out.dcAfterHealth;
  for (const [j, d] of fields.entries()) {
    const w = share[j]!;
    const o = d.optics;
    const dTempCell = d.tempCell;
    const b = d.settings.geometry.bifacial;
    if (b && rearIrradiance) {
      const ss = 1 - (b.structureShading ?? 0) / 100;
      const bm = 1 - (b.backsideMismatch ?? 0) / 100;
      const poaRear = o.poaRear;
      const rearEff = o.rearEffective;
      for (let i = 0; i < n; i++) {
        const r = w * poaRear[i]!;
        rearIrradiance[i]! += r;
        rearAfterStructureShading![i]! += r * ss;
        rearAfterBackMismatch![i]! += r * ss * bm;
        rearEffective![i]! += w * rearEff[i]!;
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
    // fieldPowers (dcField.ts) inlined, with the same operations in the same order.
    const { modulesInSeries, stringsInParallel, resistance: rw, fraction } = d.wiring;
    const nm = modulesInSeries * stringsInParallel;
    const { pmp, imp, pmp25, imp25 } = d.module;
    for (let i = 0; i < n; i++) {
      const p = pmp[i]!;
      let p0: number;
      let tc: number;
      let loss: number;
      if (fraction > 0) {
        p0 = pmp25[i]! * nm;
        tc = p * nm;
        loss = fraction * p * nm;
      } else {
        const cur = imp[i]!;
        const c25 = imp25[i]!;
        p0 = (pmp25[i]! + c25 * c25 * rw) * nm;
        tc = (p + cur * cur * rw) * nm;
        loss = cur * cur * rw * nm;
      }
      dcAfterIrradiance[i]! += inv * p0;
      dcAfterTemperature[i]! += inv * tc;
      dcAfterQuality[i]! += inv * tc * q;
      dcAfterLid[i]! += inv * tc * ql;
      dcAfterMismatch[i]! += invH * tc;
      dcAfterWiring[i]! += invH * (tc - loss);
      dcAfterHealth[i]! += c * dcPower[i]!;
    }
    // Module Isc as codes size conductors: Isc,STC·G/1000·(1 + α_rel·(Tc − 25)).
    const m = d.settings.module;
    const k = m.stc.isc / 1000;
    const alpha = m.model.alphaSc / m.stc.isc;
    const g = o.effectiveIrradiance;
    for (let i = 0; i < n; i++) {
      const v = k * g[i]! * (1 + alpha * (dTempCell[i]! - 25));
      if (v > isc[i]!) isc[i] = v;
    }
  }
  out.moduleShortCircuitCurrent = isc;
  return out;
}
