/**
 * The engine's choices on a prediction (issue 17), through the API to the run: the transpositions the
 * product does not number (100 isotropic, 101 Reindl, 102 Klucher), DIRINT's Δkt′ switch and
 * precipitable-water source, and a constant albedo and soiling are saved, read back, reach the engine's
 * case as the prediction states them, and a run of Klucher names it in its summary, with none of those
 * choices among the defaults its log lists.
 */
import { expect, it } from 'vitest';
import { resolveCase } from '@sunfield/engine';
import { loadAuth } from '../../src/auth/context.ts';
import { predictionCase } from '../../src/commands/predictionCase.ts';
import { loadWeatherData } from '../../src/models/weather.ts';
import { loadPredictionFor } from '../../src/policies/prediction.ts';
import { call, describeEachDatabase } from './harness.ts';
import { predictionUrl } from './predictionFactory.ts';
import { runnablePrediction, runToSuccess, runWorkers, type RunnablePrediction } from './runHelpers.ts';

type Json = Record<string, unknown>;

const CHOICES = {
  transpositionModel: 102,
  diffuseDirectDecompModel: 2, // DIRINT
  dirintUseDeltaKtPrime: false,
  dirintWaterSource: 0,
  albedo: 0.3,
  soilingLoss: 2,
};

describeEachDatabase('engine choices of a prediction', (ctx) => {
  runWorkers(ctx);

  /** The engine's reading of the stored prediction's case. */
  async function resolved(p: RunnablePrediction) {
    const { app } = ctx();
    const db = app.services.database.db;
    const auth = await loadAuth(db, p.world.userId, p.world.companyId);
    const loaded = await loadPredictionFor(db, auth!, p.world.projectId, p.id);
    const caseJson = await predictionCase(db, auth!, loaded);
    const weather = await loadWeatherData(db, p.world.weatherId);
    return resolveCase(caseJson, weather!);
  }

  it('saves them, reads them back, hands them to the engine, and a Klucher run names it', async () => {
    const { app } = ctx();
    const p = await runnablePrediction(app, { prediction: CHOICES, blocks: 1 });
    const got = (
      await call(app, { method: 'GET', url: predictionUrl(p.world, p.id), token: p.world.token })
    ).json() as Json;
    expect(got).toMatchObject(CHOICES);

    const rc = await resolved(p);
    expect(rc.prediction.transposition).toEqual({ model: 102 });
    expect(rc.prediction.decomposition).toEqual({ model: 2, useDeltaKtPrime: false, water: 'none' });
    expect(rc.prediction.monthlyAlbedo).toEqual(Array<number>(12).fill(0.3));
    expect(rc.prediction.monthlySoiling).toEqual(Array<number>(12).fill(2));

    for (const model of [100, 101]) {
      const put = await call(app, {
        method: 'PUT',
        url: predictionUrl(p.world, p.id),
        token: p.world.token,
        payload: { transpositionModel: model },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await resolved(p)).prediction.transposition).toEqual({ model });
    }
    await call(app, {
      method: 'PUT',
      url: predictionUrl(p.world, p.id),
      token: p.world.token,
      payload: { transpositionModel: 102 },
    });

    await runToSuccess(app, p);
    const summary = (
      await call(app, {
        method: 'GET',
        url: predictionUrl(p.world, p.id, '/ResultSummary'),
        token: p.world.token,
      })
    ).json() as Json;
    expect(summary.transpositionModel).toBe('Klucher');
    const log = (
      await call(app, { method: 'GET', url: predictionUrl(p.world, p.id, '/RunLog'), token: p.world.token })
    ).json() as Json[];
    const assumptions = (log.find((entry) => entry.processingStatus === 3)?.assumptions ?? []) as string[];
    expect(assumptions.length).toBeGreaterThan(0);
    for (const key of [
      'dirintUseDeltaKtPrime',
      'dirintWaterSource',
      'transpositionModel',
      'albedo',
      'soilingLoss',
    ])
      expect(assumptions.filter((line) => line.startsWith(`prediction.${key}`))).toEqual([]);
  });
});
