/**
 * `simulate` on small plants of the Greensboro TMY3 year: repeaters and distinct evaluation, the
 * invariants of the chain (inverter limit, night tare, LGIA, the loss-tree identity), the AC side,
 * lifetime years, the DC wiring models, storage, bifacial rear side, PVsyst modules and efficiency-curve
 * inverters, and the per-step export.
 */
import { describe, expect, it } from 'vitest';
import { hourlyColumns, HOURLY_COLUMNS } from '../src/simulate/hourly.ts';
import { simulate, type SimulationResult } from '../src/simulate/simulate.ts';
import { cecLibraries, greensboroWeather, smallCase, type SmallCase } from './simulateFixtures.ts';

const run = (c: SmallCase): SimulationResult =>
  simulate(c, greensboroWeather(), { libraries: cecLibraries() });

/** No AC-side losses: the plant output is the sum of the inverters. */
function bare(c: SmallCase): void {
  Object.assign(c.powerPlant.blocks[0]!.arrays[0]!, {
    transformerEnabled: false,
    dasLoad: 0,
    acCollectionLoss: 0,
  });
}

const year = (r: SimulationResult) => r.years[0]!;
const tree = (r: SimulationResult) => year(r).summary as unknown as Record<string, number>;

describe('repeaters and distinct evaluation', () => {
  const one = run(smallCase(bare));
  const many = run(
    smallCase((c) => {
      bare(c);
      c.powerPlant.blocks[0]!.repeater = 2;
      c.powerPlant.blocks[0]!.arrays[0]!.repeater = 3;
      c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.repeater = 2;
      c.powerPlant.blocks[0]!.arrays.push(structuredClone(c.powerPlant.blocks[0]!.arrays[0]!));
    }),
  );

  it('multiplies one evaluation by the repeaters: 2 blocks × (3 + 3) arrays × 2 inverters = 24', () => {
    expect(many.dcFields).toHaveLength(1);
    expect(many.dcFields[0]!.instances).toBe(24);
    expect(many.inverters).toHaveLength(1);
    expect(many.inverters[0]!.instances).toBe(24);
    expect(many.arrays).toHaveLength(1);
    expect(many.arrays[0]!.paths).toHaveLength(2);
    expect(many.case.plant.dcCapacity).toBeCloseTo(24 * one.case.plant.dcCapacity, 6);
    expect(year(many).acEnergy / year(one).acEnergy).toBeCloseTo(24, 9);
    expect(year(many).dcEnergy / year(one).dcEnergy).toBeCloseTo(24, 9);
  });

  it('keeps the specific yield, the PR and the loss tree of the single inverter', () => {
    const a = year(one).summary.summaryFactors[0]!;
    const b = year(many).summary.summaryFactors[0]!;
    expect(b.specificYieldDC).toBeCloseTo(a.specificYieldDC, 6);
    expect(b.performanceRatio).toBeCloseTo(a.performanceRatio, 6);
    expect(tree(many).moduleTemperatureLoss).toBeCloseTo(tree(one).moduleTemperatureLoss!, 9);
  });
});

describe('invariants of the chain', () => {
  const r = run(
    smallCase((c) => {
      const inv = c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!;
      inv.dcFields[0]!.numberOfSeriesStringsWiredInParallel = 3;
      inv.inverter = {
        library: 'sam-library-cec-inverters-2019-03-05.csv',
        name: 'SMA America: SB7.7-1SP-US-40 [240V]',
        maxCurrent: null,
      };
    }),
  );
  const inv = r.inverters[0]!;

  it('never exceeds the inverter limit; draws the night tare while off; nothing is NaN', () => {
    let clipped = 0;
    for (let i = 0; i < r.length; i++) {
      expect(inv.acPower[i]).toBeLessThanOrEqual(7760 + 1e-9);
      if (inv.dcInput[i]! === 0) expect(inv.acPower[i]).toBe(-2.328);
      if (inv.clippingLoss[i]! > 0) clipped++;
      expect(Number.isNaN(r.plant.power[i])).toBe(false);
    }
    expect(clipped).toBeGreaterThan(0);
    expect(tree(r).inverterLimitationLoss).toBeGreaterThan(0);
  });

  it('telescopes: H_GHI·P0/1000·Π(1 − L/100) is the year’s signed energy', () => {
    const t = tree(r);
    const fields = Object.keys(t).filter(
      (k) =>
        typeof t[k] === 'number' &&
        (k.endsWith('Loss') || k === 'transpositionOnPlane' || k === 'backsideIrradiance'),
    );
    let product = (year(r).ghiInsolation * r.case.plant.dcCapacity) / 1000;
    for (const k of fields) product *= 1 - t[k]! / 100;
    for (const e of year(r).summary.transformerTransmissionLineLoss) product *= 1 - e.loss / 100;
    expect(product / year(r).acEnergy).toBeCloseTo(1, 9);
  });

  it('writes every column of the per-step export without NaN', () => {
    const cols = hourlyColumns(r);
    for (const c of HOURLY_COLUMNS) {
      expect(cols[c], c).toHaveLength(r.length);
      expect(
        cols[c].some((v) => Number.isNaN(v)),
        c,
      ).toBe(false);
    }
  });
});

describe('AC side', () => {
  const base = run(smallCase(bare));
  const ac = run(
    smallCase((c) => {
      c.powerPlant.transformers = [
        { rating: 0.01, highSideVoltage: 115, noLoadLoss: 0.1, fullLoadLoss: 0.5, ordinal: 1 },
      ];
      c.powerPlant.transmissionLines = [{ length: 2, numberOfConductorsPerPhase: 1, ordinal: 2 }];
      c.powerPlant.availabilityLoss = 2;
      c.powerPlant.lgiaLimitation = 0.005;
      c.powerPlant.blocks[0]!.arrays[0]!.dasLoad = 20;
    }),
  );

  it('array transformer, loads and collection, plant transformer and line, availability and LGIA each take their share', () => {
    const t = tree(ac);
    expect(t.mvTransformersLoss).toBeGreaterThan(0.3);
    expect(t.dataAcquisitionAuxLoss).toBeGreaterThan(1);
    expect(t.acCollectionLinesLoss).toBeGreaterThan(0.9);
    // 2 % of the production; relative to the signed energy (night consumption included) a little more
    expect(t.availabilityLoss).toBeGreaterThan(2);
    expect(t.availabilityLoss).toBeLessThan(2.2);
    expect(t.lgiaLimitationLoss).toBeGreaterThan(0.1);
    expect(year(ac).summary.transformerTransmissionLineLoss.map((e) => e.type)).toEqual([
      'Transformer',
      'Transmission Line',
    ]);
    expect(year(ac).acEnergy).toBeLessThan(0.95 * year(base).acEnergy);
    for (let i = 0; i < ac.length; i++) expect(ac.plant.power[i]).toBeLessThanOrEqual(5000 + 1e-9);
  });

  it('with AC-coupled storage recovers part of the energy above the LGIA limit, never exporting above it', () => {
    const withEss = run(
      smallCase((c) => {
        c.powerPlant.lgiaLimitation = 0.005;
        const evening = Object.fromEntries(
          Array.from({ length: 24 }, (_, h) => [`hour${h}`, h >= 18 && h <= 21]),
        );
        const months = [
          'january',
          'february',
          'march',
          'april',
          'may',
          'june',
          'july',
          'august',
          'september',
          'october',
          'november',
          'december',
        ];
        c.powerPlant.ess = {
          essInputs: {
            chargeAlgorithm: 0,
            inverterCapacity: 0.003,
            nameplateEnergyCapacity: 0.012,
            usableEnergyCapacityYear1: 0.01,
            roundtripDCEfficiencyYear1: 90,
            inverterEfficiency: 98,
            dispatchTable: Object.fromEntries(months.map((m) => [m, evening])),
          },
        };
      }),
    );
    const noEss = run(smallCase((c) => (c.powerPlant.lgiaLimitation = 0.005)));
    for (let i = 0; i < withEss.length; i++) expect(withEss.plant.power[i]).toBeLessThanOrEqual(5000 + 1e-6);
    expect(year(withEss).acEnergy).toBeGreaterThan(year(noEss).acEnergy);
    expect(withEss.plant.ess!.discharge.some((v) => v > 0)).toBe(true);
  });
});

describe('lifetime years and DC wiring', () => {
  it('degrades linearly on the DC side year after year (0.5 %/yr from the first year)', () => {
    const r = run(
      smallCase((c) =>
        Object.assign(c.prediction, {
          yearRepeater: 3,
          degradationModel: 3,
          linearDegradationRate: 0.5,
          firstYearDegradation: true,
        }),
      ),
    );
    expect(r.years.map((y) => y.yearIndex)).toEqual([1, 2, 3]);
    expect(r.summary.years).toHaveLength(3);
    const [a, b, c] = r.years.map((y) => y.dcEnergy) as [number, number, number];
    expect(b / a).toBeCloseTo(0.995, 3);
    expect(c / b).toBeCloseTo((0.995 / 0.9975) * 0.9975, 3);
    expect(r.years[2]!.acEnergy).toBeLessThan(r.years[1]!.acEnergy);
    expect((r.years[1]!.summary as unknown as Record<string, number>).degradationLoss).toBeCloseTo(0.75, 1);
  });

  it('loses less to a wiring resistance than to the same % of the power (the loss falls with I²)', () => {
    const res = run(
      smallCase((c) => (c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!.dcWiringLossAtSTC = 2)),
    );
    const flat = run(
      smallCase((c) => {
        c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!.dcWiringLossAtSTC = 2;
        c.prediction.dcWiringLossModel = 1;
      }),
    );
    expect(tree(flat).dcWiringLoss).toBeCloseTo(2, 9);
    expect(tree(res).dcWiringLoss).toBeGreaterThan(0.5);
    expect(tree(res).dcWiringLoss).toBeLessThan(1.5);
    expect(year(res).dcEnergy).toBeGreaterThan(year(flat).dcEnergy);
  });
});

describe('other models end to end', () => {
  it('a bifacial tracker gains from its rear side', () => {
    const tracker = (bifacial: boolean) =>
      smallCase((c) => {
        const d = c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!;
        Object.assign(d, {
          trackingType: 1,
          groundCoverageRatio: 0.35,
          collectorBandwidth: 2,
          postHeight: 1.5,
        });
        d.module = bifacial
          ? {
              library: 'sam-library-cec-modules-2021-12-01.csv',
              name: 'CSI Solar Co., Ltd. CS3U-400MS',
              faciality: 1,
              bifacialityFactor: 0.7,
            }
          : d.module;
      });
    const mono = run(tracker(false));
    const bi = run(tracker(true));
    const gain = year(bi).dcEnergy / year(mono).dcEnergy - 1;
    expect(gain).toBeGreaterThan(0.02);
    expect(gain).toBeLessThan(0.12);
    expect(tree(bi).backsideIrradiance).toBeLessThan(0);
    expect(bi.stages.rearEffective!.some((v) => v > 0)).toBe(true);
  });

  it('a PVsyst-form module on an efficiency-curve inverter gives a plausible yield', () => {
    const r = run(
      smallCase((c) => {
        bare(c);
        const inv = c.powerPlant.blocks[0]!.arrays[0]!.inverters[0]!;
        inv.inverter = {
          name: 'curves 10 kW',
          inverterEfficiencyModel: 1,
          powerRated: 10,
          efficiencyCurves: [300, 400, 500].map((voltage, k) => ({
            voltage,
            efficiencyPoints: [0.5, 1, 2, 3, 5, 7.5, 10].map((power, j) => ({
              power,
              efficiency: 93 + k * 0.5 + Math.min(j, 4) * 0.8,
            })),
          })),
        };
        inv.dcFields[0]!.module = {
          name: 'ET-M772BH550GL (PAN values)',
          pvModel: 1,
          numberOfCellsInSeries: 72,
          stcShortCircuitCurrent: 14,
          stcOpenCircuitVoltage: 49.9,
          seriesResistanceAtSTC: 0.203,
          shuntResistanceAtSTC: 300,
          darkShuntResistance: 2000,
          diodeIdealityFactorAtSTC: 0.98,
          linearTempDependenceOnGamma: -0.0001,
          linearTempDependenceOnIsc: 0.052,
          length: 2278,
          width: 1134,
        };
        inv.dcFields[0]!.modulesWiredInSeries = 8;
      }),
    );
    const f = year(r).summary.summaryFactors[0]!;
    expect(r.dcFields[0]!.settings.module.stc.pmp).toBeGreaterThan(530);
    expect(r.dcFields[0]!.settings.module.stc.pmp).toBeLessThan(570);
    expect(f.specificYieldDC).toBeGreaterThan(1100);
    expect(f.specificYieldDC).toBeLessThan(1700);
    expect(f.performanceRatio).toBeGreaterThan(75);
    expect(f.performanceRatio).toBeLessThan(92);
  });
});

describe('progress and per-year views', () => {
  const reported: [number, string][] = [];
  const r = simulate(
    smallCase((c) => {
      c.prediction.yearRepeater = 3;
      c.powerPlant.blocks[0]!.repeater = 2;
      c.powerPlant.blocks[0]!.arrays.push(structuredClone(c.powerPlant.blocks[0]!.arrays[0]!));
    }),
    greensboroWeather(),
    { libraries: cecLibraries(), onProgress: (f, stage) => reported.push([f, stage]) },
  );

  it('reports progress from the DC fields to the last year, never backwards, ending at 1', () => {
    expect(reported.length).toBeGreaterThanOrEqual(4);
    for (let k = 1; k < reported.length; k++)
      expect(reported[k]![0]).toBeGreaterThanOrEqual(reported[k - 1]![0]);
    expect(reported.at(-1)).toEqual([1, 'years']);
    expect(reported.filter(([, s]) => s === 'years')).toHaveLength(3);
  });

  it('splits each year’s signed energy by month and hour without losing any (tolerance 1e-9 relative)', () => {
    for (const y of r.years) {
      const sum = y.monthHourEnergy.reduce((a, v) => a + v, 0);
      expect(sum / y.acEnergy).toBeCloseTo(1, 9);
    }
  });

  it('sums one instance of each block × its repeater to the arrays’ output of the year', () => {
    const y = r.years[0]!;
    let arrays = 0;
    for (let i = 0; i < r.length; i++) arrays += r.plant.acAfterCollection[i]!;
    arrays *= r.stepHours;
    expect(y.blockEnergy).toHaveLength(1);
    expect((y.blockEnergy[0]! * 2) / arrays).toBeCloseTo(1, 9);
    const block = r.summary.blockResultSummaries[0]!;
    expect(block).toMatchObject({ name: 1, repeater: 2, numArrays: 2 });
    expect(block.dcSize * 2).toBeCloseTo(r.case.plant.dcCapacity / 1e6, 9);
    expect(block.years.map((b) => b.yearIndex)).toEqual([1, 2, 3]);
  });
});
