/**
 * What the public Python SDK sends to the prediction and power-plant routes, request by request (no
 * Python here; sdkPredictionExamples.test.ts runs the scripts): a record it read, sent back with
 * every list of numbers emptied (its `convert_json` keeps only the objects of a list).
 */
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from '../harness.ts';
import {
  createPrediction,
  plantBody,
  predictionUrl,
  predictionWorld,
  type PredictionWorld,
} from '../predictionFactory.ts';

type Json = Record<string, unknown>;

/** Every list of numbers emptied, at any depth, as the SDK's convert_json does. */
function sdkLists(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null && typeof v === 'object').map(sdkLists);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, sdkLists(v)]));
  }
  return value;
}

describeEachDatabase('SDK compatibility of the prediction and power-plant routes', (ctx) => {
  const send = async (
    world: PredictionWorld,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Json,
  ) => {
    const res = await call(ctx().app, { method, url, token: world.token, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json() as Json;
  };

  it('keeps the P-values when a prediction comes back with `pValues: []`', async () => {
    const world = await predictionWorld(ctx().app);
    const id = await createPrediction(ctx().app, world, { pValues: [50, 90] });
    const url = predictionUrl(world, id);
    const read = await send(world, 'GET', url);
    expect(read.pValues).toEqual([50, 90]);
    const sent = sdkLists({ ...read, transpositionModel: 0 }) as Json;
    expect(sent.pValues).toEqual([]);
    await send(world, 'PUT', `/api/Project/${world.projectId}/Prediction`, sent);
    expect(await send(world, 'GET', url)).toMatchObject({ pValues: [50, 90], transpositionModel: 0 });
    // A create with `[]` gets the defaults.
    const other = await createPrediction(ctx().app, world, { pValues: [] });
    expect((await send(world, 'GET', predictionUrl(world, other))).pValues).toEqual([50, 75, 90, 95, 99]);
  });

  it('keeps the time series of a plant that comes back with its lists of numbers emptied', async () => {
    const world = await predictionWorld(ctx().app);
    const id = await createPrediction(ctx().app, world);
    const body = plantBody(world, 1);
    const inverter = (((body.blocks as Json[])[0]!.arrays as Json[])[0]!.inverters as Json[])[0]!;
    Object.assign(inverter, { useSetPointTimeSeries: true, setPointTimeSeriesDetails: [7.6, 7.5, 7.4] });
    Object.assign(body, { useLGIALimitTimeSeries: true, lgiaLimitTimeSeriesDetails: [0.02, 0.01] });
    const url = predictionUrl(world, id, '/PowerPlant');
    await send(world, 'POST', url, body);
    const read = await send(world, 'GET', url);
    const sent = sdkLists({ ...read, availabilityLoss: 1.7 }) as Json;
    expect(sent.lgiaLimitTimeSeriesDetails).toEqual([]);
    await send(world, 'PUT', url, sent);
    const plant = await send(world, 'GET', url);
    expect(plant).toMatchObject({ availabilityLoss: 1.7, lgiaLimitTimeSeriesDetails: [0.02, 0.01] });
    const node = (((plant.blocks as Json[])[0]!.arrays as Json[])[0]!.inverters as Json[])[0]!;
    expect(node.setPointTimeSeriesDetails).toEqual([7.6, 7.5, 7.4]);
    // null clears.
    await send(world, 'PUT', url, { lgiaLimitTimeSeriesDetails: null, useLGIALimitTimeSeries: false });
    expect((await send(world, 'GET', url)).lgiaLimitTimeSeriesDetails).toBeNull();
  });
});
