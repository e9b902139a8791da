import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inverterSchema } from '../src/api/inverter.ts';
import { moduleSchema } from '../src/api/module.ts';
import { exportOptionsSchema, powerPlantSchema } from '../src/api/powerPlant.ts';
import { predictionSchema } from '../src/api/prediction.ts';
import { fieldRange, PHYSICAL, physical, rangeMessage, unboundedNumbers } from '../src/api/ranges.ts';
import {
  generateWeatherSchema,
  genericCsvMappingSchema,
  globalTiltedPlaneSchema,
  weatherInputSchema,
  weatherSchema,
} from '../src/api/weather.ts';
import { projectCreateSchema } from '../src/validation.ts';

/** Every schema of a physical entity that the server and the web share. */
const SCHEMAS: Record<string, z.ZodType> = {
  module: moduleSchema,
  inverter: inverterSchema,
  weather: weatherSchema,
  weatherInput: weatherInputSchema,
  genericCsvMapping: genericCsvMappingSchema,
  generateWeather: generateWeatherSchema,
  globalTiltedPlane: globalTiltedPlaneSchema,
  prediction: predictionSchema,
  powerPlant: powerPlantSchema,
  exportOptions: exportOptionsSchema,
  project: projectCreateSchema,
};

describe('physical ranges', () => {
  it.each(Object.keys(SCHEMAS))('every numeric leaf of the %s schema is bounded and finite', (name) => {
    expect(unboundedNumbers(SCHEMAS[name]!)).toEqual([]);
  });

  it('the walker finds a number without a range, at any depth and behind any wrapper', () => {
    const schema = z.object({
      ok: physical.moduleVoltage(),
      loose: z.number().nullish(),
      whole: z.number().int(),
      half: z.number().min(0),
      list: z.array(z.object({ x: z.number().max(3) })).nullish(),
      pre: z.preprocess((v) => v, z.object({ y: z.number() })),
      either: z.union([z.string(), z.number().gt(0).lt(1e300)]),
      map: z.record(z.string(), z.number()),
    });
    expect(unboundedNumbers(schema)).toEqual([
      'loose',
      'whole',
      'half',
      'list[].x',
      'pre.y',
      'either',
      'map.*',
    ]);
  });

  it('every range of the table is finite, ordered and worded', () => {
    for (const [name, range] of Object.entries(PHYSICAL)) {
      expect(Number.isFinite(range.min) && Number.isFinite(range.max), name).toBe(true);
      expect(range.min < range.max, name).toBe(true);
      expect(rangeMessage(range)).toMatch(/^Must be /);
    }
  });

  it('refuses impossible module values: width, Imp, Vmp of 1e308, Infinity-like text, pvModel -1 or 200', () => {
    const bad = moduleSchema.safeParse({
      name: 'M',
      width: 1e308,
      stcmppCurrent: 1e308,
      stcmppVoltage: 1e308,
      pvModel: 200,
    });
    expect(bad.success).toBe(false);
    const fields = new Set(bad.error!.issues.map((i) => i.path.join('.')));
    expect([...fields].sort()).toEqual(['pvModel', 'stcmppCurrent', 'stcmppVoltage', 'width']);
    expect(moduleSchema.safeParse({ name: 'M', pvModel: -1 }).success).toBe(false);
    expect(moduleSchema.safeParse({ name: 'M', pvModel: 2 }).success).toBe(false);
    expect(moduleSchema.safeParse({ name: 'M', stcmppVoltage: Number.NaN }).success).toBe(false);
  });

  it("keeps the engine's values beyond the product's enumerations (pvModel 100, 101; transposition 100)", () => {
    expect(moduleSchema.safeParse({ name: 'M', pvModel: 100 }).success).toBe(true);
    expect(moduleSchema.safeParse({ name: 'M', pvModel: 101 }).success).toBe(true);
    expect(predictionSchema.safeParse({ transpositionModel: 100 }).success).toBe(true);
    expect(predictionSchema.safeParse({ transpositionModel: 2 }).success).toBe(false);
  });

  it('names the members of an enumeration and the range of a number in its message', () => {
    const pv = moduleSchema.safeParse({ name: 'M', pvModel: 200 });
    expect(pv.error!.issues[0]!.message).toBe(
      'Must be one of 0 (1-Diode Recombination), 1 (1-Diode), 3 (1-Diode Recombination Non-Linear Temp), 100 (CEC 6-parameter), 101 (De Soto).',
    );
    const vmp = moduleSchema.safeParse({ name: 'M', stcmppVoltage: 1e308 });
    expect(vmp.error!.issues[0]!.message).toBe('Must be greater than 0 and at most 1500 V.');
    const irradiance = weatherSchema.shape.weatherDetails.safeParse([
      { index: 1, globalHorizontalIrradiance: 1e308 },
    ]);
    expect(irradiance.success).toBe(false);
  });

  it('refuses impossible inverter values and enumerations', () => {
    const bad = inverterSchema.safeParse({
      name: 'I',
      powerRated: 1e308,
      maxMPPVoltage: -1,
      inverterType: 7,
      efficiencyCurves: [{ voltage: 1e308, efficiencyPoints: [{ power: 1e308, efficiency: 50 }] }],
      sandiaParameters: { paco: 1e308 },
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'efficiencyCurves.0.efficiencyPoints.0.power',
      'efficiencyCurves.0.voltage',
      'inverterType',
      'maxMPPVoltage',
      'powerRated',
      'sandiaParameters.paco',
    ]);
  });
});

describe('fieldRange', () => {
  it('gives a form the range of a field, nested ones too', () => {
    expect(fieldRange(moduleSchema, 'stcmppVoltage')).toEqual({ min: 0, max: 1500 });
    expect(fieldRange(moduleSchema, 'cecParameters.rS')).toEqual({ min: 0, max: 1000 });
    expect(fieldRange(predictionSchema, 'min50Year')).toEqual({ min: -90, max: 50 });
    expect(fieldRange(inverterSchema, 'name')).toBeUndefined();
    expect(fieldRange(moduleSchema, 'nothing.here')).toBeUndefined();
  });
});
