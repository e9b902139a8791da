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
import type { DcFieldResult, ModuleAt25 } from './dcField.ts';
import { resultColumn } from './scratch.ts';

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

// The loops over steps are leaf functions of typed arrays and numbers: V8 optimises them alone, and
// no shape of the settings objects around them can throw their optimised code away (plantStages with
// its loops inline was recompiled six times in the first runs, 30-170 ms each; issue 17, warm-up).

/** @internal Adds a bifacial field's rear stages (× its share w). */
function addRear(
  poaRear: Float64Array,
  rearEff: Float64Array,
  w: number,
  ss: number,
  bm: number,
  rearIrradiance: Float64Array,
  rearAfterStructureShading: Float64Array,
  rearAfterBackMismatch: Float64Array,
  rearEffective: Float64Array,
): void {
  for (let i = 0; i < poaRear.length; i++) {
    const r = w * poaRear[i]!;
    rearIrradiance[i]! += r;
    rearAfterStructureShading[i]! += r * ss;
    rearAfterBackMismatch[i]! += r * ss * bm;
    rearEffective[i]! += w * rearEff[i]!;
  }
}

/**
 * @internal Adds a field's DC stages (see the file comment): its power before the wiring loss at 25 °C
 * and at Tc, N·(P25 + I25²·R_w) and N·(P + I²·R_w), and its wiring loss, N·I²·R_w or f·N·P. out: after irradiance, temperature, quality, LID, mismatch,
 * wiring, DC health.
 */
function addDcStages(
  module: { pmp: Float64Array; imp: Float64Array },
  at25: ModuleAt25,
  dcPower: Float64Array,
  k: {
    nm: number;
    rw: number;
    fraction: number;
    c: number;
    inv: number;
    invH: number;
    q: number;
    ql: number;
  },
  out: readonly Float64Array[],
  /** quality, LID and mismatch are the temperature stage's column (no factor of the three anywhere) */
  oneColumn: boolean,
  /** the health stage is the field's DC power itself (one field, one instance): not summed */
  healthIsPower: boolean,
): void {
  const { pmp, imp } = module;
  const { pmp25, imp25 } = at25;
  const { nm, rw, fraction, c, inv, invH, q, ql } = k;
  const [irr, temp, quality, lid, mismatch, wiring, health] = out as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  for (let i = 0; i < pmp.length; i++) {
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
    irr[i]! += inv * p0;
    temp[i]! += inv * tc;
    if (!oneColumn) {
      quality[i]! += inv * tc * q;
      lid[i]! += inv * tc * ql;
      mismatch[i]! += invH * tc;
    }
    wiring[i]! += invH * (tc - loss);
    if (!healthIsPower) health[i]! += c * dcPower[i]!;
  }
}

/** @internal A field's instance count and the factors of its DC stages (see {@link addDcStages}). */
function dcFactors(
  c: number,
  L: { combined: number; dcHealth: number; quality: number; lid: number },
): { c: number; inv: number; invH: number; q: number; ql: number } {
  const u = L.combined;
  return {
    c,
    inv: u > 0 ? c / u : 0,
    invH: L.dcHealth > 0 ? c / L.dcHealth : 0,
    q: L.quality,
    ql: L.quality * L.lid,
  };
}

/** @internal isc = max(isc, k·G·(1 + α·(Tc − 25))) step by step. */
function maxShortCircuitCurrent(
  g: Float64Array,
  tempCell: Float64Array,
  k: number,
  alpha: number,
  isc: Float64Array,
): void {
  for (let i = 0; i < g.length; i++) {
    const v = k * g[i]! * (1 + alpha * (tempCell[i]! - 25));
    if (v > isc[i]!) isc[i] = v;
  }
}

/**
 * The plant-level columns from the distinct DC fields and their instance counts.
 * @param fields the distinct DC fields (with `instances`)
 * @param dcCapacity the plant's DC rating P0 [W] (Σ instances × field rating)
 * @param at25 each field's module at 25 °C (`evaluateModule`), in the order of `fields`
 * @returns the columns
 */
export function plantStages(
  fields: readonly DcFieldResult[],
  dcCapacity: number,
  at25: readonly ModuleAt25[],
): PlantStages {
  const first = fields[0]!;
  const n = first.optics.length;
  const f = () => resultColumn(n);
  const bifacial = fields.some((d) => d.settings.geometry.bifacial !== undefined);
  // Columns in locals, the result one object literal at the end: an object built key by key (with a
  // field first undefined, then a column) changed its shape from run to run, and V8 threw away the
  // optimised code of this function at every call (issue 17, warm-up).
  const rearIrradiance = bifacial ? f() : undefined;
  const rearAfterStructureShading = bifacial ? f() : undefined;
  const rearAfterBackMismatch = bifacial ? f() : undefined;
  const rearEffective = bifacial ? f() : undefined;
  // Without quality, LID and mismatch factors (every field's q = q·LID = 1 and the mismatch stage's
  // 1/U_dc the temperature stage's 1/U) the three stages add inv·tc·1 and inv·tc to the same sums in
  // the same order as the temperature stage: bit for bit its values, so one column (issue 17).
  const factors = fields.map((d) => dcFactors(d.instances, d.settings.losses));
  const oneColumn = factors.every((k) => k.q === 1 && k.ql === 1 && k.invH === k.inv);
  const dcAfterIrradiance = f();
  const dcAfterTemperature = f();
  const dcAfterQuality = oneColumn ? dcAfterTemperature : f();
  const dcAfterLid = oneColumn ? dcAfterTemperature : f();
  const dcAfterMismatch = oneColumn ? dcAfterTemperature : f();
  const dcAfterWiring = f();
  // One DC field of one instance: the health stage 0 + 1·P is the field's DC power (the same values,
  // but a −0 there, which the sum made +0), its column itself (issue 17, first run).
  const healthIsPower = fields.length === 1 && factors[0]!.c === 1;
  const dcAfterHealth = healthIsPower ? first.dcPower : f();
  const irr = {} as Record<(typeof IRRADIANCE)[number][0], Float64Array>;
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
    irr[k] = srcs.length === 1 ? srcs[0]! : weightedSum(srcs, [...bySource.values()], resultColumn(n, true));
  }
  const oneModule = fields.every((d) => d.tempCell === first.tempCell);
  const tempCell = oneModule
    ? first.tempCell
    : weightedSum(
        fields.map((d) => d.tempCell),
        share,
        resultColumn(n, true), // weightedSum zero-fills it
      );
  const isc = f();
  for (const [j, d] of fields.entries()) {
    const w = share[j]!;
    const o = d.optics;
    const dTempCell = d.tempCell;
    const b = d.settings.geometry.bifacial;
    if (b && rearIrradiance) {
      const ss = 1 - (b.structureShading ?? 0) / 100;
      const bm = 1 - (b.backsideMismatch ?? 0) / 100;
      addRear(
        o.poaRear,
        o.rearEffective,
        w,
        ss,
        bm,
        rearIrradiance,
        rearAfterStructureShading!,
        rearAfterBackMismatch!,
        rearEffective!,
      );
    }
    const { modulesInSeries, stringsInParallel, resistance, fraction } = d.wiring;
    const m = d.settings.module;
    addDcStages(
      d.module,
      at25[j]!,
      d.dcPower,
      {
        nm: modulesInSeries * stringsInParallel,
        rw: resistance,
        fraction,
        ...factors[j]!,
      },
      [
        dcAfterIrradiance,
        dcAfterTemperature,
        dcAfterQuality,
        dcAfterLid,
        dcAfterMismatch,
        dcAfterWiring,
        dcAfterHealth,
      ],
      oneColumn,
      healthIsPower,
    );
    // Module Isc as codes size conductors: Isc,STC·G/1000·(1 + α_rel·(Tc − 25)).
    maxShortCircuitCurrent(
      o.effectiveIrradiance,
      dTempCell,
      m.stc.isc / 1000,
      m.model.alphaSc / m.stc.isc,
      isc,
    );
  }
  return {
    month: first.optics.month,
    ghi: irr.ghi,
    dni: irr.dni,
    dhi: irr.dhi,
    poa: irr.poa,
    poaBeam: irr.poaBeam,
    poaSkyDiffuse: irr.poaSkyDiffuse,
    poaGroundDiffuse: irr.poaGroundDiffuse,
    poaAfterFarShading: irr.poaAfterFarShading,
    poaAfterNearShading: irr.poaAfterNearShading,
    poaAfterElectricalShading: irr.poaAfterElectricalShading,
    poaAfterSoiling: irr.poaAfterSoiling,
    poaAfterIam: irr.poaAfterIam,
    poaAfterSpectral: irr.poaAfterSpectral,
    poaRear: irr.poaRear,
    rearIrradiance,
    rearAfterStructureShading,
    rearAfterBackMismatch,
    rearEffective,
    effectiveIrradiance: irr.effectiveIrradiance,
    tempCell,
    dcAfterIrradiance,
    dcAfterTemperature,
    dcAfterQuality,
    dcAfterLid,
    dcAfterMismatch,
    dcAfterWiring,
    dcAfterHealth,
    moduleShortCircuitCurrent: isc,
  };
}
