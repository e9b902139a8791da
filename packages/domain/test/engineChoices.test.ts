/**
 * The engine's model choices a prediction can pick (issue 17): transpositions 100–102, cell
 * temperatures 100–102 with their DC-field coefficients, DIRINT's options and a constant albedo and
 * soiling. The schemas keep them (zod would strip unknown keys) and check their ranges.
 */
import { describe, expect, it } from 'vitest';
import { DC_FIELD_EXTRAS, dcFieldSchema } from '../src/api/powerPlant.ts';
import { PREDICTION_EXTRAS, predictionSchema } from '../src/api/prediction.ts';
import { newPredictionDefaults, withConstantFactors } from '../src/prediction/defaults.ts';

describe("the engine's choices on a prediction", () => {
  it('accepts every transposition and cell-temperature model the engine offers, and no other', () => {
    for (const t of [0, 1, 100, 101, 102])
      expect(predictionSchema.safeParse({ transpositionModel: t }).success).toBe(true);
    expect(predictionSchema.safeParse({ transpositionModel: 103 }).success).toBe(false);
    for (const m of [0, 1, 2, 3, 100, 101, 102])
      expect(predictionSchema.safeParse({ modTempModel: m }).success).toBe(true);
    expect(predictionSchema.safeParse({ modTempModel: 4 }).success).toBe(false);
  });

  it('keeps the DIRINT options and the constant albedo and soiling, within their ranges', () => {
    const ok = predictionSchema.parse({
      dirintUseDeltaKtPrime: false,
      dirintWaterSource: 3,
      albedo: 0.3,
      soilingLoss: 2,
    });
    expect(ok).toMatchObject({
      dirintUseDeltaKtPrime: false,
      dirintWaterSource: 3,
      albedo: 0.3,
      soilingLoss: 2,
    });
    expect(PREDICTION_EXTRAS).toEqual(
      expect.arrayContaining(['dirintUseDeltaKtPrime', 'dirintWaterSource', 'albedo', 'soilingLoss']),
    );
    expect(predictionSchema.safeParse({ dirintWaterSource: 2 }).success).toBe(false);
    expect(predictionSchema.safeParse({ albedo: 1.2 }).success).toBe(false);
    expect(predictionSchema.safeParse({ soilingLoss: 101 }).success).toBe(false);
  });
});

describe("the engine's cell-temperature coefficients on a DC field", () => {
  it('keeps Faiman, PVsyst and Fuentes coefficients, the models 100–102, and the PVWatts DC model', () => {
    const field = {
      modTempModel: 102,
      faimanU0: 25,
      faimanU1: 6.84,
      moduleEfficiency: 0.2,
      fuentesModuleHeight: 5,
      fuentesWindHeight: 9.144,
      fuentesEmissivity: 0.84,
      fuentesAbsorption: 0.83,
      fuentesCharacteristicLength: 0.5,
      dcPowerModel: 1,
      pvwattsDcRating: 120,
      pvwattsGamma: -0.35,
      pvwattsSystemLoss: 14.08,
    };
    expect(dcFieldSchema.parse(field)).toMatchObject(field);
    expect(Object.keys(field).filter((k) => k !== 'modTempModel')).toEqual([...DC_FIELD_EXTRAS]);
    expect(dcFieldSchema.safeParse({ modTempModel: 3 }).success).toBe(false);
    expect(dcFieldSchema.safeParse({ moduleEfficiency: 20 }).success).toBe(false);
    expect(dcFieldSchema.safeParse({ faimanU0: -1 }).success).toBe(false);
    expect(dcFieldSchema.safeParse({ dcPowerModel: 2 }).success).toBe(false);
    expect(dcFieldSchema.safeParse({ pvwattsSystemLoss: 100 }).success).toBe(false);
  });
});

describe('a constant albedo or soiling saved on a prediction', () => {
  type Factor = { month: number; albedo: number; soilingLoss: number; spectralShift: number };
  const stored = newPredictionDefaults({});
  const months = (data: Record<string, unknown>) => data.monthlyFactors as Factor[];

  it('is written into each of the twelve months a prediction holds, which the run uses', () => {
    const saved = withConstantFactors({ ...stored, albedo: 0.3 }, { albedo: 0.3 });
    expect(months(saved).map((f) => f.albedo)).toEqual(Array<number>(12).fill(0.3));
    expect(months(saved).map((f) => f.soilingLoss)).toEqual(Array<number>(12).fill(0));
    const both = withConstantFactors(saved, { soilingLoss: 2 });
    expect(months(both).map((f) => [f.albedo, f.soilingLoss, f.spectralShift])).toEqual(
      Array.from({ length: 12 }, () => [0.3, 2, 0]),
    );
    expect(months(stored).map((f) => f.albedo)).toEqual(Array<number>(12).fill(0.2)); // not changed in place
  });

  it('leaves monthly factors sent with it as sent, and changes nothing without a constant', () => {
    const sent = [{ month: 7, albedo: 0.25 }];
    const data = { ...stored, monthlyFactors: sent, albedo: 0.3 };
    expect(withConstantFactors(data, { albedo: 0.3, monthlyFactors: sent }).monthlyFactors).toBe(sent);
    expect(withConstantFactors(stored, { transpositionModel: 100 })).toEqual(stored);
    expect(withConstantFactors(stored, { albedo: null })).toEqual(stored);
  });
});
