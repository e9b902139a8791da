import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeKey } from '../../src/api/fields.ts';
import {
  ARRAY_KEYS,
  BLOCK_KEYS,
  DC_FIELD_KEYS,
  ESS_INPUTS_KEYS,
  INVERTER_NODE_KEYS,
  POWER_PLANT_KEYS,
  TRANSFORMER_KEYS,
  TRANSMISSION_LINE_KEYS,
  dcFieldSchema,
  powerPlantSchema,
} from '../../src/api/powerPlant.ts';
import { MONTHLY_FACTORS_KEYS, PREDICTION_KEYS, predictionSchema } from '../../src/api/prediction.ts';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

/** The field names of an entity of spec 3, read from the spec file itself. */
function specFields(entity: string): string[] {
  const text = fs.readFileSync(path.join(sharedPath('spec'), '3-api-data-model.md'), 'utf8');
  const match = new RegExp(`^## ${entity} \\((\\d+)\\)\\n(.+)$`, 'm').exec(text);
  if (!match) throw new Error(`no ${entity} in spec 3`);
  const fields = match[2]!
    .replace(/<[^>]*>/g, '')
    .split(',')
    .map((f) => f.trim().split(':')[0]!);
  expect(fields).toHaveLength(Number(match[1]));
  return fields;
}

describe('the prediction and plant field lists are those of spec 3', () => {
  it.each([
    ['Prediction', PREDICTION_KEYS],
    ['PVPlant', POWER_PLANT_KEYS],
    ['PVBlock', BLOCK_KEYS],
    ['PVArray', ARRAY_KEYS],
    ['PVInverter', INVERTER_NODE_KEYS],
    ['PVDCField', DC_FIELD_KEYS],
    ['Transformer', TRANSFORMER_KEYS],
    ['TransmissionLine', TRANSMISSION_LINE_KEYS],
    ['ESSInputs', ESS_INPUTS_KEYS],
    ['MonthlyFactors', MONTHLY_FACTORS_KEYS],
  ] as const)('%s', (entity, keys) => {
    expect([...keys]).toEqual(specFields(entity));
  });

  it('no two fields of an entity collide once case and underscores are ignored', () => {
    for (const keys of [
      PREDICTION_KEYS,
      POWER_PLANT_KEYS,
      BLOCK_KEYS,
      ARRAY_KEYS,
      INVERTER_NODE_KEYS,
      DC_FIELD_KEYS,
    ]) {
      const normal = keys.map(normalizeKey);
      expect(new Set(normal).size).toBe(normal.length);
    }
  });
});

describe('input schemas', () => {
  it('read the SDK snake_case round trip onto the spec names and drop unknown and output fields', () => {
    const parsed = predictionSchema.parse({
      name: 'P',
      cool_996: 33,
      max_50Year: 40,
      useMeteoPoai: true,
      ERRORSPAVAR: 2,
      powerPlant: { blocks: [] },
      processingStatus: 3,
      getUrlSuffix: '/x',
    });
    expect(parsed).toEqual({ name: 'P', cool996: 33, max50Year: 40, useMeteoPOAI: true, errorSpaVar: 2 });
  });

  it('the exact spelling wins over another spelling of the same field', () => {
    expect(predictionSchema.parse({ cool996: 30, cool_996: 31 })).toEqual({ cool996: 30 });
  });

  it('give every numeric field a physical range and every enumeration its members', () => {
    const result = dcFieldSchema.safeParse({
      moduleTilt: 91,
      moduleAzimuth: -1,
      groundCoverageRatio: 0,
      trackingType: 3,
      plannedModuleRating: 1e308,
      modulesWiredInSeries: 2.5,
      dcHealth: Number.NaN,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      moduleTilt: 'Must be a number from 0 to 90 °.',
      moduleAzimuth: 'Must be a number from 0 to 360 °.',
      groundCoverageRatio: 'Must be greater than 0 and at most 1.',
      trackingType: 'Must be one of 0 (Fixed Tilt), 1 (Horizontal Tracker), 2 (Seasonal Tilt).',
      plannedModuleRating: 'Must be greater than 0 and at most 10000 W.',
      modulesWiredInSeries: 'Must be a whole number from 1 to 1000.',
      dcHealth: 'Must be a number from 0 to 100 %.',
    });
  });

  it('refuse text with NUL or an unpaired surrogate, and accept an empty energization date', () => {
    const bad = powerPlantSchema.safeParse({
      blocks: [{ description: 'a\u0000b' }, { description: 'x\ud800' }],
    });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['blocks.0.description', 'Must not contain the NUL character.'],
      ['blocks.1.description', 'Must not contain an unpaired surrogate (invalid Unicode).'],
    ]);
    expect(powerPlantSchema.parse({ blocks: [{ energizationDate: '' }] })).toEqual({
      blocks: [{ energizationDate: null }],
    });
  });

  it('inverter names are letters A to Z', () => {
    expect(powerPlantSchema.parse({ blocks: [{ arrays: [{ inverters: [{ name: ' b ' }] }] }] })).toEqual({
      blocks: [{ arrays: [{ inverters: [{ name: 'B' }] }] }],
    });
    expect(
      powerPlantSchema.safeParse({ blocks: [{ arrays: [{ inverters: [{ name: 'AA' }] }] }] }).success,
    ).toBe(false);
  });
});
