import { describe, expect, it } from 'vitest';
import {
  customDispatchFromSpec,
  dispatchTableFromSpec,
  essDegradedValue,
  essDispatchSeries,
  essFactor,
  essHoursAtFullLoad,
  essInitialState,
  essNameplateCapacity,
  essUsableCapacity,
  type EssParams,
} from '../src/index.ts';

function table(hours: number[]): Uint8Array {
  const t = new Uint8Array(288);
  for (let m = 0; m < 12; m++) for (const h of hours) t[m * 24 + h] = 1;
  return t;
}

/** One day of hourly steps in June. */
function day(pv: number[]) {
  return {
    pv: Float64Array.from(pv),
    month: new Uint8Array(pv.length).fill(6),
    hour: Uint8Array.from(pv.map((_, h) => h)),
  };
}

const simple: EssParams = {
  coupling: 'ac',
  inverterCapacity: 1e6,
  nameplateEnergyCapacity: 4e6,
  usableEnergyCapacityYear1: 4e6,
  roundtripDCEfficiencyYear1: 81,
  inverterEfficiency: 100,
  chargeAlgorithm: 'lgiaExcess',
  dispatchTable: table([18, 19, 20, 21]),
};

describe('spec 2 §9.3 storage formulas', () => {
  it('hours at full load, nameplate, usable, factor', () => {
    // 95 % of 4 MWh over 1 MW = 3.8 h
    expect(
      essHoursAtFullLoad({ usableEnergyCapacity: 4e6, inverterCapacity: 1e6 }, { efficiency: 95 }),
    ).toBeCloseTo(3.8, 12);
    expect(essNameplateCapacity({ usableEnergyCapacity: 4e6 }, { factor: 1.25 })).toBe(5e6);
    expect(essUsableCapacity({ nameplateEnergyCapacity: 5e6 }, { factor: 1.25 })).toBe(4e6);
    expect(essFactor({ usableEnergyCapacity: 4e6, nameplateEnergyCapacity: 5e6 })).toBe(1.25);
    // degradation: 2 %/yr and 0.01 %/cycle after 3 years and 500 cycles: 1 − (6 + 5)/100
    expect(
      essDegradedValue({ years: 3, cycles: 500 }, { year1: 4e6, calendarDeg: 2, cycleDeg: 0.01 }),
    ).toBeCloseTo(3.56e6, 6);
    expect(essDegradedValue({ years: 80, cycles: 0 }, { year1: 1, calendarDeg: 2, cycleDeg: 0 })).toBe(0);
  });
  it('dispatch table and custom list from the spec shapes', () => {
    const t = dispatchTableFromSpec({ january: { hour0: true, hour23: true }, december: { hour5: true } });
    expect([t[0], t[23], t[11 * 24 + 5], t[1]]).toEqual([1, 1, 1, 0]);
    const c = customDispatchFromSpec({
      dispatchCustom: [
        { index: 2, command: 2, inverterCapacityPct: 50 },
        { index: 1, command: 1, inverterCapacityPct: 100 },
      ],
      steps: 3,
    });
    expect(Array.from(c.command)).toEqual([1, 2, 0]);
  });
});

describe('ESS dispatch: hand case (AC coupled, LGIA excess)', () => {
  it('charges the excess over LGIA, discharges in the table hours into the headroom', () => {
    const pv = new Array(24).fill(0);
    pv[12] = 12e6;
    pv[13] = 10.5e6;
    const x = day(pv);
    const o = {
      power: new Float64Array(24),
      batteryPower: new Float64Array(24),
      soc: new Float64Array(24),
      limitLoss: new Float64Array(24),
      storageLoss: new Float64Array(24),
    };
    const state = essInitialState(simple);
    essDispatchSeries(x, simple, { intervalHours: 1, limit: 10e6 }, o, state);
    // 12:00 excess 2 MW, inverter 1 MW: 1 MW into the battery, 0.9 MWh stored (√0.81), 1 MW curtailed
    expect(o.batteryPower[12]).toBe(1e6);
    expect(o.power[12]).toBe(10e6);
    expect(o.limitLoss[12]).toBe(1e6);
    expect(o.soc[12]).toBeCloseTo(0.9e6 / 4e6, 12);
    // 13:00 excess 0.5 MW: stored 0.45 MWh more
    expect(o.soc[13]).toBeCloseTo(1.35e6 / 4e6, 12);
    // 18:00 discharge: 1 MW (limited by the inverter), drawing 1/0.9 MWh; 19:00 the rest: 0.2388… MWh·0.9
    expect(o.power[18]).toBeCloseTo(1e6, 6);
    expect(o.power[19]).toBeCloseTo((1.35e6 - 1e6 / 0.9) * 0.9, 6);
    expect(o.power[20]).toBe(0);
    expect(state.energy).toBeCloseTo(0, 6);
    // no discharge outside the table hours
    for (const h of [14, 15, 16, 17, 22, 23]) expect(o.batteryPower[h]).toBe(0);
  });
  it('energy available: charges all PV outside the table hours', () => {
    const pv = new Array(24).fill(0);
    pv[10] = 0.5e6;
    const o = { power: new Float64Array(24), soc: new Float64Array(24) };
    essDispatchSeries(
      day(pv),
      { ...simple, chargeAlgorithm: 'energyAvailable' },
      { intervalHours: 1, limit: 10e6 },
      o,
    );
    expect(o.power[10]).toBe(0);
    expect(o.soc[10]).toBeCloseTo(0.45e6 / 4e6, 12);
    expect(o.power[18]).toBeCloseTo(0.45e6 * 0.9, 6);
  });
  it('custom commands with % of inverter capacity', () => {
    const pv = new Array(24).fill(2e6);
    const command = new Uint8Array(24);
    const pct = new Float64Array(24);
    command[1] = 2;
    pct[1] = 50;
    command[2] = 1;
    pct[2] = 25;
    const o = { power: new Float64Array(24), batteryPower: new Float64Array(24) };
    essDispatchSeries(
      { ...day(pv), command, inverterCapacityPct: pct },
      { ...simple, chargeAlgorithm: 'custom' },
      { intervalHours: 1, limit: 10e6 },
      o,
    );
    expect(o.batteryPower[1]).toBe(0.5e6);
    expect(o.batteryPower[2]).toBeCloseTo(-0.25e6, 6);
    expect(o.power[2]).toBeCloseTo(2.25e6, 6);
    expect(o.batteryPower[3]).toBe(0);
  });
});

describe('ESS dispatch: DC coupling', () => {
  it('charges the DC above the inverters’ DC limit through the converter, no MV transformer', () => {
    const pv = new Array(24).fill(0);
    pv[12] = 3.5e6; // DC bus; the PV inverters take at most 3 MW DC
    const o = {
      power: new Float64Array(24),
      mvLoss: new Float64Array(24),
      inverterLoss: new Float64Array(24),
      soc: new Float64Array(24),
    };
    const p: EssParams = {
      ...simple,
      coupling: 'dc',
      inverterEfficiency: 98,
      mvCapacity: 5e6,
      mvNoLoadLoss: 0.2,
      mvFullLoadLoss: 1,
    };
    essDispatchSeries(day(pv), p, { intervalHours: 1, limit: 3e6 }, o);
    expect(o.power[12]).toBe(3e6);
    expect(o.inverterLoss[12]).toBeCloseTo(0.5e6 * 0.02, 6);
    expect(o.soc[12]).toBeCloseTo((0.5e6 * 0.98 * 0.9) / 4e6, 12);
    expect(Math.max(...o.mvLoss)).toBe(0);
    // discharge into the DC headroom at 18:00: all of it (limit 3 MW, nothing else on the bus)
    expect(o.power[18]).toBeCloseTo(0.5e6 * 0.98 * 0.9 * 0.9 * 0.98, 6);
  });
});

describe('ESS dispatch invariants over a year with every loss and degradation', () => {
  const p: EssParams = {
    coupling: 'ac',
    inverterCapacity: 20e6,
    nameplateEnergyCapacity: 100e6,
    usableEnergyCapacityYear1: 80e6,
    usableEnergyCapacityCalendarDeg: 2,
    usableEnergyCapacityCycleDeg: 0.02,
    roundtripDCEfficiencyYear1: 88,
    roundtripDCEfficiencyCalendarDeg: 0.5,
    roundtripDCEfficiencyCycleDeg: 0.005,
    hvacNoLoadLoss: 0.1,
    hvacFullLoadLoss: 0.5,
    mvNoLoadLoss: 0.1,
    mvFullLoadLoss: 0.6,
    mvCapacity: 22e6,
    inverterEfficiency: 97.5,
    chargeAlgorithm: 'energyAvailable',
    dispatchTable: table([17, 18, 19, 20, 21]),
  };
  const n = 8760;
  const pv = new Float64Array(n);
  const month = new Uint8Array(n);
  const hour = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    hour[i] = i % 24;
    month[i] = 1 + Math.min(11, Math.floor(i / 730));
    const sun = Math.sin(((hour[i]! - 6) / 12) * Math.PI);
    pv[i] = sun > 0 ? 110e6 * sun * (0.6 + 0.4 * Math.abs(Math.sin(i * 0.013))) : -5e3;
  }
  for (const algo of ['energyAvailable', 'lgiaExcess'] as const) {
    it(`${algo}: conservation, SOC within limits, no discharge below min SOC, export ≤ LGIA`, () => {
      const o = {
        power: new Float64Array(n),
        batteryPower: new Float64Array(n),
        soc: new Float64Array(n),
        fadeLoss: new Float64Array(n),
        usableCapacity: new Float64Array(n),
        roundTripEfficiency: new Float64Array(n),
      };
      const q = { ...p, chargeAlgorithm: algo };
      const state = essInitialState(q);
      const e0 = state.energy;
      const socMin = (1 - 80 / 100) / 2;
      essDispatchSeries({ pv, month, hour }, q, { intervalHours: 1, limit: 80e6, yearsAtStart: 2 }, o, state);
      let stored = 0;
      let drawn = 0;
      let fade = 0;
      let prev = e0;
      for (let i = 0; i < n; i++) {
        const eta = Math.sqrt(o.roundTripEfficiency[i]!);
        const b = o.batteryPower[i]!;
        if (b > 0) stored += eta * b;
        else drawn += -b / eta;
        fade += o.fadeLoss[i]!;
        const e = o.soc[i]! * 100e6;
        if (!(o.power[i]! <= 80e6 + 1e-6)) throw new Error(`export above LGIA at ${i}`);
        if (e < socMin * 100e6 - 1e-6 || e > socMin * 100e6 + o.usableCapacity[i]! + 1e-6)
          throw new Error(`SOC out of limits at ${i}`);
        if (b < 0 && prev <= socMin * 100e6 + 1e-9)
          throw new Error(`discharge below min SOC at ${i}: b=${b} prev=${prev - socMin * 100e6}`);
        prev = e;
      }
      // charged·η = discharged/η + ΔE (+ capacity fade), to 1e-9 relative
      expect(Math.abs(stored - drawn - fade - (state.energy - e0))).toBeLessThan(1e-9 * stored);
      expect(stored).toBeGreaterThan(1e9);
      expect(state.cycles).toBeGreaterThan(50);
      expect(o.usableCapacity[n - 1]!).toBeLessThan(80e6 * (1 - 0.02 * 2.99));
    });
  }
});
