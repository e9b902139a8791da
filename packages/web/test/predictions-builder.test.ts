import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { cecModuleRecord, findCecRecord, parseCecModuleLibrary } from '@sunfield/engine';
import {
  calculatePlant,
  hemisphereAzimuthWarning,
  INVERTER_KVA_NOTICE,
  MODULES_IN_SERIES_NOTICE,
  modulesWideMessage,
  WARNING,
} from '@sunfield/domain';
import {
  addNode,
  cloneNode,
  createPlant,
  instanceSize,
  nameOptions,
  nextFreeName,
  nodeAt,
  nodeDefaults,
  nodeSize,
  plantSize,
  reconcile,
  removeNode,
  select,
  siblingsAt,
  updateAt,
  type NodeDefaults,
} from '../src/screens/predictions/builder/model/plantEdit.ts';
import {
  dcFieldWarnings,
  editDcField,
  editInverter,
  pickInverter,
  pickModule,
  type RuleContext,
} from '../src/screens/predictions/builder/model/fieldRules.ts';
import type { Json, PowerPlant } from '../src/screens/predictions/model/types.ts';
import { sharedPath } from '../../../scripts/sharedDir.ts';

const LIST = 'sam-library-cec-modules-2021-12-01.csv';
const library = parseCecModuleLibrary(fs.readFileSync(sharedPath('data', LIST), 'utf8'), LIST);
/** CSI Solar CS3U-400MS: 400 W, 2000 × 992 mm, window 25–27 modules on 875–1500 V at −20/35 °C. */
const MODULE: Json = {
  ...(cecModuleRecord(findCecRecord(library, 'CSI Solar Co., Ltd. CS3U-400MS')) as Json),
  id: 7,
  length: 2000,
  width: 992,
};
const INVERTER: Json = {
  id: 11,
  name: 'Central 2500',
  maxAbsoluteVoltage: 1500,
  minVoltage: 875,
  apparentPower: 2500,
  powerRated: 2400,
};

const d: NodeDefaults = nodeDefaults(null, 35);
const ctx: RuleContext = {
  latitude: 35,
  site: { min50Year: -20, cool996: 35, elevation: 100 },
  useCoolingTemp: false,
  moduleOf: (f) => (f.moduleId === 7 ? MODULE : undefined),
  inverterOf: (n) => (n.inverterId === 11 ? INVERTER : undefined),
};

const inverterPath = [0, 0, 0] as const;
const inv = (plant: PowerPlant, path: readonly number[] = inverterPath) => nodeAt(plant, path)!;
const field = (plant: PowerPlant, path: readonly number[] = [0, 0, 0, 0]) => nodeAt(plant, path)!;

/** A plant of one block with the module and inverter picked. */
function equippedPlant(): PowerPlant {
  let plant = createPlant(d);
  plant = updateAt(plant, inverterPath, (node) => pickInverter(node, INVERTER, ctx).inverter);
  plant = updateAt(plant, inverterPath, (node) => pickModule(node, 0, MODULE, ctx).inverter);
  return plant;
}

describe('new plant and node names (spec 1 §5, spec 2 §9.2)', () => {
  it('creates one block, array, inverter and DC field from the domain defaults', () => {
    const plant = createPlant(d);
    expect(plant.blocks).toHaveLength(1);
    const block = plant.blocks[0]!;
    expect(block).toMatchObject({ name: 1, repeater: 1, useEnergizationDate: false });
    expect(block.arrays[0]).toMatchObject({
      name: 1,
      acCollectionLoss: 1,
      dasLoad: 800,
      transformerEnabled: true,
    });
    expect(block.arrays[0]!.inverters[0]).toMatchObject({ name: 'A', powerFactor: 1, designDerate: 1 });
    expect(block.arrays[0]!.inverters[0]!.dcFields[0]).toMatchObject({
      name: 1,
      lateralIntermoduleGap: 0.02,
      dcWiringLossAtSTC: 1.5,
      moduleAzimuth: 180,
      moduleTilt: 25,
      trackingType: 0,
    });
    expect(plant).toMatchObject({ availabilityLoss: 0, transformers: [], transmissionLines: [] });
  });

  it("takes the company's builder settings and the southern hemisphere's azimuth", () => {
    const south = nodeDefaults({ powerPlantBuilder: { acCollectionLoss: 2.5, dcWiringLossAtSTC: 2 } }, -33);
    const plant = createPlant(south);
    expect(plant.blocks[0]!.arrays[0]).toMatchObject({ acCollectionLoss: 2.5 });
    expect(plant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]).toMatchObject({
      dcWiringLossAtSTC: 2,
      moduleAzimuth: 0,
      moduleTilt: 20,
    });
    // The company's layout settings: tilt, azimuth by hemisphere, GCR, trackers with their limits.
    const company = nodeDefaults(
      {
        powerPlantBuilder: {
          tiltAngle: 28,
          southernHemisphereAzimuth: 10,
          gcr: 0.5,
          powerFactor: 0.98,
        },
        systemDetailSettings: { availabilityLoss: 1.5 },
      },
      -33,
    );
    const companyPlant = createPlant(company);
    expect(companyPlant.availabilityLoss).toBe(1.5);
    expect(companyPlant.blocks[0]!.arrays[0]!.inverters[0]!.powerFactor).toBe(0.98);
    expect(companyPlant.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]).toMatchObject({
      moduleTilt: 28,
      moduleAzimuth: 10,
      groundCoverageRatio: 0.5,
      trackingType: 0,
    });
    const tracker = createPlant(
      nodeDefaults({ powerPlantBuilder: { dcFieldTrackingTypeEnum: 1, maximumTrackingLimitAngleD: 55 } }, 35),
    );
    expect(tracker.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]).toMatchObject({
      trackingType: 1,
      maximumTrackingLimitAngleD: 55,
      minimumTrackingLimitAngleD: -60,
    });
  });

  it('gives the next free name: 1–100 for blocks, arrays and DC fields, A–Z for inverters', () => {
    expect(nextFreeName('block', [{ name: 1 }, { name: 3 }])).toBe(2);
    expect(nextFreeName('inverter', [{ name: 'A' }, { name: 'B' }])).toBe('C');
    expect(
      nextFreeName(
        'dcField',
        Array.from({ length: 100 }, (_, i) => ({ name: i + 1 })),
      ),
    ).toBeNull();
    expect(
      nextFreeName(
        'inverter',
        Array.from({ length: 26 }, (_, i) => ({ name: String.fromCharCode(65 + i) })),
      ),
    ).toBeNull();
    expect(nameOptions('block', [{ name: 1 }, { name: 2 }], 2).slice(0, 3)).toEqual([2, 3, 4]);
    expect(nameOptions('block', [{ name: 250 }], 250)[0]).toBe(250);
  });
});

describe('add, clone, remove and the selection (spec 1 §4)', () => {
  it('adds a block with its first array, inverter and DC field, and selects it down its first children', () => {
    const change = addNode(createPlant(d), 0, [], d)!;
    expect(change.title).toBe('Block 2');
    expect(change.plant.blocks.map((b) => b.name)).toEqual([1, 2]);
    expect(change.selection).toEqual({ depth: 0, path: [1, 0, 0, 0] });
  });

  it('adds an inverter named after the free letter under the selected array', () => {
    const change = addNode(createPlant(d), 2, [0, 0], d)!;
    expect(change.title).toBe('Inverter B');
    expect(change.selection).toEqual({ depth: 2, path: [0, 0, 1, 0] });
  });

  it('clones a block with its subtree, without node ids, under the next free name', () => {
    let plant = equippedPlant();
    plant = updateAt(plant, [0], (b) => ({ ...b, id: 41, repeater: 3 }));
    const change = cloneNode(plant, [0])!;
    expect(change.title).toBe('Block 1');
    const copy = change.plant.blocks[1]!;
    expect(copy.name).toBe(2);
    expect(copy.id).toBeUndefined();
    expect(copy.repeater).toBe(3);
    expect(copy.arrays[0]!.inverters[0]!.inverterId).toBe(11);
    expect(copy.arrays[0]!.inverters[0]!.dcFields[0]!.moduleId).toBe(7);
    // the module record keeps its own id
    expect((copy.arrays[0]!.inverters[0]!.dcFields[0]!.module as Json).id).toBe(7);
    expect(change.selection).toEqual({ depth: 0, path: [1, 0, 0, 0] });
  });

  it('removing selects the previous sibling, the first when the first went, else the parent', () => {
    let plant = createPlant(d);
    plant = addNode(plant, 0, [], d)!.plant;
    plant = addNode(plant, 0, [], d)!.plant;
    const middle = removeNode(plant, [1])!;
    expect(middle.title).toBe('Block 2');
    expect(middle.plant.blocks.map((b) => b.name)).toEqual([1, 3]);
    expect(middle.selection?.path.slice(0, 1)).toEqual([0]);
    const first = removeNode(plant, [0])!;
    expect(first.selection).toEqual({ depth: 0, path: [0, 0, 0, 0] });
    expect(first.plant.blocks[0]!.name).toBe(2);
    const onlyField = removeNode(plant, [2, 0, 0, 0])!;
    expect(onlyField.title).toBe('DC field 1');
    expect(onlyField.selection).toEqual({ depth: 2, path: [2, 0, 0] });
    const last = removeNode(createPlant(d), [0])!;
    expect(last.selection).toBeNull();
  });

  it('keeps a selection valid after the plant changed elsewhere', () => {
    const plant = createPlant(d);
    expect(reconcile(plant, { depth: 3, path: [4, 0, 2, 0] })).toEqual({ depth: 3, path: [0, 0, 0, 0] });
    expect(reconcile(plant, null)).toEqual({ depth: 0, path: [0, 0, 0, 0] });
    expect(reconcile({ blocks: [] }, null)).toBeNull();
    expect(select(plant, [0, 0])).toEqual({ depth: 1, path: [0, 0, 0, 0] });
  });
});

describe('structural sharing and sizes', () => {
  it('copies only the path to the edited node', () => {
    let plant = createPlant(d);
    for (let i = 0; i < 3; i++) plant = addNode(plant, 0, [], d)!.plant;
    const next = updateAt(plant, [2, 0, 0, 0], (f) => ({ ...f, moduleTilt: 30 }));
    expect(next).not.toBe(plant);
    expect(next.blocks[0]).toBe(plant.blocks[0]);
    expect(next.blocks[3]).toBe(plant.blocks[3]);
    expect(next.blocks[2]).not.toBe(plant.blocks[2]);
    expect(field(next, [2, 0, 0, 0]).moduleTilt).toBe(30);
    expect(field(plant, [2, 0, 0, 0]).moduleTilt).toBe(25);
    expect(siblingsAt(next, [2, 0, 0, 0])).toHaveLength(1);
  });

  it('sizes each node with its repeaters: DC from the fields, AC from the setpoints', () => {
    let plant = equippedPlant();
    plant = updateAt(plant, [0, 0, 0], (n) => ({ ...n, repeater: 2 }));
    plant = updateAt(plant, [0], (b) => ({ ...b, repeater: 3 }));
    const inverter = inv(plant);
    expect(instanceSize(inverter, 2)).toEqual({ dcKw: 3000, acKw: 2500 });
    expect(nodeSize(inverter, 2)).toEqual({ dcKw: 6000, acKw: 5000 });
    expect(plantSize(plant).dcKw).toBeCloseTo(18_000, 6);
    expect(plantSize(plant).acKw).toBeCloseTo(15_000, 6);
  });
});

describe('the rules as the user types (spec 2 §9.2–9.3, spec 1 §4–5)', () => {
  it('picking the inverter sets kVA, setpoint and the DC power at DC:AC 1.2', () => {
    const node = pickInverter(inv(createPlant(d)), INVERTER, ctx).inverter;
    expect(node).toMatchObject({ inverterId: 11, kVARating: 2500, setpointkW: 2500 });
    expect((node.dcFields as Json[])[0]!.fieldDcPower).toBe(3000);
  });

  it('picking the module takes its rating, puts the string in the window and sizes the field', () => {
    const f = field(equippedPlant());
    expect(f.moduleId).toBe(7);
    expect(f.plannedModuleRating).toBeCloseTo(MODULE.stcMaxPower as number, 6);
    expect(f.modulesWiredInSeries).toBe(27);
    expect(f.numberOfSeriesStringsWiredInParallel).toBeCloseTo(
      (1000 * 3000) / ((MODULE.stcMaxPower as number) * 27),
      9,
    );
    expect(f.modulesWide).toBe(27);
    expect(f.modulesHigh).toBe(2);
    expect(f.numberOfRows).toBe(Math.ceil(Math.cbrt((1000 * 3000) / (MODULE.stcMaxPower as number))));
    expect(typeof f.postToPostSpacing).toBe('number');
    expect(typeof f.fieldLength).toBe('number');
    expect(f.id).toBeUndefined();
    expect(f.calculateDCFields).toBeUndefined();
  });

  it('typing a value with a lock locks it, and the rules never overwrite it', () => {
    const plant = equippedPlant();
    let node = editDcField(inv(plant), 0, { numberOfRows: 7 }, ctx).inverter;
    let f = (node.dcFields as Json[])[0]!;
    expect(f).toMatchObject({ numberOfRows: 7, lockNumberOfRows: true });
    node = editDcField(node, 0, { fieldDcPower: 1500 }, ctx).inverter;
    f = (node.dcFields as Json[])[0]!;
    expect(f.numberOfRows).toBe(7);
    // unlocking gives the value back to the rules
    node = editDcField(node, 0, { lockNumberOfRows: false }, ctx).inverter;
    f = (node.dcFields as Json[])[0]!;
    expect(f.numberOfRows).toBe(Math.ceil(Math.cbrt((1000 * 1500) / (MODULE.stcMaxPower as number))));
  });

  it('the strings and the DC power follow each other', () => {
    const plant = equippedPlant();
    const rating = MODULE.stcMaxPower as number;
    let node = editDcField(inv(plant), 0, { numberOfSeriesStringsWiredInParallel: 200 }, ctx).inverter;
    let f = (node.dcFields as Json[])[0]!;
    expect(f.lockNumberOfSeriesStringsWiredInParallel).toBe(true);
    expect(f.fieldDcPower).toBeCloseTo((200 * 27 * rating) / 1000, 9);
    node = editDcField(node, 0, { fieldDcPower: 2000 }, ctx).inverter;
    f = (node.dcFields as Json[])[0]!;
    expect(f.lockNumberOfSeriesStringsWiredInParallel).toBe(false);
    expect(f.numberOfSeriesStringsWiredInParallel).toBeCloseTo((1000 * 2000) / (27 * rating), 9);
  });

  it('a string typed outside the window is kept (locked); unlocked, the rules put it back with the notice', () => {
    const plant = equippedPlant();
    let result = editDcField(inv(plant), 0, { modulesWiredInSeries: 30 }, ctx);
    expect((result.inverter.dcFields as Json[])[0]!.modulesWiredInSeries).toBe(30);
    result = editDcField(result.inverter, 0, { lockModulesWiredInSeries: false }, ctx);
    expect((result.inverter.dcFields as Json[])[0]!.modulesWiredInSeries).toBe(27);
    expect(result.notices).toContain(MODULES_IN_SERIES_NOTICE);
  });

  it('a pitch typed sets the ground coverage ratio; a ratio typed sets the pitch', () => {
    const plant = equippedPlant();
    let node = editDcField(inv(plant), 0, { postToPostSpacing: 8 }, ctx).inverter;
    let f = (node.dcFields as Json[])[0]!;
    expect(f.groundCoverageRatio).toBeCloseTo((f.collectorBandwidth as number) / 8, 9);
    node = editDcField(node, 0, { groundCoverageRatio: 0.5 }, ctx).inverter;
    f = (node.dcFields as Json[])[0]!;
    expect(f.lockPostToPostSpacing).toBe(false);
    expect(f.postToPostSpacing).toBeCloseTo((f.collectorBandwidth as number) / 0.5, 9);
  });

  it('the kVA or power factor sets the setpoint; a DC:AC typed scales the DC power', () => {
    const plant = equippedPlant();
    let node = editInverter(inv(plant), { powerFactor: 0.9 }, ctx).inverter;
    expect(node.setpointkW).toBeCloseTo(2250, 9);
    node = editInverter(node, { dcacRatio: 1.3 }, ctx).inverter;
    expect((node.dcFields as Json[])[0]!.fieldDcPower).toBeCloseTo(2925, 6);
  });

  it('with the cooling temperature the kVA follows the curves, with the notice', () => {
    const curves = {
      ...INVERTER,
      kVACurves: [
        {
          elevation: 0,
          kVAPoints: [
            { temperature: 25, kVA: 2500 },
            { temperature: 50, kVA: 2000 },
          ],
        },
      ],
      usekVACurves: true,
    };
    const cooling: RuleContext = { ...ctx, useCoolingTemp: true, inverterOf: () => curves };
    const result = pickInverter(inv(createPlant(d)), curves, cooling);
    expect(result.notices).toContain(INVERTER_KVA_NOTICE);
    expect(result.inverter.kVARating).toBeLessThan(2500);
  });
});

describe('warnings under a DC field (spec 2 §8.4)', () => {
  it('gives the DC:AC, hemisphere and modules-wide texts', () => {
    const plant = equippedPlant();
    const node = inv(plant);
    expect(dcFieldWarnings(field(plant), node, 35)).toEqual([]);
    const low = editInverter(node, { dcacRatio: 0.8 }, ctx).inverter;
    expect(dcFieldWarnings((low.dcFields as Json[])[0]!, low, 35)).toEqual([WARNING.dcAcLow]);
    const high = editInverter(node, { dcacRatio: 1.6 }, ctx).inverter;
    expect(dcFieldWarnings((high.dcFields as Json[])[0]!, high, 35)).toEqual([WARNING.dcAcHigh]);
    expect(dcFieldWarnings((high.dcFields as Json[])[0]!, high, 35, { useMapBuilder: true })).toEqual([]);
    const north = editDcField(node, 0, { moduleAzimuth: 0 }, ctx).inverter;
    expect(dcFieldWarnings((north.dcFields as Json[])[0]!, north, 35)).toEqual([
      hemisphereAzimuthWarning('Northern'),
    ]);
    expect(dcFieldWarnings((north.dcFields as Json[])[0]!, north, -35)).toEqual([]);
    const wide = editDcField(node, 0, { modulesWide: 30 }, ctx).inverter;
    expect(dcFieldWarnings((wide.dcFields as Json[])[0]!, wide, 35)).toEqual([modulesWideMessage(27)]);
  });
});

describe('a 300-block plant stays responsive', () => {
  it('times one DC-field edit through the builder’s update (figure printed)', () => {
    let plant = equippedPlant();
    const block = plant.blocks[0]!;
    const fields = Array.from({ length: 4 }, (_, i) => ({
      ...block.arrays[0]!.inverters[0]!.dcFields[0]!,
      name: i + 1,
    }));
    const full = {
      ...block,
      arrays: [{ ...block.arrays[0]!, inverters: [{ ...block.arrays[0]!.inverters[0]!, dcFields: fields }] }],
    };
    plant = {
      ...plant,
      blocks: Array.from({ length: 300 }, (_, i) => ({ ...structuredClone(full), name: i + 1 })),
    };
    expect(plantSize(plant).dcKw).toBeGreaterThan(0);

    const edit = (p: PowerPlant, tilt: number) => {
      const path = [150, 0, 0];
      const node = nodeAt(p, path)!;
      const result = editDcField(node, 2, { moduleTilt: tilt }, ctx);
      return updateAt(p, path, () => result.inverter);
    };
    for (let i = 0; i < 20; i++) plant = edit(plant, 20 + (i % 10)); // warm-up
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      const next = edit(plant, 21 + (i % 9));
      plantSize(next);
      times.push(performance.now() - t0);
      plant = next;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;

    const whole = structuredClone(plant) as Json;
    const t0 = performance.now();
    calculatePlant(whole, {
      modules: new Map([[7, MODULE]]),
      inverters: new Map([[11, INVERTER]]),
      stored: plant as Json,
      latitude: 35,
      site: ctx.site,
    });
    const wholeMs = performance.now() - t0;
    console.log(
      `300 blocks, 1,200 DC fields: one DC-field edit (rules on the field, path copy, sizes) median ` +
        `${median.toFixed(3)} ms, max ${times[times.length - 1]!.toFixed(3)} ms; calculatePlant over the ` +
        `whole plant ${wholeMs.toFixed(1)} ms`,
    );
    expect(field(plant, [150, 0, 0, 2]).moduleTilt).toBeGreaterThan(20);
    expect(plant.blocks[149]).toBe(plant.blocks[149]);
  });
});
