/** The spec 3 field lists match the spec file and the zod schemas; withEveryField fills nulls. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inverterSchema } from '../src/api/inverter.ts';
import { moduleSchema } from '../src/api/module.ts';
import {
  ASHRAE_FIELDS,
  INVERTER_FIELDS,
  MODULE_FIELDS,
  WEATHER_FIELDS,
  withEveryField,
} from '../src/api/specFields.ts';
import { weatherSchema } from '../src/api/weather.ts';
import { sharedPath } from '../../../scripts/sharedDir.ts';

/** Field names of a spec 3 entity, read from the spec. */
function specFields(entity: string): string[] {
  const spec = readFileSync(sharedPath('spec', '3-api-data-model.md'), 'utf8');
  const lines = spec.split('\n');
  const i = lines.findIndex((l) => l.startsWith(`## ${entity} (`));
  return lines[i + 1]!.split(', ').map((f) => f.split(':')[0]!.trim());
}

describe('spec 3 field lists', () => {
  it.each([
    ['Module', MODULE_FIELDS, 106],
    ['Inverter', INVERTER_FIELDS, 31],
    ['Weather', WEATHER_FIELDS, 76],
    ['Ashrae', ASHRAE_FIELDS, 12],
  ] as const)('%s: the spec fields in spec order', (entity, fields, count) => {
    expect(fields).toHaveLength(count);
    expect([...fields]).toEqual(specFields(entity));
  });

  it('every listed field has a schema field', () => {
    expect(MODULE_FIELDS.filter((f) => !(f in moduleSchema.shape))).toEqual([]);
    expect(INVERTER_FIELDS.filter((f) => !(f in inverterSchema.shape))).toEqual([]);
    expect(WEATHER_FIELDS.filter((f) => !(f in weatherSchema.shape))).toEqual([]);
  });
});

describe('withEveryField', () => {
  it('adds null for absent or undefined fields, keeps values (false, 0 too) and extra fields', () => {
    const out = withEveryField(['a', 'b', 'c', 'd'], { b: 0, d: undefined, c: false, extra: 'x' });
    expect(out).toEqual({ a: null, b: 0, c: false, d: null, extra: 'x' });
    expect(Object.keys(out)).toEqual(['a', 'b', 'c', 'd', 'extra']);
  });
});
