import { expect, it } from 'vitest';
import { call, describeEachDatabase } from '../harness.ts';
import {
  createPrediction,
  dcFieldOf,
  plantBody,
  predictionUrl,
  predictionWorld,
  type PredictionWorld,
} from '../predictionFactory.ts';
import { createCompanyUser, type TestCompanyUser } from '../projectFactory.ts';
import { hourlyYears, remotePoint } from '../weatherDetailsHelpers.ts';
import type { FastifyInstance } from 'fastify';

type Json = Record<string, unknown>;

/** A 400 whose modelState names exactly `fields`, each with a reason. */
function expectRefused(res: { statusCode: number; body: string; json: () => unknown }, fields: string[]) {
  expect(res.statusCode, res.body).toBe(400);
  const modelState = (res.json() as { modelState: Record<string, string[]> }).modelState;
  expect(Object.keys(modelState).sort()).toEqual([...fields].sort());
  for (const field of fields) expect(modelState[field]![0]).toMatch(/^Must be /);
}

async function get(app: FastifyInstance, user: TestCompanyUser, url: string): Promise<Json> {
  const res = await call(app, { method: 'GET', url, token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}

/** "Impossible physical values are accepted": every one is now a 400 naming the field, nothing saved. */
describeEachDatabase('security: impossible physical values', (ctx) => {
  it('refuses impossible physical values: module width, Imp, Vmp 1e308, pvModel -1 or 200', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const good = { name: 'Ranges module', width: 1000, length: 2000, stcmppCurrent: 9, stcmppVoltage: 40 };
    const created = await call(app, { method: 'POST', url: '/api/Module', token: user.token, payload: good });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: number };
    const before = await get(app, user, `/api/Module/${id}`);

    const post = await call(app, {
      method: 'POST',
      url: '/api/Module',
      token: user.token,
      payload: { name: 'Impossible', width: 1e308, stcmppCurrent: 1e308, stcmppVoltage: 1e308, pvModel: -1 },
    });
    expectRefused(post, ['width', 'stcmppCurrent', 'stcmppVoltage', 'pvModel']);
    expect((post.json() as { modelState: Json }).modelState).toMatchObject({
      stcmppVoltage: ['Must be greater than 0 and at most 1500 V.'],
    });

    for (const payload of [
      { ...good, pvModel: 200 },
      { ...good, width: 1e308 },
      { ...good, stcmppCurrent: 1e308 },
      { ...good, stcmppVoltage: 1e308 },
      { ...good, cellTechnologyType: 9 },
      { ...good, iamFactors: [{ incidenceAngle: 10, factor: 1e308 }] },
    ]) {
      const put = await call(app, { method: 'PUT', url: `/api/Module/${id}`, token: user.token, payload });
      expect(put.statusCode, put.body).toBe(400);
    }
    const list = await call(app, {
      method: 'GET',
      url: '/api/Module/ModuleOverview?search=Impossible',
      token: user.token,
    });
    expect((list.json() as { total: number }).total).toBe(0);
    expect(await get(app, user, `/api/Module/${id}`)).toEqual(before);

    // The engine's library models stay accepted.
    const cec = await call(app, {
      method: 'PUT',
      url: `/api/Module/${id}`,
      token: user.token,
      payload: { ...good, pvModel: 100 },
    });
    expect(cec.statusCode, cec.body).toBe(200);
  });

  it('refuses impossible datasheet values in the module generator: Imp and Vmp of 1e308, Voc of -1', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const datasheet = {
      name: 'Generated',
      stcShortCircuitCurrent: 14,
      stcOpenCircuitVoltage: 49.9,
      stcmppCurrent: 13.11,
      stcmppVoltage: 41.96,
      numberOfCellsInSeries: 72,
    };
    for (const path of ['SingleDiodeParameters', 'GenerateSingleDiodeParametersDefault']) {
      const res = await call(app, {
        method: 'POST',
        url: `/api/Module/Generator/${path}`,
        token: user.token,
        payload: { ...datasheet, stcmppCurrent: 1e308, stcmppVoltage: 1e308, stcOpenCircuitVoltage: -1 },
      });
      expect(res.statusCode, res.body).toBe(400);
      const modelState = (res.json() as { modelState: Record<string, string[]> }).modelState;
      expect(modelState.stcmppCurrent![0]).toMatch(/at most 100 A/);
      expect(modelState.stcmppVoltage![0]).toMatch(/at most 1500 V/);
      expect(modelState.stcOpenCircuitVoltage).toBeDefined();
    }
  });

  it('refuses impossible inverter values: rated power, MPPT voltage, curve points and the inverter type', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const good = { name: 'Ranges inverter', powerRated: 100, maxMPPVoltage: 1000 };
    const created = await call(app, {
      method: 'POST',
      url: '/api/Inverter',
      token: user.token,
      payload: good,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: number };
    const before = await get(app, user, `/api/Inverter/${id}`);

    const put = await call(app, {
      method: 'PUT',
      url: `/api/Inverter/${id}`,
      token: user.token,
      payload: {
        ...good,
        powerRated: 1e308,
        maxMPPVoltage: -5,
        inverterType: 9,
        efficiencyCurves: [{ voltage: 1e308, efficiencyPoints: [{ power: 1e308, efficiency: 98 }] }],
        kVACurves: [{ elevation: 1e6, kVAPoints: [{ temperature: 25, kVA: 100 }] }],
      },
    });
    expectRefused(put, [
      'powerRated',
      'maxMPPVoltage',
      'inverterType',
      'efficiencyCurves.0.voltage',
      'efficiencyCurves.0.efficiencyPoints.0.power',
      'kVACurves.0.elevation',
    ]);
    expect(await get(app, user, `/api/Inverter/${id}`)).toEqual(before);
  });

  it('refuses impossible weather records: irradiance 1e308, humidity 150 %, an unknown data provider', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const site = { ...remotePoint(), timeZone: -8 };
    const details = hourlyYears([2021], () => 15).slice(0, 48);
    const bad = details.map((r, i) =>
      i === 12 ? { ...r, globalHorizontalIrradiance: 1e308, relativeHumidity: 150 } : r,
    );
    const post = await call(app, {
      method: 'POST',
      url: '/api/Weather',
      token: user.token,
      payload: { name: 'Impossible weather', ...site, dataProvider: 99, weatherDetails: bad },
    });
    expectRefused(post, [
      'dataProvider',
      'weatherDetails.12.globalHorizontalIrradiance',
      'weatherDetails.12.relativeHumidity',
    ]);

    const created = await call(app, {
      method: 'POST',
      url: '/api/Weather',
      token: user.token,
      payload: { name: 'Possible weather', ...site, weatherDetails: details },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json() as { id: number };
    const before = await get(app, user, `/api/Weather/${id}`);
    const put = await call(app, {
      method: 'PUT',
      url: `/api/Weather/${id}`,
      token: user.token,
      payload: { weatherDetails: bad.map((r) => ({ ...r, temperature: 1e308 })), windSensorHeight: 1e308 },
    });
    expect(put.statusCode, put.body).toBe(400);
    const fields = Object.keys((put.json() as { modelState: Json }).modelState);
    expect(fields).toContain('windSensorHeight');
    expect(fields).toContain('weatherDetails.0.temperature');
    expect(await get(app, user, `/api/Weather/${id}`)).toEqual(before);
  });

  it('refuses impossible prediction values: design temperatures, degradation and unknown models', async () => {
    const { app } = ctx();
    const world: PredictionWorld = await predictionWorld(app);
    const id = await createPrediction(app, world);
    const before = await get(app, world, predictionUrl(world, id));
    const put = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, id),
      token: world.token,
      payload: {
        ...before,
        min50Year: 1e308,
        linearDegradationRate: -1e308,
        transpositionModel: 7,
        modTempModel: -1,
      },
    });
    expectRefused(put, ['min50Year', 'linearDegradationRate', 'transpositionModel', 'modTempModel']);
    expect(await get(app, world, predictionUrl(world, id))).toEqual(before);
  });

  it('refuses impossible plant values: DC field tilt, inverter setpoint, transformer rating, line length, ESS', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    const created = await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: plantBody(world, 1),
    });
    expect(created.statusCode, created.body).toBe(200);
    const before = await get(app, world, predictionUrl(world, id, '/PowerPlant'));

    const body = plantBody(world, 1);
    const field = dcFieldOf(body);
    field.moduleTilt = 1e308;
    field.trackingType = 200;
    const inverter = ((body.blocks as Json[])[0]!.arrays as Json[])[0]!.inverters as Json[];
    inverter[0]!.setpointkW = 1e308;
    (body.transformers as Json[])[0]!.rating = 1e308;
    (body.transmissionLines as Json[])[0]!.length = -1;
    body.ess = { essInputs: { nameplateEnergyCapacity: 1e308 } };
    const put = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: body,
    });
    expectRefused(put, [
      'blocks.0.arrays.0.inverters.0.dcFields.0.moduleTilt',
      'blocks.0.arrays.0.inverters.0.dcFields.0.trackingType',
      'blocks.0.arrays.0.inverters.0.setpointkW',
      'transformers.0.rating',
      'transmissionLines.0.length',
      'ess.essInputs.nameplateEnergyCapacity',
    ]);
    expect(await get(app, world, predictionUrl(world, id, '/PowerPlant'))).toEqual(before);
  });
});
