import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  parseCecInverterLibrary,
  parseCecModuleLibrary,
  findCecRecord,
  parseWeather,
  simulate,
} from '@sunfield/engine';
import { cecInverterRecord, cecModuleRecord } from '@sunfield/engine/library/cecRecords.ts';
import { powerPlantSchema } from '../../src/api/powerPlant.ts';
import { newPredictionDefaults } from '../../src/prediction/defaults.ts';
import { mergePlant } from '../../src/prediction/plantSave.ts';
import { simulationCase } from '../../src/prediction/simulationCase.ts';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

type Json = Record<string, unknown>;

const MODULE = { id: 7, stcMaxPower: 400, moduleQuality: -1, heatBalanceConductiveCoef: 25, faciality: 0 };
const INVERTER = { id: 9, apparentPower: 8, powerRated: 7.6 };

function context(start = 100) {
  let next = start;
  return {
    modules: new Map<number, Json>([[7, MODULE]]),
    inverters: new Map<number, Json>([[9, INVERTER]]),
    newId: () => next++,
    latitude: 36,
  };
}

const plant = (extra: Json = {}): Json =>
  powerPlantSchema.parse({
    blocks: [
      {
        arrays: [
          {
            inverters: [
              {
                inverterId: 9,
                dcFields: [{ moduleId: 7, modulesWiredInSeries: 8, fieldDcPower: 32, trackingType: 0 }],
              },
            ],
          },
        ],
      },
    ],
    ...extra,
  }) as Json;

const fieldOf = (p: Json): Json =>
  ((((p.blocks as Json[])[0]!.arrays as Json[])[0]!.inverters as Json[])[0]!.dcFields as Json[])[0]!;
const inverterOf = (p: Json): Json =>
  (((p.blocks as Json[])[0]!.arrays as Json[])[0]!.inverters as Json[])[0]!;

describe('mergePlant', () => {
  it('names, ids and defaults of new nodes; module-derived values and sizing', () => {
    const { plant: p, errors } = mergePlant(undefined, plant(), context());
    expect(errors).toEqual({});
    const block = (p.blocks as Json[])[0]!;
    expect(block).toMatchObject({ id: 100, name: 1, repeater: 1, useEnergizationDate: false });
    expect((block.arrays as Json[])[0]).toMatchObject({
      name: 1,
      acCollectionLoss: 1,
      dasLoad: 800,
      transformerHighSideVoltage: 34.5,
    });
    expect(inverterOf(p)).toMatchObject({
      name: 'A',
      powerFactor: 1,
      designDerate: 1,
      kVARating: 8,
      setpointkW: 8,
    });
    expect(fieldOf(p)).toMatchObject({
      name: 1,
      plannedModuleRating: 400,
      moduleQuality: -1,
      heatBalanceConductiveCoef: 25,
      moduleTilt: 25,
      moduleAzimuth: 180,
      numberOfSeriesStringsWiredInParallel: 10,
      dcWiringLossAtSTC: 1.5,
      dcHealth: 1,
    });
    expect(p).toMatchObject({ availabilityLoss: 0, powerFactor: 1, transformers: [], transmissionLines: [] });
  });

  it('keeps what a PUT leaves out, clears what it sends as null, and keeps ids', () => {
    const first = mergePlant(undefined, plant({ availabilityLoss: 2 }), context()).plant;
    const field = fieldOf(first);
    const update = powerPlantSchema.parse({
      lgiaLimitation: 5,
      blocks: [
        {
          id: (first.blocks as Json[])[0]!.id,
          arrays: [
            {
              id: ((first.blocks as Json[])[0]!.arrays as Json[])[0]!.id,
              inverters: [
                { id: inverterOf(first).id, dcFields: [{ id: field.id, moduleTilt: 30, dcHealth: null }] },
              ],
            },
          ],
        },
      ],
    });
    const { plant: second } = mergePlant(first, update, context(200));
    expect(second).toMatchObject({ availabilityLoss: 2, lgiaLimitation: 5 });
    expect(fieldOf(second)).toMatchObject({
      id: field.id,
      moduleTilt: 30,
      modulesWiredInSeries: 8,
      plannedModuleRating: 400,
    });
    expect(fieldOf(second)).not.toHaveProperty('dcHealth');
    expect(fieldOf(first)).toMatchObject({ moduleTilt: 25, dcHealth: 1 });
  });

  it('a copied node with ids of the original gets new ids; an id of another plant is not taken', () => {
    const first = mergePlant(undefined, plant(), context()).plant;
    const block = (first.blocks as Json[])[0]!;
    const copy = structuredClone(block);
    delete copy.name;
    const { plant: second } = mergePlant(
      first,
      powerPlantSchema.parse({ blocks: [block, copy, { id: 99_999 }] }),
      context(300),
    );
    const blocks = second.blocks as Json[];
    expect(blocks.map((b) => b.name)).toEqual([1, 2, 3]);
    expect(blocks[0]!.id).toBe(block.id);
    expect(blocks[1]!.id).toBe(300);
    expect(blocks[2]!.id).not.toBe(99_999);
    const ids: unknown[] = [];
    JSON.stringify(second, (k, v: unknown) => (k === 'id' ? (ids.push(v), v) : v));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('applies the save rules of spec 1 §5', () => {
    const input = powerPlantSchema.parse({
      blocks: [
        {
          arrays: [
            {
              inverters: [
                {
                  inverterId: 9,
                  dcFields: [
                    {
                      moduleId: 7,
                      trackingType: 1,
                      minimumTrackingLimitAngleD: 50,
                      maximumTrackingLimitAngleD: 50,
                    },
                    {
                      moduleId: 7,
                      trackingType: 0,
                      minimumTrackingLimitAngleD: -50,
                      maximumTrackingLimitAngleD: 50,
                    },
                    {
                      moduleId: 7,
                      trackingType: 2,
                      monthlySeasonalTiltFactors: [{ month: 1, tilt: 10 }, { month: 2 }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const fields = inverterOf(mergePlant(undefined, input, context()).plant).dcFields as Json[];
    expect(fields[0]).toMatchObject({
      minimumTrackingLimitAngleD: -50,
      maximumTrackingLimitAngleD: 50,
      trackingBacktrackingType: 1,
    });
    expect(fields[1]).not.toHaveProperty('minimumTrackingLimitAngleD');
    expect(fields[1]).not.toHaveProperty('maximumTrackingLimitAngleD');
    expect(fields[2]).not.toHaveProperty('monthlySeasonalTiltFactors');
    expect(fields.map((f) => f.name)).toEqual([1, 2, 3]);
  });

  it('completes the storage capacities from two of nameplate, usable and factor', () => {
    const input = powerPlantSchema.parse({
      ess: { essInputs: { usableEnergyCapacityYear1: 40, factor: 1.25 } },
    });
    expect(mergePlant(undefined, input, context()).plant.ess).toEqual({
      essInputs: { usableEnergyCapacityYear1: 40, factor: 1.25, nameplateEnergyCapacity: 50 },
    });
  });

  it("starts a new storage system from the company's storage settings, and only a new one", () => {
    const companySettings = {
      essSettings: { factor: 1.25, roundtripDCEfficiencyYear1: 88, hvacNoLoadLoss: 0.4 },
    };
    const input = powerPlantSchema.parse({
      ess: { essInputs: { usableEnergyCapacityYear1: 40, hvacNoLoadLoss: 0 } },
    });
    const first = mergePlant(undefined, input, { ...context(), companySettings }).plant;
    expect((first.ess as Json).essInputs).toEqual({
      usableEnergyCapacityYear1: 40,
      hvacNoLoadLoss: 0,
      factor: 1.25,
      roundtripDCEfficiencyYear1: 88,
      nameplateEnergyCapacity: 50,
    });
    const again = powerPlantSchema.parse({
      ess: { essInputs: { nameplateEnergyCapacity: 60, factor: 1.5 } },
    });
    const second = mergePlant(first, again, { ...context(), companySettings }).plant;
    expect((second.ess as Json).essInputs).not.toHaveProperty('roundtripDCEfficiencyYear1');
  });

  it('reports missing equipment and sibling names used twice', () => {
    const input = powerPlantSchema.parse({
      blocks: [
        { name: 4, arrays: [{ inverters: [{ inverterId: 1, dcFields: [{ moduleId: 2 }] }] }] },
        { name: 4 },
      ],
    });
    expect(mergePlant(undefined, input, context()).errors).toEqual({
      'blocks.1.name': ['Block 4 is used twice; names must differ.'],
      'blocks.0.arrays.0.inverters.0.inverterId': [
        'Block 4 › Array 1 › Inverter A: inverter 1 was not found.',
      ],
      'blocks.0.arrays.0.inverters.0.dcFields.0.moduleId': [
        'Block 4 › Array 1 › Inverter A › DC field 1: module 2 was not found.',
      ],
    });
  });
});

describe('the defaults a save fills are the engine defaults: filling them changes no energy', () => {
  it('a prediction with its stored defaults and a plant with its merged defaults give the bare case energy', () => {
    const data = sharedPath('data');
    const modules = parseCecModuleLibrary(
      fs.readFileSync(`${data}/sam-library-cec-modules-2021-12-01.csv`, 'utf8'),
      'm',
    );
    const inverters = parseCecInverterLibrary(
      fs.readFileSync(`${data}/sam-library-cec-inverters-2019-03-05.csv`, 'utf8'),
      'i',
    );
    const module = cecModuleRecord(findCecRecord(modules, 'CSI Solar Co., Ltd. CS3U-400MS'));
    const inverter = cecInverterRecord(findCecRecord(inverters, 'SMA America: SB7.7-1SP-US-40 [240V]'));
    const weather = parseWeather(fs.readFileSync(`${data}/723170TYA.CSV`, 'latin1'));
    const project = {
      name: 'G',
      latitude: 36.1,
      longitude: -79.95,
      elevation: 273,
      standardOffsetFromUTC: -5,
    };
    const bare = {
      blocks: [
        {
          arrays: [
            {
              inverters: [
                {
                  inverterId: 2,
                  dcFields: [
                    {
                      moduleId: 1,
                      modulesWiredInSeries: 8,
                      numberOfSeriesStringsWiredInParallel: 3,
                      trackingType: 1,
                      groundCoverageRatio: 0.35,
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    const libs = { modules: new Map([[1, module]]), inverters: new Map([[2, inverter]]) };
    let next = 1000;
    const merged = mergePlant(undefined, powerPlantSchema.parse(bare), {
      ...libs,
      newId: () => next++,
      latitude: 36.1,
    }).plant;
    // A new prediction takes the latest logic version (12, spec 2 §9.2); a case without one is read as 11.
    const asIs = simulationCase({
      project,
      prediction: { name: 'P', logicVersion: 12 },
      plant: bare,
      ...libs,
    });
    const filled = simulationCase({
      project,
      prediction: { ...newPredictionDefaults({}), name: 'P' } as Json & { name: string },
      plant: merged,
      ...libs,
    });
    const a = simulate(asIs, weather);
    const b = simulate(filled, weather);
    expect(a.years[0]!.acEnergy).toBeGreaterThan(5e6);
    expect(b.years[0]!.acEnergy).toBe(a.years[0]!.acEnergy);
    expect(b.years[0]!.dcEnergy).toBe(a.years[0]!.dcEnergy);
  });
});
