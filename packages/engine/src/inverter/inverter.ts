/**
 * The inverter at each step: DC operating point (MPPT window, voltage and current limits), conversion
 * efficiency (Sandia, curves, quadratic fit or PVWatts), AC limit (setpoint, design derate, kVA against
 * temperature and elevation, power factor, PQ capability) and night tare, with the time-series
 * overrides of setpoint, derate, maximum MPP voltage and maximum current. Step 16 of the chain
 * (spec 4 §2).
 */
import { efficiencyCurvesKernel, prepareEfficiencyCurves } from './efficiencyCurves.ts';
import type { EfficiencyCurve, EfficiencyPowerBasis, PreparedEfficiencyCurves } from './efficiencyCurves.ts';
import { pvwattsKernel, PVWATTS_ETA_INV_REF, type PvwattsInverterParams } from './pvwatts.ts';
import { sandiaUnclippedKernel, type SandiaInverterParams } from './sandia.ts';
import { fitSandiaInverter } from './sandiaFit.ts';
import { INVERTER_REGION, operatingPointKernel, type DcInputLimits } from './operatingPoint.ts';
import { interpHold, kvaKernel, prepareKva, preparePq } from './acLimit.ts';
import type { KvaCurve, KvaElevationMode, PqCurve, PreparedKva, PreparedPq } from './acLimit.ts';

/**
 * Conversion model, chosen explicitly:
 * `sandia` (CEC list coefficients); `curves` (bilinear in power and voltage); `curvesQuadratic`
 * (spec 4 V11+: the Sandia form fitted to the curves when there are 3 or more, else bilinear);
 * `pvwatts` (Dobos 2014).
 */
export type InverterEfficiencyModel =
  | { type: 'sandia'; params: SandiaInverterParams }
  | { type: 'curves'; efficiencyCurves: readonly EfficiencyCurve[]; powerBasis?: EfficiencyPowerBasis }
  | {
      type: 'curvesQuadratic';
      efficiencyCurves: readonly EfficiencyCurve[];
      powerBasis?: EfficiencyPowerBasis;
      /** Rated AC power used as Paco in the fit [W]. */
      paco: number;
      /** Reference voltage of the fit [V] (default the middle curve). */
      vdco?: number;
    }
  | { type: 'pvwatts'; params: PvwattsInverterParams };

/** kVA rating from curves at the site (see `inverterApparentPowerLimit`). */
export interface InverterKvaOptions {
  kVACurves: readonly KvaCurve[];
  /** Site elevation [m]. */
  elevation: number;
  elevationMode?: KvaElevationMode;
  /** With `useCoolingTemp`: the cooling design temperature [°C], used instead of each step's ambient. */
  coolingTemperature?: number;
}

/** Parameters of one inverter node. Absent limits are not applied. */
export interface InverterParams {
  efficiency: InverterEfficiencyModel;
  dcLimits?: DcInputLimits;
  /** DC power below which the inverter stays off (`minDCPowerThreshold`) [W]. */
  minDcPowerThreshold?: number;
  /** Night tare drawn while off [W] (default: Pnt of a Sandia model, else 0). */
  nightTare?: number;
  /** Active-power setpoint (`setpointkW`·1000) [W]; default no limit. */
  setpoint?: number;
  /** Design derate [-] multiplying the setpoint; default 1. */
  designDerate?: number;
  /** Apparent-power rating without curves (`kVARating`) [VA]. */
  apparentPower?: number;
  /** kVA curves (`usekVACurves`); they replace `apparentPower`. */
  kva?: InverterKvaOptions;
  /** Power factor |pf| [-], default 1: the kVA rating allows P ≤ S·pf. */
  powerFactor?: number;
  /** PQ capability curves (`usePQCurves`), applied with `powerFactor`. */
  pqCurves?: readonly PqCurve[];
}

/** Per-step inputs (caller-owned columns of equal length). */
export interface InverterInputs {
  /** Array maximum power at the inverter input [W]. */
  pMp: Float64Array;
  /** Array MPP voltage [V]. */
  vMp: Float64Array;
  /** Array short-circuit current [A] (improves the off-window approximation). */
  iSc?: Float64Array;
  /** Array open-circuit voltage [V] (improves the off-window approximation). */
  vOc?: Float64Array;
  /** Ambient temperature [°C]; needed by kVA curves (without a cooling temperature) and PQ curves. */
  tempAir?: Float64Array;
  /** Setpoint time series [W] (NaN = not set at that step); overrides derate and setpoint. */
  setpointSeries?: Float64Array;
  /** Derate time series [-] (NaN = not set). */
  derateSeries?: Float64Array;
  /** Vmpp adjustment: maximum MPPT voltage at each step [V] (NaN = the inverter's). */
  maxVoltageSeries?: Float64Array;
  /** Impp adjustment: maximum DC current at each step [A] (NaN = the inverter's). */
  maxCurrentSeries?: Float64Array;
  /** The array's exact power at a voltage [W] for step i (single-diode), used outside the window. */
  powerAtVoltage?: (i: number, vDc: number) => number;
}

/** Per-step outputs; only `acPower` is required. */
export interface InverterOutputs {
  /** AC output [W]; −night tare while off. */
  acPower: Float64Array;
  /**
   * DC power at the operating point [W] (0 while off); under an AC limit the inverter draws less, the
   * difference being counted in `clippingLoss` on the AC side.
   */
  dcPower?: Float64Array;
  /** Operating voltage [V]. */
  vDc?: Float64Array;
  /** Operating region (`INVERTER_REGION`). */
  region?: Uint8Array;
  /** AC limit in force [W]. */
  acLimit?: Float64Array;
  /** Pmp − Pdc: window, current limit, threshold and trip [W]. */
  offMppLoss?: Float64Array;
  /** Pdc − Pac before the AC limit [W]. */
  efficiencyLoss?: Float64Array;
  /** Pac before the limit − Pac [W]. */
  clippingLoss?: Float64Array;
}

const KIND_SANDIA = 0;
const KIND_CURVES = 1;
const KIND_PVWATTS = 2;

/** @internal Parameters resolved for the loop. */
interface PreparedInverter {
  kind: number;
  s: SandiaInverterParams;
  curves: PreparedEfficiencyCurves | null;
  pvwattsPdc0: number;
  pvwattsScale: number;
  modelLimit: number;
  tare: number;
  threshold: number;
  kva: PreparedKva | null;
  pq: PreparedPq | null;
}

const cache = new WeakMap<InverterParams, PreparedInverter>();
const NO_SANDIA: SandiaInverterParams = {
  paco: 0,
  pdco: 0,
  vdco: 0,
  pso: 0,
  c0: 0,
  c1: 0,
  c2: 0,
  c3: 0,
  pnt: 0,
};

/** @internal Resolves the model choice once per parameter object (quadratic fit, curve tables). */
export function prepareInverter(p: InverterParams): PreparedInverter {
  const hit = cache.get(p);
  if (hit) return hit;
  const e = p.efficiency;
  let kind = KIND_CURVES;
  let s = NO_SANDIA;
  let curves: PreparedEfficiencyCurves | null = null;
  let pvwattsPdc0 = 0;
  let pvwattsScale = 0;
  let modelLimit = Infinity;
  if (e.type === 'sandia') {
    kind = KIND_SANDIA;
    s = e.params;
    modelLimit = s.paco;
  } else if (e.type === 'pvwatts') {
    kind = KIND_PVWATTS;
    pvwattsPdc0 = e.params.pdc0;
    pvwattsScale = e.params.etaInvNom / (e.params.etaInvRef ?? PVWATTS_ETA_INV_REF);
    modelLimit = e.params.etaInvNom * e.params.pdc0;
  } else if (e.type === 'curvesQuadratic' && e.efficiencyCurves.length >= 3) {
    kind = KIND_SANDIA;
    s = fitSandiaInverter({ ...e, pnt: p.nightTare ?? 0 });
    modelLimit = s.paco;
  } else {
    curves = prepareEfficiencyCurves({
      efficiencyCurves: e.efficiencyCurves,
      powerBasis: e.powerBasis ?? 'ac',
    });
  }
  const pf = p.powerFactor ?? 1;
  const out: PreparedInverter = {
    kind,
    s,
    curves,
    pvwattsPdc0,
    pvwattsScale,
    modelLimit,
    tare: Math.abs(p.nightTare ?? (e.type === 'sandia' ? e.params.pnt : 0)),
    threshold: p.minDcPowerThreshold ?? 0,
    kva: p.kva ? prepareKva(p.kva) : null,
    pq:
      p.pqCurves && p.pqCurves.length > 0 && pf < 1
        ? preparePq({ pqCurves: p.pqCurves, powerFactor: pf })
        : null,
  };
  cache.set(p, out);
  return out;
}

/** @internal The step before the first with a positive DC power (0 when there is none). */
function firstLitStep(pMp: Float64Array): number {
  for (let i = 0; i < pMp.length; i++) if (pMp[i]! > 0) return i > 0 ? i - 1 : 0;
  return 0;
}

/**
 * AC output of an inverter over a series of steps (the inverter stage of the chain).
 *
 * At each step i:
 * 1. DC operating point (see `dcOperatingPoint`): V = clamp(Vmp, Vmin, Vmax) with Vmax from the Vmpp
 *    adjustment series when given; P(V) from `powerAtVoltage` or the piecewise-linear I–V approximation;
 *    trip above the absolute voltage; current limit Imax (from the Impp adjustment series when given).
 * 2. Off when Pdc < `minDcPowerThreshold`, when Pdc < Pso (Sandia), or when the model gives Pac ≤ 0:
 *    Pac = −Pnt (night tare).
 * 3. Conversion: Sandia Pac(Vdc, Pdc); bilinear curves Pac = η(Vdc, Pdc)·Pdc; PVWatts.
 * 4. AC limit: Plim = min(Paco, P_set, S(T)·pf, P_PQ(T)), with P_set = setpoint series, else
 *    derate(t)·setpoint (derate series, else design derate); S(T) from the kVA curves at the step's
 *    ambient temperature (or the cooling design temperature), else the static apparent power; P_PQ from
 *    the capability curves at the power factor. Pac = min(Pac, Plim).
 * Losses: offMpp = Pmp − Pdc, efficiency = Pdc − Pac,unlimited, clipping = Pac,unlimited − Pac.
 *
 * @param x per-step inputs (see {@link InverterInputs}); powers [W], voltages [V], currents [A], °C
 * @param p inverter node parameters (see {@link InverterParams})
 * @param out caller-owned outputs (see {@link InverterOutputs}); nothing is allocated per step
 * @returns `out`
 * @see D. L. King et al., "Performance Model for Grid-Connected Photovoltaic Inverters,"
 *      SAND2007-5036 (2007); A. P. Dobos, "PVWatts Version 5 Manual," NREL/TP-6A20-62641 (2014)
 */
export function inverterSeries(x: InverterInputs, p: InverterParams, out: InverterOutputs): InverterOutputs {
  const q = prepareInverter(p);
  const { pMp, vMp, tempAir, setpointSeries, derateSeries, maxVoltageSeries, maxCurrentSeries } = x;
  const n = pMp.length;
  const iSc = x.iSc;
  const vOc = x.vOc;
  const lim = p.dcLimits ?? {};
  const vLo = lim.minVoltage ?? -Infinity;
  const vHi0 = lim.maxMPPVoltage ?? Infinity;
  const vAbs = lim.maxAbsoluteVoltage ?? Infinity;
  const iMax0 = lim.maxCurrent ?? Infinity;
  const setpoint = p.setpoint ?? Infinity;
  const derate0 = p.designDerate ?? 1;
  const pf = Math.min(1, Math.abs(p.powerFactor ?? 1));
  const kva = q.kva;
  const tCool = p.kva?.coolingTemperature;
  const kvaConst = kva && tCool !== undefined ? kvaKernel(kva, tCool) * pf : Number.NaN;
  const sStatic = p.apparentPower !== undefined ? p.apparentPower * pf : Infinity;
  const pq = q.pq;
  const pqConst = pq && pq.limits.length === 1 ? pq.limits[0]! : Number.NaN;
  if (((kva && tCool === undefined) || (pq && pqConst !== pqConst)) && !tempAir) {
    throw new RangeError('inverterSeries: tempAir is needed by the kVA or PQ curves');
  }
  const { kind, s, curves, modelLimit, tare, threshold, pvwattsPdc0, pvwattsScale } = q;
  const { paco, pdco, vdco, pso, c0, c1, c2, c3 } = s;
  const fn = x.powerAtVoltage;
  let stepIndex = 0;
  const exactAt = fn ? (v: number) => fn(stepIndex, v) : undefined;
  const sc = new Float64Array(2);
  const { acPower, dcPower, vDc, region, acLimit, offMppLoss, efficiencyLoss, clippingLoss } = out;
  // Steps are independent: the loop starts at the step before the first with power and wraps round,
  // and the operations of rare branches (clipping, off the MPP) are done at every step. A weather year
  // begins at midnight, and V8 compiled this loop (on the stack, OSR) after the first hours of night,
  // with no feedback for the day's operations: the first sunlit step threw the code away, the first
  // clipped one again (three compilations, ~30 ms in a 1-minute year's first run; issue 17).
  const acLimitRegion = INVERTER_REGION.acLimit;
  let i = firstLitStep(pMp) - 1;
  for (let j = 0; j < n; j++) {
    if (++i === n) i = 0;
    stepIndex = i;
    // `+` on values computed before the loop wherever a local takes either one of them or a double
    // computed here: the loop runs in code compiled on the stack (OSR; the function is called once a
    // simulation), where those values are tagged, and such a local would box the double at every step
    // (the kVA limit of the examples: one heap number a step, 8 MB of a 1-minute year; issue 17)
    let vHi = +vHi0;
    if (maxVoltageSeries) {
      const m = maxVoltageSeries[i]!;
      if (m === m) vHi = m;
    }
    let iMax = +iMax0;
    if (maxCurrentSeries) {
      const m = maxCurrentSeries[i]!;
      if (m === m) iMax = m;
    }
    const pmp = pMp[i]!;
    let reg: number = operatingPointKernel(
      pmp,
      vMp[i]!,
      iSc ? iSc[i]! : Number.NaN,
      vOc ? vOc[i]! : Number.NaN,
      vLo,
      vHi,
      vAbs,
      iMax,
      sc,
      exactAt,
    );
    const v = sc[0]!;
    let pdc = sc[1]!;
    // AC limit at this step.
    let limit = +modelLimit;
    let pset: number;
    if (setpointSeries && setpointSeries[i]! === setpointSeries[i]!) pset = setpointSeries[i]!;
    else if (derateSeries && derateSeries[i]! === derateSeries[i]!) pset = setpoint * derateSeries[i]!;
    else pset = setpoint * derate0;
    if (pset < limit) limit = pset;
    if (kva) {
      const sLim = kvaConst === kvaConst ? +kvaConst : kvaKernel(kva, tempAir![i]!) * pf;
      if (sLim < limit) limit = sLim;
    } else if (sStatic < limit) limit = +sStatic;
    if (pq) {
      const pLim = pqConst === pqConst ? +pqConst : interpHold(pq.temperatures, pq.limits, tempAir![i]!);
      if (pLim < limit) limit = pLim;
    }
    // Conversion.
    let pacU = 0;
    let on = reg !== INVERTER_REGION.off && reg !== INVERTER_REGION.overVoltage && pdc >= threshold;
    if (on) {
      if (kind === KIND_SANDIA) {
        if (pdc < pso) on = false;
        else pacU = sandiaUnclippedKernel(v, pdc, paco, pdco, vdco, pso, c0, c1, c2, c3);
      } else if (kind === KIND_CURVES) {
        pacU = efficiencyCurvesKernel(curves!, v, pdc) * pdc;
        if (!(pacU > 0)) on = false;
      } else {
        pacU = pvwattsKernel(pdc, pvwattsPdc0, pvwattsScale, Infinity);
        if (!(pacU > 0)) on = false;
      }
    }
    let ac: number;
    let clip = 0;
    const acClipped = limit > 0 ? limit : 0;
    const overLimit = pacU - acClipped;
    if (!on) {
      // 0 − tare, not −tare: +0 without a tare (a sum of one inverter's column is that column; issue 17).
      ac = 0 - tare;
      if (reg !== INVERTER_REGION.overVoltage) reg = INVERTER_REGION.off;
      pdc = 0;
      pacU = 0;
    } else if (pacU > limit) {
      ac = acClipped;
      clip = overLimit;
      reg = acLimitRegion;
    } else ac = pacU;
    const belowMpp = pmp - pdc;
    acPower[i] = ac;
    if (dcPower) dcPower[i] = pdc;
    if (vDc) vDc[i] = v;
    if (region) region[i] = reg;
    if (acLimit) acLimit[i] = limit;
    if (offMppLoss) offMppLoss[i] = pmp > pdc ? belowMpp : 0;
    if (efficiencyLoss) efficiencyLoss[i] = pdc - pacU;
    if (clippingLoss) clippingLoss[i] = clip;
  }
  return out;
}

/** Result of {@link inverterOutput} at one step. */
export interface InverterStep {
  acPower: number;
  dcPower: number;
  vDc: number;
  region: number;
  acLimit: number;
  offMppLoss: number;
  efficiencyLoss: number;
  clippingLoss: number;
}

/**
 * Scalar form of {@link inverterSeries} for one step (same kernel).
 * @param x one step's inputs: pMp [W], vMp [V], optional iSc [A], vOc [V], tempAir [°C] and the
 *   time-series overrides setpoint [W], derate [-], maxVoltage [V], maxCurrent [A]
 * @param p inverter node parameters
 * @returns AC power [W] and the step's operating point, limit and losses
 */
export function inverterOutput(
  x: {
    pMp: number;
    vMp: number;
    iSc?: number;
    vOc?: number;
    tempAir?: number;
    setpoint?: number;
    derate?: number;
    maxVoltage?: number;
    maxCurrent?: number;
  },
  p: InverterParams,
): InverterStep {
  const one = (v: number | undefined) => (v === undefined ? undefined : Float64Array.of(v));
  const o = {
    acPower: new Float64Array(1),
    dcPower: new Float64Array(1),
    vDc: new Float64Array(1),
    region: new Uint8Array(1),
    acLimit: new Float64Array(1),
    offMppLoss: new Float64Array(1),
    efficiencyLoss: new Float64Array(1),
    clippingLoss: new Float64Array(1),
  };
  inverterSeries(
    {
      pMp: Float64Array.of(x.pMp),
      vMp: Float64Array.of(x.vMp),
      iSc: one(x.iSc),
      vOc: one(x.vOc),
      tempAir: one(x.tempAir),
      setpointSeries: one(x.setpoint),
      derateSeries: one(x.derate),
      maxVoltageSeries: one(x.maxVoltage),
      maxCurrentSeries: one(x.maxCurrent),
    },
    p,
    o,
  );
  return {
    acPower: o.acPower[0]!,
    dcPower: o.dcPower[0]!,
    vDc: o.vDc[0]!,
    region: o.region[0]!,
    acLimit: o.acLimit[0]!,
    offMppLoss: o.offMppLoss[0]!,
    efficiencyLoss: o.efficiencyLoss[0]!,
    clippingLoss: o.clippingLoss[0]!,
  };
}
