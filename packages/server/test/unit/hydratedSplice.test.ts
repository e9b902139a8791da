/**
 * The hydrated prediction's answer (routes/prediction/index.ts): the kept plant bytes spliced where
 * the mark stands give the text JSON.stringify gives for the prediction holding the plant; were the
 * mark anywhere else as well, the whole is serialized instead (never spliced at the wrong place).
 */
import { describe, expect, it } from 'vitest';
import { PLANT_MARK, withPlantBytes } from '../../src/routes/prediction/index.ts';

const plant = { blocks: [{ name: 1, note: 'ü "quoted" \\ \u2028' }], availabilityLoss: 1.5 };
const plantBytes = Buffer.from(JSON.stringify(plant));
const text = (body: string | Buffer) => (typeof body === 'string' ? body : body.toString('utf8'));

describe('hydrated answer splice', () => {
  it('answers the text of the prediction holding the plant', () => {
    const presented = { id: 7, name: 'Ünïcode "name"', powerPlant: PLANT_MARK, weather: null, tail: [1] };
    expect(text(withPlantBytes(presented, plantBytes))).toBe(
      JSON.stringify({ ...presented, powerPlant: plant }),
    );
  });

  it('answers the prediction alone without a plant', () => {
    const presented = { id: 7, powerPlant: null };
    expect(withPlantBytes(presented, undefined)).toBe(JSON.stringify(presented));
  });

  it('serializes the whole when the mark is found twice', () => {
    const presented = { id: 7, name: PLANT_MARK, powerPlant: PLANT_MARK, notes: { text: PLANT_MARK } };
    const body = text(withPlantBytes(presented, plantBytes));
    expect(body).toBe(JSON.stringify({ ...presented, powerPlant: plant }));
    expect(JSON.parse(body)).toMatchObject({ name: PLANT_MARK, powerPlant: plant });
  });
});
