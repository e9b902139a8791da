/**
 * The engine's DC-field choices through the API (issue 17): a DC field's own cell temperature model
 * (Faiman, with the prediction's model DC-field-defined) and the PVWatts DC power model are saved
 * with the plant, read back, range-checked, and reach the run (its log of assumptions names the
 * PVWatts defaults the engine applied). Another company's user cannot read the plant.
 */
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './harness.ts';
import { dcFieldOf, plantBody, predictionUrl, predictionWorld } from './predictionFactory.ts';
import { runnablePrediction, runToSuccess, runWorkers } from './runHelpers.ts';

type Json = Record<string, unknown>;

describeEachDatabase('DC-field model choices', (ctx) => {
  runWorkers(ctx);
  it('saves Faiman and PVWatts on a DC field, refuses them out of range, and runs them', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const plant = plantBody(world, 2) as Json;
    Object.assign(dcFieldOf(plant, 0), {
      modTempModel: 100,
      faimanU0: 25,
      faimanU1: 6.84,
      dcPowerModel: 1,
      pvwattsGamma: -0.35,
      pvwattsSystemLoss: 10,
    });
    const p = await runnablePrediction(app, { world, plant, prediction: { modTempModel: 3 } });

    const stored = (
      await call(app, { method: 'GET', url: predictionUrl(world, p.id, '/PowerPlant'), token: world.token })
    ).json() as Json;
    expect(dcFieldOf(stored, 0)).toMatchObject({
      modTempModel: 100,
      faimanU0: 25,
      faimanU1: 6.84,
      dcPowerModel: 1,
      pvwattsGamma: -0.35,
      pvwattsSystemLoss: 10,
    });

    const bad = plantBody(world, 1) as Json;
    Object.assign(dcFieldOf(bad, 0), { dcPowerModel: 7, pvwattsSystemLoss: 150 });
    const refused = await call(app, {
      method: 'POST',
      url: predictionUrl(world, p.id, '/PowerPlant'),
      token: world.token,
      payload: bad,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toMatch(/dcPowerModel/);
    expect(refused.body).toMatch(/pvwattsSystemLoss/);

    await runToSuccess(app, p);
    const log = (
      await call(app, { method: 'GET', url: predictionUrl(world, p.id, '/RunLog'), token: world.token })
    ).json() as Json[];
    const assumptions = (log.find((entry) => entry.processingStatus === 3)?.assumptions ?? []) as string[];
    // Block 1 ran PVWatts (its DC rating defaulted to the modules' STC power); block 2 did not.
    expect(assumptions.filter((line) => line.includes('pvwattsDcRating'))).toHaveLength(1);
  });
});
