/**
 * One distinct DC field over the weather (spec 4 §2 steps 11–14) on its optics result: cell
 * temperature, DC loss factors on the effective irradiance and the module's maximum power point with
 * the DC wiring (shared between DC fields that differ only in their strings), then the field's strings.
 */
import type { OpticsResult } from '../chain/opticsSeries.ts';
import { moduleMpp, moduleMppSeries, moduleParams } from '../module/moduleModel.ts';
import { pvwattsDcKernel } from '../module/pvwatts.ts';
import { singleDiodeCurrent } from '../module/singleDiode.ts';
import { cellTemperatureSeries } from '../temperature/cellTemperature.ts';
import { DcWiringLossModel } from './enums.ts';
import { resultColumn } from './scratch.ts';
import type { DcFieldSettings } from './resolveDcField.ts';
import type { SimulationWeather } from './weatherInput.ts';

/** Columns of one module under the conditions of a DC field (shared by DC fields that differ only in strings). */
export interface ModuleColumns {
  /** cell temperature [°C] */
  readonly tempCell: Float64Array;
  /** effective irradiance × the DC loss factors (mismatch, LID, quality, DC health): what the cells convert [W/m²] */
  readonly irradianceDc: Float64Array;
  /** one module at its MPP with the wiring resistance: power [W], voltage [V], current [A] */
  readonly pmp: Float64Array;
  readonly vmp: Float64Array;
  readonly imp: Float64Array;
}

/**
 * The module at 25 °C cells under the same irradiance: power [W], current [A]. Only the loss tree's
 * temperature stage reads them (`plantStages`), so they are scratch columns of the simulation, not
 * part of its result.
 */
export interface ModuleAt25 {
  readonly pmp25: Float64Array;
  readonly imp25: Float64Array;
}

/** A scratch column of n values that the result will not hold (`Scratch.lend`: every step is written). */
export type ScratchColumn = (n: number) => Float64Array;

/** Columns of one distinct DC field, for one instance of it (before degradation). */
export interface DcFieldResult {
  /** the key shared by equal DC fields, and the paths of the DC fields it stands for */
  readonly key: string;
  readonly paths: string[];
  /** Σ over its paths of the product of the repeaters above and at the DC field [-] */
  instances: number;
  readonly settings: DcFieldSettings;
  /** the optics chain's columns (POA components, shading, IAM, spectral, rear, effective) */
  readonly optics: OpticsResult;
  /** one module's columns (see {@link ModuleColumns}) */
  readonly module: ModuleColumns;
  /** cell temperature [°C] (the module's column) */
  readonly tempCell: Float64Array;
  /** the field's DC output at its maximum power point after the wiring loss [W], voltage [V], current [A] */
  readonly dcPower: Float64Array;
  readonly dcVoltage: Float64Array;
  readonly dcCurrent: Float64Array;
  /**
   * the wiring of the field: modules in series and strings in parallel, the wiring resistance per
   * module R_w [Ω] and the power fraction f [-] (one of them 0); with the module's columns they give
   * the field's power before the wiring loss at 25 °C, N·(P25 + I25²·R_w), and at Tc, N·(P + I²·R_w),
   * and the wiring loss N·I²·R_w or f·N·P (N = Ns·Np) — see `plantStages`
   */
  readonly wiring: {
    modulesInSeries: number;
    stringsInParallel: number;
    resistance: number;
    fraction: number;
  };
}

/** Key of the module columns: DC fields with equal keys differ only in their strings. */
export function moduleKey(d: DcFieldSettings): string {
  return JSON.stringify([
    d.opticsKey,
    d.temperature,
    d.tempModule ? d.path : '',
    d.module.model,
    d.losses.combined,
    d.wiring.addedResistance,
    d.pvwatts,
  ]);
}

/**
 * @internal out = x·k step by step. The loops over steps of this file are leaf functions of typed
 * arrays and numbers: inside `evaluateModule` and `evaluateDcField` they made those functions hot, and
 * V8 optimised them with everything they call inlined, again at each shape of their arguments (issue
 * 17, warm-up: 7-25 ms of compilation each in the first simulations of a 1-minute year).
 */
function scaled(x: Float64Array, k: number, out: Float64Array): Float64Array {
  for (let i = 0; i < out.length; i++) out[i] = x[i]! * k;
  return out;
}

/** @internal A field's power, voltage and current from its module's MPP (see {@link evaluateDcField}). */
function fieldColumns(
  pmp: Float64Array,
  vmp: Float64Array,
  imp: Float64Array,
  k: number,
  ns: number,
  np: number,
  dcPower: Float64Array,
  dcVoltage: Float64Array,
  dcCurrent: Float64Array,
): void {
  for (let i = 0; i < dcPower.length; i++) {
    dcPower[i] = pmp[i]! * k;
    dcVoltage[i] = vmp[i]! * ns;
    dcCurrent[i] = imp[i]! * np;
  }
}

/**
 * One module under a DC field's conditions (spec 4 §2 steps 11–14). Per step, with S_eff the effective
 * irradiance (front + rear) and U = Umm·ULID·Uq·Udc the DC loss factors (`dcLossFactors`):
 * S_dc = U·S_eff; Tc from the chosen model on the front POA after horizon and near shading
 * (geometric), air temperature and wind (the rear side does not heat the model, spec 4 §2); the MPP at
 * (S_dc, Tc) with Rs + R_w when the wiring is a series resistance R_w (`dcWiringResistance`), and at
 * (S_dc, 25 °C) for the temperature loss (`moduleMppSeries`, allocation-free).
 *
 * @param d the DC field
 * @param optics its optics columns (from `runOptics`)
 * @param w the weather (air temperature and wind without gaps)
 * @param scratch where the 25 °C columns go (they are not part of the result); new arrays by default
 * @returns the module's columns, and its columns at 25 °C
 */
export function evaluateModule(
  d: DcFieldSettings,
  optics: Pick<OpticsResult, 'length' | 'poaAfterNearShading' | 'effectiveIrradiance'>,
  w: SimulationWeather,
  scratch: ScratchColumn = (k) => new Float64Array(k),
): { module: ModuleColumns; at25: ModuleAt25 } {
  const n = optics.length;
  const f = () => resultColumn(n);
  const tempCell = f();
  cellTemperatureSeries(
    {
      poaGlobal: optics.poaAfterNearShading,
      tempAir: w.tempAir,
      windSpeed: w.windSpeed,
      stepHours: w.intervalHours,
      ...(d.tempModule ? { tempModule: d.tempModule } : {}),
    },
    d.temperature,
    tempCell,
  );
  const u = d.losses.combined;
  const eff = optics.effectiveIrradiance;
  // Without DC loss factors (U = 1) S_dc is S_eff bit for bit (x·1 = x): the optics column itself.
  const irradianceDc = u === 1 ? eff : scaled(eff, u, resultColumn(n, true));
  const opts = { addedSeriesResistance: d.wiring.addedResistance };
  const out = { tempCell, irradianceDc, pmp: f(), vmp: f(), imp: f() };
  moduleMppSeries({ effectiveIrradiance: irradianceDc, tempCell }, d.module.model, out, opts);
  // At 25 °C: scratch (moduleMppSeries writes every step); Vmp is read only by PVWatts, below.
  const at25 = { pmp25: scratch(n), imp25: scratch(n) };
  const vmp25 = scratch(n);
  moduleMppSeries(
    { effectiveIrradiance: irradianceDc, tempCell: 25 },
    d.module.model,
    { pmp: at25.pmp25, vmp: vmp25, imp: at25.imp25 },
    opts,
  );
  if (d.pvwatts) pvwattsPower(d.pvwatts, irradianceDc, tempCell, out, at25, vmp25);
  return { module: out, at25 };
}

/**
 * @internal The PVWatts DC model in place of the module's power (Dobos 2014, `pvwattsDcKernel`):
 * P = S/1000·Pdc0·(1 + γ(Tc − 25)) at the cell temperature and at 25 °C, at the voltage of the module's
 * own MPP (I = P/V), so the inverter's window and efficiency see the module's voltage.
 */
function pvwattsPower(
  p: NonNullable<DcFieldSettings['pvwatts']>,
  s: Float64Array,
  tempCell: Float64Array,
  out: { pmp: Float64Array; vmp: Float64Array; imp: Float64Array },
  at25: ModuleAt25,
  vmp25: Float64Array,
): void {
  for (let i = 0; i < s.length; i++) {
    const g = s[i]! > 0 ? s[i]! : 0;
    const pw = g > 0 ? pvwattsDcKernel(g, tempCell[i]!, p.pdc0, p.gamma, 25) : 0;
    const pw25 = g > 0 ? pvwattsDcKernel(g, 25, p.pdc0, p.gamma, 25) : 0;
    const v = out.vmp[i]!;
    const v25 = vmp25[i]!;
    out.pmp[i] = pw;
    out.imp[i] = v > 0 ? pw / v : 0;
    at25.pmp25[i] = pw25;
    at25.imp25[i] = v25 > 0 ? pw25 / v25 : 0;
  }
}

/**
 * One DC field from its module's columns: the strings and the wiring.
 *   series resistance (in the module's solve): P = Ns·Np·Pmp, V = Ns·Vmp, I = Np·Imp;
 *   power fraction f: P = (1 − f)·Ns·Np·Pmp with V, I unchanged.
 *
 * @param d the DC field
 * @param optics its optics columns
 * @param m its module's columns ({@link evaluateModule})
 * @returns the field's columns (one instance)
 */
export function evaluateDcField(d: DcFieldSettings, optics: OpticsResult, m: ModuleColumns): DcFieldResult {
  const n = optics.length;
  const ns = d.modulesInSeries;
  const np = d.stringsInParallel;
  const nm = ns * np;
  const fraction = d.wiring.model === DcWiringLossModel.PowerFraction ? d.wiring.lossPct / 100 : 0;
  // fieldColumns writes every step of the three
  const dcPower = resultColumn(n, true);
  const dcVoltage = resultColumn(n, true);
  const dcCurrent = resultColumn(n, true);
  const { pmp, vmp, imp } = m;
  fieldColumns(pmp, vmp, imp, (1 - fraction) * nm, ns, np, dcPower, dcVoltage, dcCurrent);
  return {
    key: d.dcKey,
    paths: [],
    instances: 0,
    settings: d,
    optics,
    module: m,
    tempCell: m.tempCell,
    dcPower,
    dcVoltage,
    dcCurrent,
    wiring: {
      modulesInSeries: ns,
      stringsInParallel: np,
      resistance: fraction > 0 ? 0 : d.wiring.addedResistance,
      fraction,
    },
  };
}

/**
 * The field's DC power at an operating voltage other than its MPP (an inverter holding the voltage at
 * an edge of its MPPT window), from the single-diode curve of the step: P = Ns·Np·V_m·I(V_m) with
 * V_m = V/Ns, less the wiring fraction f when the wiring loss is a power fraction [W]; 0 at night.
 * @param r the field; @param i the step; @param vDc the field voltage [V]
 */
export function dcFieldPowerAt(r: DcFieldResult, i: number, vDc: number): number {
  const d = r.settings;
  const s = r.module.irradianceDc[i]!;
  if (!(s > 0) || !(vDc > 0)) return 0;
  const p = moduleParams({ effectiveIrradiance: s, tempCell: r.module.tempCell[i]! }, d.module.model, {
    addedSeriesResistance: d.wiring.addedResistance,
  });
  const vm = vDc / d.modulesInSeries;
  const im = singleDiodeCurrent({ voltage: vm }, p);
  const fraction = d.wiring.model === DcWiringLossModel.PowerFraction ? d.wiring.lossPct / 100 : 0;
  // PVWatts has no I–V curve: its MPP power scaled by the module curve's P(V)/Pmp
  const scale = d.pvwatts
    ? r.module.pmp[i]! /
      (moduleMpp({ effectiveIrradiance: s, tempCell: r.module.tempCell[i]! }, d.module.model).pmp || 1)
    : 1;
  return im > 0 ? (1 - fraction) * vDc * im * d.stringsInParallel * scale : 0;
}
