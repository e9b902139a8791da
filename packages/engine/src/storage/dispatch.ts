/**
 * Energy storage (ESS) dispatch over a series of steps: monthly × hourly discharge table, charge
 * algorithms, state of charge with limits, conversion losses, HVAC, and the degradation of capacity and
 * efficiency (step 20 of the chain, spec 4 §2 "ESS").
 */
import { MONTH_KEYS } from '../time/calendar.ts';
import { fadeKernel } from './essFormulas.ts';

/** Charge algorithm (spec 3 `ESSChargeAlgorithm`: 0 LGIA Excess, 1 Energy Available, 2 Custom). */
export type EssChargeAlgorithm = 'lgiaExcess' | 'energyAvailable' | 'custom';
/** The algorithms in the order of the spec's numeric enum. */
export const ESS_CHARGE_ALGORITHMS = ['lgiaExcess', 'energyAvailable', 'custom'] as const;

/** Custom command (spec 3 `ESSDispatchCustomCommand`). */
export const ESS_COMMAND = { none: 0, discharge: 1, charge: 2 } as const;

/**
 * Where the storage sits: `ac` on the plant's AC bus before the interconnection limit (through its own
 * inverter and MV transformer), `dc` on the PV inverters' DC bus (through a DC/DC converter whose
 * efficiency is `inverterEfficiency`; no MV transformer), the bus limit then being the DC input at
 * which the PV inverters reach their AC limit; its output goes through the PV inverters afterwards.
 */
export type EssCoupling = 'ac' | 'dc';

/** Storage parameters (spec 3 `ESSInputs` in engine units: W, Wh, VA, %). */
export interface EssParams {
  coupling: EssCoupling;
  /** Power rating of the ESS inverter (or DC/DC converter) [W]. */
  inverterCapacity: number;
  /** Nameplate energy [Wh]. */
  nameplateEnergyCapacity: number;
  /** Usable energy in year 1 [Wh]. */
  usableEnergyCapacityYear1: number;
  /** Capacity fade [% per year] and [% per equivalent full cycle]. */
  usableEnergyCapacityCalendarDeg?: number;
  usableEnergyCapacityCycleDeg?: number;
  /** DC round-trip efficiency in year 1 [%], and its fade [% per year], [% per cycle] (relative). */
  roundtripDCEfficiencyYear1: number;
  roundtripDCEfficiencyCalendarDeg?: number;
  roundtripDCEfficiencyCycleDeg?: number;
  /** HVAC load: constant part and part at full power [% of inverterCapacity]. */
  hvacNoLoadLoss?: number;
  hvacFullLoadLoss?: number;
  /** ESS MV transformer (AC coupling): losses [% of mvCapacity] and rating [VA]. */
  mvNoLoadLoss?: number;
  mvFullLoadLoss?: number;
  mvCapacity?: number;
  /** ESS inverter (or converter) efficiency [%], each direction. */
  inverterEfficiency: number;
  chargeAlgorithm: EssChargeAlgorithm;
  /** 288 flags, index (month − 1)·24 + hour: 1 = discharge hour (see {@link dispatchTableFromSpec}). */
  dispatchTable: Uint8Array;
  /** Lowest state of charge [fraction of nameplate]; default (1 − usable/nameplate)/2 (centred window). */
  socMin?: number;
}

/** Per-step inputs. */
export interface EssInputs {
  /** PV power offered at the coupling bus [W] (AC: plant output after availability, before LGIA). */
  pv: Float64Array;
  /** Export limit at the bus per step [W] (NaN = `limit`). */
  limitSeries?: Float64Array;
  /** Month 1…12 and hour 0…23 of each step (local standard time). */
  month: ArrayLike<number>;
  hour: ArrayLike<number>;
  /** Custom algorithm: command per step (`ESS_COMMAND`) and power as % of inverter capacity. */
  command?: ArrayLike<number>;
  inverterCapacityPct?: ArrayLike<number>;
}

/** Step and calendar options. */
export interface EssOptions {
  /** Step length [h]. */
  intervalHours: number;
  /** Constant export limit at the bus [W] (LGIA); default none. */
  limit?: number;
  /** Years in operation at the first step [yr], default 0. */
  yearsAtStart?: number;
}

/** State carried between calls (e.g. year to year); updated in place. */
export interface EssState {
  /** Stored energy [Wh] (absolute, including the reserve below socMin). */
  energy: number;
  /** Equivalent full cycles so far [-]. */
  cycles: number;
}

/** Per-step outputs; only `power` is required. Powers [W] as step averages. */
export interface EssOutputs {
  /** Power exported at the bus after storage and the limit [W]. */
  power: Float64Array;
  /** DC power at the battery terminals [W]: + charging, − discharging. */
  batteryPower?: Float64Array;
  /** State of charge at the end of the step [fraction of nameplate]. */
  soc?: Float64Array;
  /** Power taken from / delivered to the bus by the storage [W]. */
  charge?: Float64Array;
  discharge?: Float64Array;
  /** Losses [W]: inverter, MV transformer (no-load + load), HVAC, storage (round trip). */
  inverterLoss?: Float64Array;
  mvLoss?: Float64Array;
  hvacLoss?: Float64Array;
  storageLoss?: Float64Array;
  /** Power above the export limit that was curtailed [W]. */
  limitLoss?: Float64Array;
  /** Energy lost when the fading capacity fell below the stored energy [Wh]. */
  fadeLoss?: Float64Array;
  /** Usable capacity [Wh] and DC round-trip efficiency [-] in force. */
  usableCapacity?: Float64Array;
  roundTripEfficiency?: Float64Array;
}

/**
 * Converts the spec 3 `ESSDispatchTable` (months `january` … `december`, each `hour0` … `hour23`
 * booleans, true = discharge) to the 288-flag table.
 * @param x the dispatch table
 * @returns flags [-], index (month − 1)·24 + hour
 */
export function dispatchTableFromSpec(
  x: Partial<Record<string, Partial<Record<string, boolean>> | null>>,
): Uint8Array {
  const months = MONTH_KEYS;
  const t = new Uint8Array(288);
  months.forEach((m, k) => {
    const row = x[m];
    if (row) for (let h = 0; h < 24; h++) t[k * 24 + h] = row[`hour${h}`] ? 1 : 0;
  });
  return t;
}

/**
 * Converts the spec 3 custom dispatch list (`index`, `command` 0 None / 1 Discharge / 2 Charge,
 * `inverterCapacityPct`) to per-step columns; entries are placed by `index` counted from the smallest
 * index present (so 0- and 1-based lists both work); missing steps are None.
 * @param x.dispatchCustom the list
 * @param x.steps number of steps
 * @returns command [-] and power [% of inverter capacity] per step
 */
export function customDispatchFromSpec(x: {
  dispatchCustom: readonly { index: number; command: number; inverterCapacityPct: number }[];
  steps: number;
}): { command: Uint8Array; inverterCapacityPct: Float64Array } {
  const command = new Uint8Array(x.steps);
  const inverterCapacityPct = new Float64Array(x.steps);
  const base = x.dispatchCustom.reduce((m, e) => Math.min(m, e.index), Infinity);
  for (const e of x.dispatchCustom) {
    const i = e.index - base;
    if (i >= 0 && i < x.steps) {
      command[i] = e.command;
      inverterCapacityPct[i] = e.inverterCapacityPct;
    }
  }
  return { command, inverterCapacityPct };
}

/** Initial state: empty (stored energy at the lowest state of charge), no cycles. */
export function essInitialState(p: EssParams): EssState {
  return { energy: socMinOf(p) * p.nameplateEnergyCapacity, cycles: 0 };
}

function socMinOf(p: EssParams): number {
  return p.socMin ?? Math.max(0, (1 - p.usableEnergyCapacityYear1 / p.nameplateEnergyCapacity) / 2);
}

/**
 * Storage dispatch over a series of steps.
 *
 * Per step (Δt [h]; t years in operation; N equivalent full cycles):
 * - Capacity and efficiency: Eu = Eu1·max(0, 1 − (δcal·t + δcyc·N)/100), ηrt likewise; the stored energy
 *   E stays within [Emin, Emin + Eu], Emin = socMin·Enameplate (a fading capacity that falls below E
 *   removes the surplus, reported as `fadeLoss`). Charge and discharge each take √ηrt.
 * - Paths: bus ↔ MV transformer (AC: no-load S·NL/100 always, load S·FL/100·(y/S)²) ↔ ESS inverter
 *   (AC side y ≤ Pinv, efficiency ηinv) ↔ battery terminals d ↔ storage: charging stores √ηrt·d·Δt,
 *   discharging removes d/√ηrt·Δt.
 * - Charging request at the bus: `lgiaExcess` the PV above the limit, max(0, PV − L), at any hour;
 *   `energyAvailable` all PV outside discharge hours, the PV above the limit within them; `custom` on
 *   command 2, min(PV, pct·Pinv) (PV only, no grid charging). Limited by Pinv and the room left.
 * - Discharging in discharge hours of the monthly × hourly table (custom: command 1, at most pct·Pinv)
 *   when not charging: as much as the stored energy above Emin, Pinv and the bus headroom
 *   L − PV + no-load losses allow, so that the export does not exceed the limit.
 * - HVAC: Pinv·(HNL + HFL·(y/Pinv)²)/100, drawn at the bus with the MV no-load loss.
 * - Export: PV − charge + discharge − HVAC − MV no-load, then min(·, L) (the cut is `limitLoss`).
 * Conservation: ΔE = Σ √ηrt·d_charge·Δt − Σ d_discharge/√ηrt·Δt − Σ fadeLoss.
 * N grows by the energy removed from storage ÷ Eu1.
 *
 * @param x per-step inputs (see {@link EssInputs}); powers [W]
 * @param p storage parameters (see {@link EssParams})
 * @param o step length [h], constant limit [W], years at start [yr]
 * @param state stored energy [Wh] and cycles, updated in place (default {@link essInitialState})
 * @param out caller-owned outputs (see {@link EssOutputs})
 * @returns `out`
 */
export function essDispatchSeries(
  x: EssInputs,
  p: EssParams,
  o: EssOptions,
  out: EssOutputs,
  state: EssState = essInitialState(p),
): EssOutputs {
  const n = x.pv.length;
  const dt = o.intervalHours;
  const lim0 = o.limit ?? Infinity;
  const years0 = o.yearsAtStart ?? 0;
  const en = p.nameplateEnergyCapacity;
  const eu1 = p.usableEnergyCapacityYear1;
  const eMin = socMinOf(p) * en;
  const pInv = p.inverterCapacity;
  const etaInv = p.inverterEfficiency / 100;
  const ac = p.coupling === 'ac';
  const sMv = ac ? (p.mvCapacity ?? 0) : 0;
  const kMv = sMv > 0 ? (p.mvFullLoadLoss ?? 0) / 100 / sMv : 0;
  const mvNoLoad = sMv > 0 ? (sMv * (p.mvNoLoadLoss ?? 0)) / 100 : 0;
  const hvacNoLoad = (pInv * (p.hvacNoLoadLoss ?? 0)) / 100;
  const kHvac = pInv > 0 ? (p.hvacFullLoadLoss ?? 0) / 100 / pInv : 0;
  const capCal = p.usableEnergyCapacityCalendarDeg ?? 0;
  const capCyc = p.usableEnergyCapacityCycleDeg ?? 0;
  const rteCal = p.roundtripDCEfficiencyCalendarDeg ?? 0;
  const rteCyc = p.roundtripDCEfficiencyCycleDeg ?? 0;
  const rte1 = p.roundtripDCEfficiencyYear1 / 100;
  const algo = p.chargeAlgorithm;
  const table = p.dispatchTable;
  const { month, hour, command, inverterCapacityPct, limitSeries } = x;
  if (algo === 'custom' && (!command || !inverterCapacityPct)) {
    throw new RangeError('essDispatchSeries: the custom algorithm needs command and inverterCapacityPct');
  }
  const { power, batteryPower, soc, charge, discharge, inverterLoss, mvLoss, hvacLoss, storageLoss } = out;
  const { limitLoss, fadeLoss, usableCapacity, roundTripEfficiency } = out;
  const auxFixed = mvNoLoad + hvacNoLoad;
  let e = state.energy;
  let cycles = state.cycles;
  for (let i = 0; i < n; i++) {
    const years = years0 + (i * dt) / 8760;
    const eu = eu1 * fadeKernel(capCal, capCyc, years, cycles);
    const eMax = eMin + eu;
    let fade = 0;
    if (e > eMax) {
      fade = e - eMax;
      e = eMax;
    }
    const rte = rte1 * fadeKernel(rteCal, rteCyc, years, cycles);
    const etaCell = Math.sqrt(rte);
    const pv = x.pv[i]!;
    let lim = lim0;
    if (limitSeries) {
      const s = limitSeries[i]!;
      if (s === s) lim = s;
    }
    const excess = pv > lim ? pv - lim : 0;
    const target = table[(month[i]! - 1) * 24 + hour[i]!] === 1;
    let request = 0;
    let wantDischarge: boolean;
    let cap = pInv;
    if (algo === 'lgiaExcess') {
      request = excess;
      wantDischarge = target;
    } else if (algo === 'energyAvailable') {
      request = target ? excess : pv > 0 ? pv : 0;
      wantDischarge = target;
    } else {
      const cmd = command![i]!;
      cap = (pInv * inverterCapacityPct![i]!) / 100;
      if (cap > pInv) cap = pInv;
      if (cmd === ESS_COMMAND.charge) request = pv > 0 ? (pv < cap ? pv : cap) : 0;
      wantDischarge = cmd === ESS_COMMAND.discharge;
    }
    let busC = 0;
    let busD = 0;
    let y = 0; // AC power at the ESS inverter [W]
    let dC = 0; // DC into the battery [W]
    let dD = 0; // DC out of the battery [W]
    if (request > 0 && etaInv > 0 && etaCell > 0) {
      // y + k·y² = bus → y = 2·bus/(1 + √(1 + 4k·bus))
      y = kMv > 0 ? (2 * request) / (1 + Math.sqrt(1 + 4 * kMv * request)) : request;
      if (y > cap) y = cap;
      const room = (eMax - e) / (etaCell * dt * etaInv);
      const full = y >= room;
      if (full) y = room > 0 ? room : 0;
      busC = y + kMv * y * y;
      dC = etaInv * y;
      e = full ? (eMax > e ? eMax : e) : e + etaCell * dC * dt;
    } else if (wantDischarge && etaInv > 0) {
      const avail = ((e - eMin) * etaCell) / dt;
      const yE = etaInv * (avail > 0 ? avail : 0);
      const head = lim - pv + auxFixed;
      if (head > 0 && yE > 0) {
        const disc = 1 - 4 * kMv * head;
        y = kMv > 0 ? (disc > 0 ? (2 * head) / (1 + Math.sqrt(disc)) : 1 / (2 * kMv)) : head;
        if (y > cap) y = cap;
        let drawn: number;
        if (y >= yE) {
          // Empties the store to Emin exactly (no round-off residue left to discharge later).
          y = yE;
          drawn = e - eMin;
          e = eMin;
        } else {
          drawn = (y / etaInv / etaCell) * dt;
          e -= drawn;
        }
        busD = y - kMv * y * y;
        dD = y / etaInv;
        if (eu1 > 0) cycles += drawn / eu1;
      }
    }
    const hvac = hvacNoLoad + kHvac * y * y;
    let exp = pv - busC + busD - hvac - mvNoLoad;
    let cut = 0;
    if (exp > lim) {
      cut = exp - lim;
      exp = lim;
    }
    power[i] = exp;
    if (batteryPower) batteryPower[i] = dC - dD;
    if (soc) soc[i] = en > 0 ? e / en : 0;
    if (charge) charge[i] = busC;
    if (discharge) discharge[i] = busD;
    if (inverterLoss) inverterLoss[i] = dC > 0 ? y - dC : dD - y;
    if (mvLoss) mvLoss[i] = mvNoLoad + kMv * y * y;
    if (hvacLoss) hvacLoss[i] = hvac;
    if (storageLoss) storageLoss[i] = dC > 0 ? dC * (1 - etaCell) : dD * (1 / etaCell - 1);
    if (limitLoss) limitLoss[i] = cut;
    if (fadeLoss) fadeLoss[i] = fade;
    if (usableCapacity) usableCapacity[i] = eu;
    if (roundTripEfficiency) roundTripEfficiency[i] = rte;
  }
  state.energy = e;
  state.cycles = cycles;
  return out;
}
