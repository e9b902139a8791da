import { expect, it } from 'vitest';
import { BLOCK_KEYS, DC_FIELD_KEYS, INVERTER_NODE_KEYS, POWER_PLANT_KEYS } from '@sunfield/domain';
import { call, describeEachDatabase } from './harness.ts';
import {
  cecModule,
  createPrediction,
  plantBody,
  predictionUrl,
  predictionWorld,
  TRACKER_MODULE,
  dcFieldOf,
} from './predictionFactory.ts';

type Json = Record<string, unknown>;
const first = (v: unknown): Json => (v as Json[])[0]!;

describeEachDatabase('power plant', (ctx) => {
  it('answers 204 while none exists, then the same JSON that went in, every spec 3 field shown', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    const none = await call(app, {
      method: 'GET',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
    });
    expect(none.statusCode).toBe(204);
    expect(none.body).toBe('');

    const sent = plantBody(world, 2);
    const created = await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: sent,
    });
    expect(created.statusCode).toBe(200);
    // The SDK's PowerPlant.create() reads the id of the answer (the plant's id is the prediction's).
    expect(created.json()).toEqual({ id, changesMade: true });
    const plant = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token: world.token })
    ).json() as Json;
    for (const key of POWER_PLANT_KEYS) expect(plant).toHaveProperty(key);
    const block = first(plant.blocks);
    for (const key of BLOCK_KEYS) expect(block).toHaveProperty(key);
    const inverter = first(first(block.arrays).inverters);
    for (const key of INVERTER_NODE_KEYS) expect(inverter).toHaveProperty(key);
    const field = dcFieldOf(plant);
    for (const key of DC_FIELD_KEYS) expect(field).toHaveProperty(key);
    expect(DC_FIELD_KEYS).toHaveLength(113);
    // What was sent comes back.
    const sentField = dcFieldOf(sent);
    for (const [key, value] of Object.entries(sentField)) expect(field[key], key).toEqual(value);
    expect(plant).toMatchObject({ availabilityLoss: 1, lgiaLimitation: 0.02 });
    expect(first(plant.transformers)).toMatchObject({ rating: 0.6, highSideVoltage: 34.5, ordinal: 1 });
    expect(first(plant.transmissionLines)).toMatchObject({ length: 3, resistance: 0.1, ordinal: 2 });
    // Joined records and derived values.
    expect((field.module as Json).name).toBe('CSI Solar Co., Ltd. CS3U-400MS');
    expect((inverter.inverter as Json).name).toBe('SMA America: SB7.7-1SP-US-40 [240V]');
    expect(field.plannedModuleRating).toBeCloseTo(400, 0);
    expect(field.fieldDcPower).toBeCloseTo((3 * 8 * (field.plannedModuleRating as number)) / 1000, 9);
    expect(typeof field.id).toBe('number');
    // The prediction knows its plant.
    const prediction = (
      await call(app, { method: 'GET', url: predictionUrl(world, id), token: world.token })
    ).json() as Json;
    expect(prediction).toMatchObject({ powerPlantId: id, numOfBlocks: 2 });

    // PUT the GET back unchanged: the same plant, the same ids.
    const put = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: plant,
    });
    expect(put.statusCode).toBe(200);
    const again = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token: world.token })
    ).json();
    expect(again).toEqual(plant);
  });

  it('merges a PUT into the stored plant: absent fields and children are kept, nodes keep their ids', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: plantBody(world, 2),
    });
    const plant = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token: world.token })
    ).json() as Json;
    const blocks = plant.blocks as Json[];
    const put = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: {
        availabilityLoss: 2.5,
        blocks: [{ id: blocks[0]!.id, repeater: 3 }, { id: blocks[1]!.id }, { name: 7 }],
      },
    });
    expect(put.statusCode).toBe(200);
    const got = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token: world.token })
    ).json() as Json;
    const gotBlocks = got.blocks as Json[];
    expect(gotBlocks.map((b) => b.name)).toEqual([1, 2, 7]);
    expect(gotBlocks[0]).toMatchObject({ id: blocks[0]!.id, repeater: 3 });
    expect(gotBlocks[0]!.arrays).toEqual(blocks[0]!.arrays);
    expect(gotBlocks[2]).toMatchObject({ repeater: 1, arrays: [] });
    expect(gotBlocks[2]!.id).not.toBe(blocks[0]!.id);
    expect(got).toMatchObject({ availabilityLoss: 2.5, lgiaLimitation: 0.02 });
    expect(got.transformers).toEqual(plant.transformers);
  });

  it('reads the snake_case round trip of the SDK and fills what its add_* helpers leave out', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    const res = await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: {
        projectId: world.projectId,
        predictionId: id,
        useCoolingTemp: false,
        powerFactor: 1,
        createUrlSuffix: 'x',
        blocks: [
          {
            name: 1,
            use_energization_date: false,
            energizationDate: '',
            arrays: [
              {
                name: 1,
                repeater: 3,
                transformer_enabled: false,
                inverters: [
                  {
                    name: 'A',
                    repeater: 2,
                    inverterId: world.inverterId,
                    setpointKw: 7.2,
                    kvaRating: 7.68,
                    dcFields: [
                      {
                        name: 1,
                        moduleId: world.moduleId,
                        trackingType: 1,
                        trackingBacktrackingType: 0,
                        modulesHigh: 1,
                        modulesWiredInSeries: 10,
                        fieldDcPower: 8.64,
                        postToPostSpacing: 10.1,
                        collectorBandwidth: 2.02,
                        dcWiringLossAtStc: 1.5,
                        backsideMismatch: 2,
                        moduleCount: 21.6,
                        minimumTrackingLimitAngleD: 55,
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const plant = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token: world.token })
    ).json() as Json;
    const inverter = first(first(first(plant.blocks).arrays).inverters);
    expect(inverter).toMatchObject({ setpointkW: 7.2, kVARating: 7.68, powerFactor: 1, designDerate: 1 });
    const field = dcFieldOf(plant);
    expect(field).toMatchObject({
      dcWiringLossAtSTC: 1.5,
      backSideMismatch: 2,
      minimumTrackingLimitAngleD: -55,
      maximumTrackingLimitAngleD: 60,
      moduleAzimuth: 180,
      lateralIntermoduleGap: 0.02,
      dcHealth: 1,
    });
    expect(field.numberOfSeriesStringsWiredInParallel).toBeCloseTo((1000 * 8.64) / (400 * 10), 2);
    expect(first(first(plant.blocks).arrays)).toMatchObject({
      repeater: 3,
      transformerEnabled: false,
      dasLoad: 800,
    });
  });

  it('refuses unknown equipment and names used twice, naming the node', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    const body = plantBody(world, 2);
    (body.blocks as Json[])[1]!.name = 1;
    const field = dcFieldOf(body);
    field.moduleId = 999_999;
    const res = await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { modelState: Json }).modelState).toEqual({
      'blocks.1.name': ['Block 1 is used twice; names must differ.'],
      'blocks.0.arrays.0.inverters.0.dcFields.0.moduleId': [
        'Block 1 › Array 1 › Inverter A › DC field 1: module 999999 was not found.',
      ],
    });
    const bad = await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: { blocks: [{ arrays: [{ inverters: [{ name: 'AA', dcFields: [{ moduleTilt: 120 }] }] }] }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as { modelState: Json }).modelState).sort()).toEqual([
      'blocks.0.arrays.0.inverters.0.dcFields.0.moduleTilt',
      'blocks.0.arrays.0.inverters.0.name',
    ]);
    expect(
      (await call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token: world.token }))
        .statusCode,
    ).toBe(204);
  });

  it('recalculates fields without saving, never touching a locked field', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world, { min50Year: -15, cool996: 33 });
    // The CEC list gives this module no dimensions; a company copy with its data sheet's does.
    const module = await call(app, {
      method: 'POST',
      url: '/api/Module',
      token: world.token,
      payload: { ...cecModule(TRACKER_MODULE), name: 'CS3U-400MS sized', length: 2000, width: 992 },
    });
    expect(module.statusCode).toBe(200);
    const body = plantBody(world, 1);
    const field = dcFieldOf(body);
    Object.assign(field, {
      moduleId: (module.json() as { id: number }).id,
      fieldDcPower: 100,
      numberOfSeriesStringsWiredInParallel: undefined,
      modulesHigh: 2,
      postHeight: 3.3,
      lockPostHeight: true,
      numberOfRows: 4,
      lockNumberOfRows: true,
      calculateDCFields: true,
    });
    delete field.numberOfSeriesStringsWiredInParallel;
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: body,
    });
    const stored = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token: world.token })
    ).json() as Json;
    const res = await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/CalculatePowerPlantFields'),
      token: world.token,
      payload: stored,
    });
    expect(res.statusCode).toBe(200);
    const calculated = dcFieldOf(res.json() as Json);
    expect(calculated).toMatchObject({ postHeight: 3.3, numberOfRows: 4, calculateDCFields: false });
    expect(calculated.collectorBandwidth).toBeGreaterThan(3);
    expect(calculated.postToPostSpacing).toBeCloseTo((calculated.collectorBandwidth as number) / 0.4, 9);
    expect(calculated.tablesPerRow).toBeGreaterThan(0);
    expect(calculated.fieldLength).toBeGreaterThan(0);
    // Nothing saved.
    const after = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token: world.token })
    ).json();
    expect(after).toEqual(stored);
  });

  it('parallel saves of one plant all land whole, and a plant is never written for a deleted prediction', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: plantBody(world, 2),
    });
    const stored = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token: world.token })
    ).json() as Json;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(app, {
          method: 'PUT',
          url: predictionUrl(world, id, '/PowerPlant'),
          token: world.token,
          payload: {
            ...stored,
            availabilityLoss: i,
            blocks: [...(stored.blocks as Json[]), { name: 10 + i }],
          },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    const final = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token: world.token })
    ).json() as Json;
    const blocks = final.blocks as Json[];
    expect(blocks).toHaveLength(3);
    expect(blocks[2]!.name).toBe(10 + (final.availabilityLoss as number));
    // Node ids stay unique (the joined module and inverter records carry their own ids: not nodes).
    const ids: unknown[] = [];
    JSON.stringify(final, (k, v: unknown) =>
      k === 'module' || k === 'inverter' ? undefined : k === 'id' && v !== id ? (ids.push(v), v) : v,
    );
    expect(new Set(ids).size).toBe(ids.length);

    const { writePowerPlant } = await import('../../src/models/prediction.ts');
    await call(app, { method: 'DELETE', url: predictionUrl(world, id), token: world.token });
    const written = await writePowerPlant(app.services.database.db, {
      predictionId: id,
      companyId: world.companyId,
      data: { blocks: [] },
      dcCapacityKw: 0,
      acCapacityKw: 0,
      blockCount: 0,
      modules: [],
      inverters: [],
    });
    expect(written).toBeUndefined();
  });
});
