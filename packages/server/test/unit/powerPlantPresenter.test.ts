import { describe, expect, it } from 'vitest';
import {
  DC_FIELD_EXTRAS,
  DC_FIELD_KEYS,
  INVERTER_NODE_EXTRAS,
  INVERTER_NODE_KEYS,
  POWER_PLANT_KEYS,
} from '@sunfield/domain';
import { presentPowerPlant } from '../../src/presenters/powerPlant.ts';

type Json = Record<string, unknown>;

/** A stored plant: one block, array, inverter and DC field, with stale and unknown keys of its own. */
const stored = {
  name: 'Plant',
  notAField: 'dropped',
  blocks: [
    {
      name: 1,
      arrays: [
        {
          name: 1,
          inverters: [
            {
              name: 'A',
              inverterId: 2,
              repeater: 3,
              inverter: 'stale',
              totalModuleArea: 99,
              dcFields: [
                {
                  name: 1,
                  moduleId: 1,
                  modulesWiredInSeries: 10,
                  numberOfSeriesStringsWiredInParallel: 2,
                  module: 'stale',
                  totalModuleArea: 99,
                  shadeObjects: null,
                  faimanU0: 25,
                  notAField: 'dropped',
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('presentPowerPlant', () => {
  const module = { id: 1, length: 2000, width: 1000 };
  const inverter = { id: 2, name: 'Inverter' };
  const plant = presentPowerPlant(stored, 7, {
    modules: new Map([[1, module]]),
    inverters: new Map([[2, inverter]]),
  });
  const block = (plant.blocks as Json[])[0]!;
  const node = ((block.arrays as Json[])[0]!.inverters as Json[])[0]!;
  const field = (node.dcFields as Json[])[0]!;

  it('shows every spec 3 key of each node in order, null where unset, and nothing else', () => {
    expect(Object.keys(plant)).toEqual([...POWER_PLANT_KEYS]);
    expect(Object.keys(node)).toEqual([...INVERTER_NODE_KEYS, ...INVERTER_NODE_EXTRAS]);
    expect(Object.keys(field)).toEqual([...DC_FIELD_KEYS, ...DC_FIELD_EXTRAS]);
    expect(field).toMatchObject({ name: 1, modulesWiredInSeries: 10, faimanU0: 25 });
    expect(field).not.toHaveProperty('notAField');
    expect(plant.id).toBe(7);
  });

  it('takes the joined records and computed sizes over stored values of the same name', () => {
    expect(field.module).toBe(module);
    expect(field.totalModuleArea).toBeCloseTo(2 * 20, 9);
    expect(field.shadeObjects).toEqual([]);
    expect(field.monthlySeasonalTiltFactors).toEqual([]);
    expect(node.inverter).toBe(inverter);
    expect(node.totalModuleArea).toBeCloseTo(40, 9);
    expect(block.totalModuleArea).toBeCloseTo(120, 9);
    expect(block.numberOfModules).toBe(60);
  });
});
