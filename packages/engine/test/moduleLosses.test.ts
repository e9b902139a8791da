import { describe, expect, it } from 'vitest';
import {
  dcFieldFromModule,
  dcFieldFromModuleSeries,
  dcLossFactors,
  dcWiringResistance,
  lossFactor,
  metastabilityVoltageScale,
  metastabilityVoltageScaleSeries,
  moduleMpp,
  stringWiringResistance,
  type ModuleModel,
} from '../src/index.ts';

const cec: ModuleModel = {
  model: 'cec',
  alphaSc: 0.0038221,
  aRef: 1.79878,
  iLRef: 10.3337,
  iORef: 1.89e-11,
  rShRef: 617.894,
  rS: 0.223553,
  adjust: 6.09187,
};
const STC = { effectiveIrradiance: 1000, tempCell: 25 };

describe('DC loss factors', () => {
  it('U = 1 − L/100 each, combined as a product; a negative quality loss is a gain', () => {
    expect(lossFactor({ lossPercent: 1.5 })).toBeCloseTo(0.985, 15);
    const f = dcLossFactors({
      moduleMismatchCoefficient: 1,
      lightInducedDegradation: 2.5,
      moduleQuality: -0.5,
      dcHealth: 1,
    });
    expect(f).toMatchObject({ mismatch: 0.99, lid: 0.975, quality: 1.005, dcHealth: 0.99 });
    expect(f.combined).toBeCloseTo(0.99 * 0.975 * 1.005 * 0.99, 15);
    expect(dcLossFactors({ moduleQuality: null }).combined).toBe(1);
  });

  it('scaling effective irradiance by the factor costs about that share of power', () => {
    const u = dcLossFactors({ moduleMismatchCoefficient: 2 }).combined;
    const p0 = moduleMpp(STC, cec).pmp;
    const p1 = moduleMpp({ ...STC, effectiveIrradiance: 1000 * u }, cec).pmp;
    expect(1 - p1 / p0).toBeGreaterThan(0.018);
    expect(1 - p1 / p0).toBeLessThan(0.022);
  });
});

describe('DC wiring loss as added series resistance', () => {
  it('R_w = (L/100)·Pmp/Imp² per module, ×Nser per string', () => {
    const stc = moduleMpp(STC, cec);
    const r = dcWiringResistance({ dcWiringLossAtSTC: 1.5, pmp: stc.pmp, imp: stc.imp });
    expect(r * stc.imp * stc.imp).toBeCloseTo(0.015 * stc.pmp, 10);
    expect(
      stringWiringResistance({ dcWiringLossAtSTC: 1.5, pmp: stc.pmp, imp: stc.imp, modulesInSeries: 28 }),
    ).toBeCloseTo(28 * r, 12);
  });

  it('costs a little less than L at STC (the MPP re-optimises) and less at low light', () => {
    const stc = moduleMpp(STC, cec);
    const rw = dcWiringResistance({ dcWiringLossAtSTC: 1.5, pmp: stc.pmp, imp: stc.imp });
    const withWiring = moduleMpp(STC, cec, { addedSeriesResistance: rw });
    const loss = 1 - withWiring.pmp / stc.pmp;
    expect(loss).toBeGreaterThan(0.0135);
    expect(loss).toBeLessThanOrEqual(0.015);
    const low = { effectiveIrradiance: 200, tempCell: 25 };
    const lossLow = 1 - moduleMpp(low, cec, { addedSeriesResistance: rw }).pmp / moduleMpp(low, cec).pmp;
    expect(lossLow).toBeLessThan(loss / 3);
    // Voc and Isc: the series resistance leaves Voc unchanged.
    expect(withWiring.voc).toBeCloseTo(stc.voc, 9);
  });
});

describe('CdTe metastability voltage scale', () => {
  it('scales Vmp, Voc and Pmp by k, leaves the current', () => {
    expect(
      metastabilityVoltageScale({ pmp: 500, vmp: 180, voc: 220 }, { metastabilityVoltageScaleFactor: 1.02 }),
    ).toEqual({
      pmp: 510,
      vmp: 183.6,
      voc: 224.4,
    });
    const out = { pmp: Float64Array.of(0, 500), vmp: Float64Array.of(0, 180), voc: Float64Array.of(0, 220) };
    metastabilityVoltageScaleSeries(out, { metastabilityVoltageScaleFactor: 0.5 });
    expect([...out.pmp, ...out.vmp, ...out.voc]).toEqual([0, 250, 0, 90, 0, 110]);
  });
});

describe('strings and DC fields', () => {
  it('voltage × modules in series, current × strings in parallel', () => {
    const m = moduleMpp(STC, cec);
    const f = dcFieldFromModule(m, { modulesInSeries: 28, stringsInParallel: 100 });
    expect(f.vmp).toBeCloseTo(28 * m.vmp, 9);
    expect(f.imp).toBeCloseTo(100 * m.imp, 9);
    expect(f.pmp).toBeCloseTo(2800 * m.pmp, 6);
    expect(f.voc).toBeCloseTo(28 * m.voc, 9);
    expect(f.isc).toBeCloseTo(100 * m.isc, 9);
    const s = {
      pmp: Float64Array.of(0, 400),
      vmp: Float64Array.of(0, 40),
      imp: Float64Array.of(0, 10),
      voc: Float64Array.of(0, 48),
      isc: Float64Array.of(0, 10.3),
    };
    dcFieldFromModuleSeries(s, { modulesInSeries: 2, stringsInParallel: 3 });
    expect([...s.pmp, ...s.vmp, ...s.imp, ...s.voc]).toEqual([0, 2400, 0, 80, 0, 30, 0, 96]);
    expect(s.isc[1]).toBeCloseTo(30.9, 12);
  });
});
