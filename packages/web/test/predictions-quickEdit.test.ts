import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cecModuleRecord, findCecRecord, parseCecModuleLibrary } from '@sunfield/engine';
import { MODULES_IN_SERIES_NOTICE, WARNING } from '@sunfield/domain';
import {
  applyQuickEdit,
  embeddedRecords,
  inverterDcAc,
  missingRecordIds,
  plantRows,
  quickEditError,
  rowWarnings,
  updateNode,
  visibleRows,
  type QuickEditContext,
} from '../src/screens/predictions/builder/quickEdit/model.ts';
import type { Json, PowerPlant } from '../src/screens/predictions/model/types.ts';
import { sharedPath } from '../../../scripts/sharedDir.ts';

const LIST = 'sam-library-cec-modules-2021-12-01.csv';
const library = parseCecModuleLibrary(fs.readFileSync(sharedPath('data', LIST), 'utf8'), LIST);
const CS3U: Json = {
  ...(cecModuleRecord(findCecRecord(library, 'CSI Solar Co., Ltd. CS3U-400MS')) as Json),
  id: 7,
  name: 'CS3U-400MS',
  length: 2000,
  width: 992,
};
const OTHER: Json = { ...CS3U, id: 8, name: 'CS3U-400MS at 450 W', stcMaxPower: 450 };
const INVERTER: Json = {
  id: 3,
  name: 'Central 2500',
  maxAbsoluteVoltage: 1500,
  minVoltage: 875,
  maxMPPVoltage: 1300,
};

const field = (name: number, id: number): Json => ({
  id,
  name,
  repeater: 1,
  moduleId: 7,
  module: CS3U,
  plannedModuleRating: CS3U.stcMaxPower,
  fieldDcPower: 3000,
  modulesWiredInSeries: 26,
  numberOfSeriesStringsWiredInParallel: (3000 * 1000) / ((CS3U.stcMaxPower as number) * 26),
  trackingType: 0,
  moduleTilt: 25,
  moduleAzimuth: 180,
  groundCoverageRatio: 0.4,
  modulesHigh: 2,
  modulesWide: 26,
});

/** A plant of `blocks` blocks, each one array, one inverter (2,500 kW) and two DC fields. */
function bigPlant(blocks: number): PowerPlant {
  let id = 1;
  const plant: Json = {
    blocks: Array.from({ length: blocks }, (_, b) => ({
      id: id++,
      name: b + 1,
      repeater: 1,
      arrays: [
        {
          id: id++,
          name: 1,
          repeater: 1,
          inverters: [
            {
              id: id++,
              name: 'A',
              repeater: 1,
              inverterId: 3,
              inverter: INVERTER,
              setpointkW: 2500,
              dcFields: [field(1, id++), field(2, id++)],
            },
          ],
        },
      ],
    })),
  };
  return plant as PowerPlant;
}

const ctx: QuickEditContext = {
  latitude: 35,
  site: { min50Year: -20, cool996: 35, elevation: 100 },
  modules: new Map([
    [7, CS3U],
    [8, OTHER],
  ]),
  inverters: new Map([[3, INVERTER]]),
};
const at = { block: 150, array: 0, inverter: 0, field: 1 };

describe('Quick Edit rows', () => {
  it('lists one row per DC field with its path and its inverter DC:AC', () => {
    const rows = plantRows(bigPlant(3));
    expect(rows).toHaveLength(6);
    expect(rows[1]!.label).toBe('B1 › A1 › Inv A › DC 2');
    expect(rows[1]!.key).toBe('0.0.0.1');
    expect(rows[0]!.dcAcRatio).toBeCloseTo(6000 / 2500, 10);
    expect(plantRows(null)).toEqual([]);
  });

  it('filters by path or module name and sorts by a value, missing last', () => {
    const rows = plantRows(bigPlant(12));
    expect(visibleRows(rows, 'b12 ›', null, () => undefined)).toHaveLength(2);
    expect(visibleRows(rows, 'cs3u', null, () => undefined)).toHaveLength(24);
    const sorted = visibleRows(rows, '', { column: 'x', direction: 'desc' }, (r) =>
      r.path.block === 3 ? undefined : r.path.block,
    );
    expect(sorted[0]!.path.block).toBe(11);
    expect(sorted.at(-1)!.path.block).toBe(3);
  });

  it('finds the embedded records and the ids to fetch', () => {
    const plant = bigPlant(2);
    const known = embeddedRecords(plant);
    expect([...known.modules.keys()]).toEqual([7]);
    expect([...known.inverters.keys()]).toEqual([3]);
    const edited = updateNode(plant, at && { block: 1, array: 0, inverter: 0, field: 0 }, 'field', (f) => ({
      ...f,
      moduleId: 99,
    }));
    expect(missingRecordIds(edited, known)).toEqual({ modules: [99], inverters: [] });
  });
});

describe('Quick Edit cell edits', () => {
  it('changes only the edited path (structural sharing) and times one edit on a 300-block plant', () => {
    const plant = bigPlant(300);
    const started = performance.now();
    const { plant: next, error } = applyQuickEdit(plant, at, 'moduleTilt', 30, ctx);
    const ms = performance.now() - started;
    console.log(`one Quick Edit cell edit on a 300-block plant (600 DC fields): ${ms.toFixed(2)} ms`);
    const rowsStarted = performance.now();
    plantRows(next);
    console.log(`rows of the 300-block plant: ${(performance.now() - rowsStarted).toFixed(2)} ms`);
    expect(error).toBeNull();
    expect(next).not.toBe(plant);
    expect(next.blocks[149]).toBe(plant.blocks[149]);
    expect(next.blocks[151]).toBe(plant.blocks[151]);
    const b = next.blocks[150]!;
    expect(b).not.toBe(plant.blocks[150]);
    const inv = b.arrays[0]!.inverters[0]!;
    expect(inv.dcFields[0]).toBe(plant.blocks[150]!.arrays[0]!.inverters[0]!.dcFields[0]);
    expect(inv.dcFields[1]!.moduleTilt).toBe(30);
    expect(inv.inverter).toBe(INVERTER);
    // the old plant is untouched
    expect(plant.blocks[150]!.arrays[0]!.inverters[0]!.dcFields[1]!.moduleTilt).toBe(25);
  });

  it('applies the post-height rule when the tilt changes, unless the post height is locked', () => {
    const plant = bigPlant(1);
    const p = { block: 0, array: 0, inverter: 0, field: 0 };
    const f = (x: PowerPlant) => x.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!;
    const a = applyQuickEdit(plant, p, 'moduleTilt', 10, ctx).plant;
    const b = applyQuickEdit(plant, p, 'moduleTilt', 40, ctx).plant;
    expect(f(b).postHeight as number).toBeGreaterThan(f(a).postHeight as number);
    const locked = updateNode(plant, p, 'field', (x) => ({ ...x, postHeight: 3, lockPostHeight: true }));
    expect(f(applyQuickEdit(locked, p, 'moduleTilt', 40, ctx).plant).postHeight).toBe(3);
    // a typed post height stays: typing it locks it, as in the builder
    const typed = f(applyQuickEdit(plant, p, 'postHeight', 2.2, ctx).plant);
    expect(typed.postHeight).toBe(2.2);
    expect(typed.lockPostHeight).toBe(true);
    expect(typed.calculateDCFields).toBeUndefined();
  });

  it('keeps strings and DC power consistent, with the builder’s locks', () => {
    const plant = bigPlant(1);
    const p = { block: 0, array: 0, inverter: 0, field: 0 };
    const f = (x: PowerPlant) => x.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!;
    const rating = CS3U.stcMaxPower as number;
    const power = f(applyQuickEdit(plant, p, 'fieldDcPower', 2000, ctx).plant);
    expect(power.numberOfSeriesStringsWiredInParallel).toBeCloseTo((2000 * 1000) / (rating * 26), 9);
    const stringsPlant = applyQuickEdit(plant, p, 'numberOfSeriesStringsWiredInParallel', 200, ctx).plant;
    const strings = f(stringsPlant);
    expect(strings.numberOfSeriesStringsWiredInParallel).toBe(200);
    expect(strings.fieldDcPower).toBeCloseTo((200 * rating * 26) / 1000, 9);
    expect(strings.lockNumberOfSeriesStringsWiredInParallel).toBe(true);
    // typing the power again unlocks the strings (they follow it)
    const again = f(applyQuickEdit(stringsPlant, p, 'fieldDcPower', 2000, ctx).plant);
    expect(again.lockNumberOfSeriesStringsWiredInParallel).toBe(false);
    expect(again.numberOfSeriesStringsWiredInParallel).toBeCloseTo((2000 * 1000) / (rating * 26), 9);
    // series typed: kept (and locked), strings follow the DC power
    const series = f(applyQuickEdit(plant, p, 'modulesWiredInSeries', 25, ctx).plant);
    expect(series.modulesWiredInSeries).toBe(25);
    expect(series.lockModulesWiredInSeries).toBe(true);
    expect(series.fieldDcPower).toBe(3000);
    expect(series.numberOfSeriesStringsWiredInParallel).toBeCloseTo((3000 * 1000) / (rating * 25), 9);
    // with the strings locked, a new string length keeps the strings and moves the power
    const lockedSeries = f(applyQuickEdit(stringsPlant, p, 'modulesWiredInSeries', 25, ctx).plant);
    expect(lockedSeries.numberOfSeriesStringsWiredInParallel).toBe(200);
    expect(lockedSeries.fieldDcPower).toBeCloseTo((200 * rating * 25) / 1000, 9);
  });

  it('scales the inverter’s DC fields to a DC:AC ratio typed', () => {
    const plant = bigPlant(1);
    const p = { block: 0, array: 0, inverter: 0, field: 1 };
    const next = applyQuickEdit(plant, p, 'dcAcRatio', 1.3, ctx).plant;
    const inv = next.blocks[0]!.arrays[0]!.inverters[0]!;
    expect(inverterDcAc(inv).ratio).toBeCloseTo(1.3, 9);
    expect(inv.dcFields[0]!.fieldDcPower).toBeCloseTo(1625, 9);
    expect(inv.dcFields[1]!.fieldDcPower).toBeCloseTo(1625, 9);
    const noSetpoint = updateNode(plant, p, 'inverter', (x) => ({ ...x, setpointkW: null }));
    expect(applyQuickEdit(noSetpoint, p, 'dcAcRatio', 1.1, ctx).error).toMatch(/no setpoint/);
  });

  it('takes the new module’s defaults and fits the string to the window when the module changes', () => {
    const plant = bigPlant(1);
    const p = { block: 0, array: 0, inverter: 0, field: 0 };
    const long = updateNode(plant, p, 'field', (x) => ({ ...x, modulesWiredInSeries: 30 }));
    const { plant: next, notices } = applyQuickEdit(long, p, 'moduleId', 8, ctx);
    const f = next.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!;
    expect(f.moduleId).toBe(8);
    expect(f.module).toBe(OTHER);
    expect(f.plannedModuleRating).toBe(450);
    expect(f.modulesWiredInSeries).toBe(27);
    expect(notices).toContain(MODULES_IN_SERIES_NOTICE);
    expect(f.numberOfSeriesStringsWiredInParallel).toBeCloseTo((3000 * 1000) / (450 * 27), 9);
    expect(applyQuickEdit(plant, p, 'moduleId', 12345, ctx).error).toMatch(/not loaded/);
  });

  it('edits repeaters and setpoints on their own nodes, refuses values out of range', () => {
    const plant = bigPlant(2);
    const p = { block: 1, array: 0, inverter: 0, field: 1 };
    const next = applyQuickEdit(plant, p, 'blockRepeater', 4, ctx).plant;
    expect(next.blocks[1]!.repeater).toBe(4);
    expect(next.blocks[1]!.arrays).toBe(plant.blocks[1]!.arrays);
    const sp = applyQuickEdit(plant, p, 'setpointkW', 3000, ctx).plant;
    expect(sp.blocks[1]!.arrays[0]!.inverters[0]!.setpointkW).toBe(3000);
    expect(sp.blocks[1]!.arrays[0]!.inverters[0]!.dcFields).toBe(
      plant.blocks[1]!.arrays[0]!.inverters[0]!.dcFields,
    );
    expect(applyQuickEdit(plant, p, 'fieldRepeater', 1.5, ctx)).toMatchObject({
      plant,
      error: 'Enter a whole number.',
    });
    expect(quickEditError('moduleTilt', 91)).toBe('Must be at most 90.');
    expect(quickEditError('groundCoverageRatio', 0)).toBe('Must be greater than 0.');
    expect(applyQuickEdit(plant, p, 'moduleTilt', 25, ctx).plant).toBe(plant); // unchanged value
  });

  it('gives a tracker its defaults and warns as the builder does', () => {
    const plant = bigPlant(1);
    const p = { block: 0, array: 0, inverter: 0, field: 0 };
    const next = applyQuickEdit(plant, p, 'trackingType', 1, ctx).plant;
    const f = next.blocks[0]!.arrays[0]!.inverters[0]!.dcFields[0]!;
    expect(f.minimumTrackingLimitAngleD).toBe(-60);
    expect(f.maximumTrackingLimitAngleD).toBe(60);
    const rows = plantRows(bigPlant(1));
    expect(rowWarnings(rows[0]!, 35).dcAc).toBe(WARNING.dcAcHigh);
    const north = plantRows(updateNode(plant, p, 'field', (x) => ({ ...x, moduleAzimuth: 10 })));
    expect(rowWarnings(north[0]!, 35).azimuth).toBe(WARNING.northernHemisphereAzimuth);
  });
});
