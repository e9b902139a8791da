import { describe, expect, it } from 'vitest';
import {
  CEC_POWER_LEVELS,
  efficiencyCurveEfficiency,
  efficiencyCurveInverter,
  efficiencyCurveInverterSeries,
  fitSandiaInverter,
  inverterOutput,
  inverterSeries,
  INVERTER_REGION,
  pvwattsInverter,
  pvwattsInverterSeries,
  sandiaDcPower,
  sandiaEfficiencyCurves,
  sandiaInverter,
  sandiaInverterSeries,
  type EfficiencyCurve,
  type InverterParams,
  type SandiaInverterParams,
} from '../src/index.ts';
import { close, loadGolden } from './golden.ts';

type SandiaCase = {
  v_dc: number;
  p_dc: number;
  Paco: number;
  Pdco: number;
  Vdco: number;
  Pso: number;
  C0: number;
  C1: number;
  C2: number;
  C3: number;
  Pnt: number;
};
const params = (i: SandiaCase): SandiaInverterParams => ({
  paco: i.Paco,
  pdco: i.Pdco,
  vdco: i.Vdco,
  pso: i.Pso,
  c0: i.C0,
  c1: i.C1,
  c2: i.C2,
  c3: i.C3,
  pnt: i.Pnt,
});

/** SMA SB7.7-1SP-US-40 [240V], CEC list 2019 (the reference systems' inverter). */
const SB77: SandiaInverterParams = {
  paco: 7760,
  pdco: 8056.058594,
  vdco: 365,
  pso: 22.987658,
  c0: -2.649614e-6,
  c1: -3.4e-5,
  c2: 0.000759,
  c3: -0.002115,
  pnt: 2.328,
};

// Inverter AC power: rtol 1e-6 (reference README), atol 1e-9 W for round-off near 0.
const TOL = { rtol: 1e-6, atol: 1e-9 };

describe('golden inverter_sandia.json (rtol 1e-6, atol 1e-9 W)', () => {
  it('passes every case, scalar and series', () => {
    const g = loadGolden<SandiaCase, { ac: number }>('inverter_sandia');
    expect(g.cases.length).toBe(160);
    let worst = 0;
    for (const c of g.cases) {
      const p = params(c.inputs);
      const got = sandiaInverter({ vDc: c.inputs.v_dc, pDc: c.inputs.p_dc }, p);
      if (!close(got, c.outputs.ac, TOL))
        throw new Error(`${JSON.stringify(c.inputs)}: ${got} ≠ ${c.outputs.ac}`);
      const s = sandiaInverterSeries(
        { vDc: Float64Array.of(c.inputs.v_dc), pDc: Float64Array.of(c.inputs.p_dc) },
        p,
        new Float64Array(1),
      );
      expect(s[0]).toBe(got);
      // The same through the full inverter stage with no limits (what the reference systems use).
      const chain = inverterOutput(
        { pMp: c.inputs.p_dc, vMp: c.inputs.v_dc },
        { efficiency: { type: 'sandia', params: p } },
      );
      expect(close(chain.acPower, c.outputs.ac, TOL)).toBe(true);
      worst = Math.max(worst, Math.abs(got - c.outputs.ac) / Math.max(1, Math.abs(c.outputs.ac)));
    }
    console.log(`inverter_sandia: 160 cases, worst relative error ${worst.toExponential(2)}`);
  });
});

describe('golden inverter_pvwatts.json (rtol 1e-6, atol 1e-9 W)', () => {
  it('passes every case, scalar and series', () => {
    type I = { pdc: number; pdc0: number; eta_inv_nom: number; eta_inv_ref: number };
    const g = loadGolden<I, { ac: number }>('inverter_pvwatts');
    expect(g.cases.length).toBe(100);
    let worst = 0;
    for (const c of g.cases) {
      const p = { pdc0: c.inputs.pdc0, etaInvNom: c.inputs.eta_inv_nom, etaInvRef: c.inputs.eta_inv_ref };
      const got = pvwattsInverter({ pDc: c.inputs.pdc }, p);
      if (!close(got, c.outputs.ac, TOL))
        throw new Error(`${JSON.stringify(c.inputs)}: ${got} ≠ ${c.outputs.ac}`);
      expect(pvwattsInverterSeries({ pDc: Float64Array.of(c.inputs.pdc) }, p, new Float64Array(1))[0]).toBe(
        got,
      );
      worst = Math.max(worst, Math.abs(got - c.outputs.ac) / Math.max(1, Math.abs(c.outputs.ac)));
    }
    console.log(`inverter_pvwatts: 100 cases, worst relative error ${worst.toExponential(2)}`);
  });
});

describe('Sandia model inverse and derived curves', () => {
  it('sandiaDcPower inverts the model', () => {
    for (const v of [270, 365, 480]) {
      for (const pac of [100, 1000, 5000, 7760]) {
        const pdc = sandiaDcPower({ vDc: v, pAc: pac }, SB77);
        expect(sandiaInverter({ vDc: v, pDc: pdc }, SB77)).toBeCloseTo(pac, 8);
      }
    }
    expect(sandiaDcPower({ vDc: 365, pAc: SB77.paco }, SB77)).toBeCloseTo(SB77.pdco, 6);
  });
  it('curves at Mppt_low, Vdco, Mppt_high fitted back give the coefficients (quadratic fit)', () => {
    const curves = sandiaEfficiencyCurves({ voltages: [270, 365, 480] }, SB77);
    expect(curves).toHaveLength(3);
    expect(curves[1]!.efficiencyPoints).toHaveLength(CEC_POWER_LEVELS.length);
    expect(curves[1]!.efficiencyPoints[5]!.power).toBeCloseTo(7.76, 12);
    const fit = fitSandiaInverter({ efficiencyCurves: curves, paco: SB77.paco, pnt: SB77.pnt });
    expect(fit.vdco).toBe(365);
    expect(fit.pdco).toBeCloseTo(SB77.pdco, 5);
    expect(fit.pso).toBeCloseTo(SB77.pso, 5);
    for (const k of ['c0', 'c1', 'c2', 'c3'] as const) expect(fit[k] / SB77[k]).toBeCloseTo(1, 6);
  });
});

const CURVES: EfficiencyCurve[] = [
  {
    voltage: 600,
    efficiencyPoints: [
      { power: 10, efficiency: 95 },
      { power: 50, efficiency: 98 },
      { power: 100, efficiency: 97 },
    ],
  },
  {
    voltage: 800,
    efficiencyPoints: [
      { power: 10, efficiency: 96 },
      { power: 50, efficiency: 98.5 },
      { power: 100, efficiency: 98 },
    ],
  },
];

describe('efficiency curves (bilinear)', () => {
  it('reproduces the points (AC basis converted to DC input) and interpolates in voltage', () => {
    const p = { efficiencyCurves: CURVES };
    const pdc = 50_000 / 0.98;
    expect(efficiencyCurveEfficiency({ vDc: 600, pDc: pdc }, p)).toBeCloseTo(0.98, 12);
    expect(efficiencyCurveInverter({ vDc: 600, pDc: pdc }, p)).toBeCloseTo(50_000, 6);
    // Halfway in voltage at a power where both curves have the same DC abscissa structure.
    const e600 = efficiencyCurveEfficiency({ vDc: 600, pDc: 70_000 }, p);
    const e800 = efficiencyCurveEfficiency({ vDc: 800, pDc: 70_000 }, p);
    expect(efficiencyCurveEfficiency({ vDc: 700, pDc: 70_000 }, p)).toBeCloseTo((e600 + e800) / 2, 12);
    // Voltage clamped to the range; above the last point the last efficiency holds.
    expect(efficiencyCurveEfficiency({ vDc: 1000, pDc: 70_000 }, p)).toBe(e800);
    expect(efficiencyCurveEfficiency({ vDc: 800, pDc: 500_000 }, p)).toBeCloseTo(0.98, 12);
  });
  it('below the first point the loss line through the first two points goes to 0 at the threshold', () => {
    const p = { efficiencyCurves: [CURVES[0]!] };
    const [q0, q1] = [CURVES[0]!.efficiencyPoints[0]!, CURVES[0]!.efficiencyPoints[1]!];
    const d0 = (1000 * q0.power) / 0.95;
    const d1 = (1000 * q1.power) / 0.98;
    const b = (d1 - 1000 * q1.power - (d0 - 1000 * q0.power)) / (d1 - d0);
    const a = d0 - 1000 * q0.power - b * d0;
    const pdc = 4000;
    expect(efficiencyCurveInverter({ vDc: 600, pDc: pdc }, p)).toBeCloseTo(pdc - a - b * pdc, 9);
    expect(efficiencyCurveInverter({ vDc: 600, pDc: (0.9 * a) / (1 - b) }, p)).toBe(0);
    expect(efficiencyCurveInverter({ vDc: 600, pDc: 0 }, p)).toBe(0);
    const out = efficiencyCurveInverterSeries(
      { vDc: Float64Array.of(600, 700), pDc: Float64Array.of(pdc, -1) },
      p,
      new Float64Array(2),
    );
    expect(out[0]).toBeCloseTo(pdc - a - b * pdc, 9);
    expect(out[1]).toBe(0);
  });
});

describe('inverter stage: window, limits, setpoint, kVA, PQ, overrides', () => {
  const base: InverterParams = {
    efficiency: { type: 'sandia', params: SB77 },
    dcLimits: { minVoltage: 270, maxMPPVoltage: 480, maxAbsoluteVoltage: 600, maxCurrent: 22.071393 },
  };
  it('a series that begins at night gives each step what the step alone gives (the loop starts at the first power and wraps)', () => {
    // night, day in the window, clipped, off the window, night again
    const pMp = [0, 0, 0, 3000, 5000, 9000, 12_000, 5000, 2000, 0, 0];
    const vMp = [0, 0, 0, 330, 365, 365, 370, 250, 300, 0, 0];
    const p: InverterParams = { ...base, setpoint: 6000 };
    const n = pMp.length;
    const f = () => new Float64Array(n);
    const out = {
      acPower: f(),
      dcPower: f(),
      vDc: f(),
      region: new Uint8Array(n),
      acLimit: f(),
      offMppLoss: f(),
      efficiencyLoss: f(),
      clippingLoss: f(),
    };
    inverterSeries({ pMp: Float64Array.from(pMp), vMp: Float64Array.from(vMp) }, p, out);
    for (let i = 0; i < n; i++) {
      const r = inverterOutput({ pMp: pMp[i]!, vMp: vMp[i]! }, p);
      expect([out.acPower[i], out.dcPower[i], out.vDc[i], out.region[i]], `step ${i}`).toEqual([
        r.acPower,
        r.dcPower,
        r.vDc,
        r.region,
      ]);
      expect([out.acLimit[i], out.offMppLoss[i], out.efficiencyLoss[i], out.clippingLoss[i]]).toEqual([
        r.acLimit,
        r.offMppLoss,
        r.efficiencyLoss,
        r.clippingLoss,
      ]);
    }
    expect(out.region[6]).toBe(INVERTER_REGION.acLimit);
    expect(out.clippingLoss[6]).toBeGreaterThan(0);
  });
  it('tracks the MPP inside the window', () => {
    const r = inverterOutput({ pMp: 5000, vMp: 365 }, base);
    expect(r.region).toBe(INVERTER_REGION.mpp);
    expect(r.acPower).toBe(sandiaInverter({ vDc: 365, pDc: 5000 }, SB77));
  });
  it('holds the voltage at the window edge and loses power on the I–V approximation', () => {
    // Vmp 250 < 270: above Vmp, I = Imp·(Voc − V)/(Voc − Vmp).
    const r = inverterOutput({ pMp: 5000, vMp: 250, vOc: 310 }, base);
    const imp = 5000 / 250;
    expect(r.region).toBe(INVERTER_REGION.belowWindow);
    expect(r.vDc).toBe(270);
    expect(r.dcPower).toBeCloseTo((270 * imp * (310 - 270)) / (310 - 250), 9);
    expect(r.offMppLoss).toBeCloseTo(5000 - r.dcPower, 9);
    // Vmp 500 > 480: below Vmp, I = Isc − (Isc − Imp)·V/Vmp.
    const h = inverterOutput({ pMp: 5000, vMp: 500, iSc: 10.5 }, base);
    expect(h.region).toBe(INVERTER_REGION.aboveWindow);
    expect(h.dcPower).toBeCloseTo(480 * (10.5 - ((10.5 - 10) * 480) / 500), 9);
    // The time-series Vmpp adjustment lowers the upper edge for that step.
    const t = inverterOutput({ pMp: 5000, vMp: 400, iSc: 13, maxVoltage: 380 }, base);
    expect(t.vDc).toBe(380);
  });
  it('limits the DC current by raising the voltage, and trips above the absolute voltage', () => {
    const r = inverterOutput({ pMp: 5000, vMp: 300, vOc: 370, maxCurrent: 10 }, base);
    const imp = 5000 / 300;
    const v = 370 - (10 * (370 - 300)) / imp;
    expect(r.region).toBe(INVERTER_REGION.currentLimit);
    expect(r.vDc).toBeCloseTo(v, 9);
    expect(r.dcPower).toBeCloseTo(10 * v, 9);
    const trip = inverterOutput({ pMp: 5000, vMp: 700 }, { ...base, dcLimits: { maxAbsoluteVoltage: 600 } });
    expect(trip.region).toBe(INVERTER_REGION.overVoltage);
    expect(trip.acPower).toBe(-SB77.pnt);
  });
  it('applies setpoint, design derate, derate and setpoint series, kVA·pf and PQ', () => {
    const p: InverterParams = { ...base, setpoint: 7000, designDerate: 0.9 };
    expect(inverterOutput({ pMp: 8000, vMp: 365 }, p).acPower).toBeCloseTo(6300, 9);
    expect(inverterOutput({ pMp: 8000, vMp: 365, derate: 0.5 }, p).acPower).toBeCloseTo(3500, 9);
    expect(inverterOutput({ pMp: 8000, vMp: 365, derate: 0.5, setpoint: 5000 }, p).acPower).toBe(5000);
    const kva: InverterParams = {
      ...base,
      powerFactor: 0.95,
      kva: {
        elevation: 500,
        kVACurves: [
          {
            elevation: 0,
            kVAPoints: [
              { temperature: 25, kVA: 8 },
              { temperature: 50, kVA: 6 },
            ],
          },
          {
            elevation: 1000,
            kVAPoints: [
              { temperature: 25, kVA: 7.5 },
              { temperature: 50, kVA: 5 },
            ],
          },
        ],
      },
    };
    // step: the 1000 m curve; at 40 °C: 7.5 − 2.5·15/25 = 6 kVA → P ≤ 5.7 kW
    const r = inverterOutput({ pMp: 8000, vMp: 365, tempAir: 40 }, kva);
    expect(r.acPower).toBeCloseTo(5700, 9);
    expect(r.region).toBe(INVERTER_REGION.acLimit);
    const cool = inverterOutput(
      { pMp: 8000, vMp: 365, tempAir: 0 },
      { ...kva, kva: { ...kva.kva!, coolingTemperature: 50 } },
    );
    expect(cool.acPower).toBeCloseTo(5000 * 0.95, 9);
    const pq: InverterParams = {
      ...base,
      powerFactor: 0.8,
      pqCurves: [
        {
          temperature: 25,
          pqPoints: [
            { activePowerP: 0, reactivePowerQ: 4 },
            { activePowerP: 8, reactivePowerQ: 4 },
          ],
        },
      ],
    };
    // Q = 0.75·P ≤ 4 kvar → P ≤ 5333.3 W
    expect(inverterOutput({ pMp: 8000, vMp: 365, tempAir: 25 }, pq).acPower).toBeCloseTo(4000 / 0.75, 6);
  });
  it('night, start threshold and models without tare', () => {
    expect(inverterOutput({ pMp: 0, vMp: 0 }, base).acPower).toBe(-SB77.pnt);
    const c: InverterParams = {
      efficiency: { type: 'curves', efficiencyCurves: CURVES },
      minDcPowerThreshold: 2000,
      nightTare: 5,
    };
    expect(inverterOutput({ pMp: 1500, vMp: 700 }, c).acPower).toBe(-5);
    expect(inverterOutput({ pMp: 2500, vMp: 700 }, c).acPower).toBeGreaterThan(0);
    const q: InverterParams = {
      efficiency: { type: 'curvesQuadratic', efficiencyCurves: CURVES, paco: 100_000 },
    };
    // Two curves: the quadratic option falls back to bilinear.
    expect(inverterOutput({ pMp: 60_000, vMp: 700 }, q).acPower).toBe(
      efficiencyCurveInverter({ vDc: 700, pDc: 60_000 }, { efficiencyCurves: CURVES }),
    );
  });
  it('invariant: AC ≤ every limit, AC ≤ DC, losses add up (random year)', () => {
    const n = 5000;
    const pMp = new Float64Array(n);
    const vMp = new Float64Array(n);
    const tempAir = new Float64Array(n);
    const setpointSeries = new Float64Array(n).fill(Number.NaN);
    let s = 12345;
    const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < n; i++) {
      pMp[i] = rnd() < 0.3 ? 0 : 10_000 * rnd();
      vMp[i] = 200 + 350 * rnd();
      tempAir[i] = -10 + 60 * rnd();
      if (rnd() < 0.1) setpointSeries[i] = 7000 * rnd();
    }
    const p: InverterParams = {
      ...base,
      setpoint: 7600,
      powerFactor: 0.97,
      kva: {
        elevation: 0,
        kVACurves: [
          {
            elevation: 0,
            kVAPoints: [
              { temperature: 30, kVA: 7.8 },
              { temperature: 55, kVA: 5 },
            ],
          },
        ],
      },
    };
    const out = {
      acPower: new Float64Array(n),
      dcPower: new Float64Array(n),
      acLimit: new Float64Array(n),
      offMppLoss: new Float64Array(n),
      efficiencyLoss: new Float64Array(n),
      clippingLoss: new Float64Array(n),
    };
    inverterSeries({ pMp, vMp, tempAir, setpointSeries }, p, out);
    const fail = (i: number, what: string) => {
      throw new Error(`step ${i}: ${what}`);
    };
    for (let i = 0; i < n; i++) {
      const ac = out.acPower[i]!;
      if (Number.isNaN(ac)) fail(i, 'NaN');
      if (ac > Math.max(0, out.acLimit[i]!) + 1e-9) fail(i, `AC ${ac} above the limit ${out.acLimit[i]}`);
      if (ac > SB77.paco) fail(i, 'AC above Paco');
      if (ac > 0) {
        if (ac > out.dcPower[i]!) fail(i, 'AC above DC');
        const sum = out.acPower[i]! + out.offMppLoss[i]! + out.efficiencyLoss[i]! + out.clippingLoss[i]!;
        if (Math.abs(sum - pMp[i]!) > 1e-6) fail(i, 'losses do not add up');
      } else if (ac !== -SB77.pnt) fail(i, 'off but not −Pnt');
    }
  });
});
