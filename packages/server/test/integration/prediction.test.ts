import { expect, it } from 'vitest';
import { PREDICTION_KEYS } from '@sunfield/domain';
import { call, describeEachDatabase } from './harness.ts';
import {
  createPrediction,
  plantBody,
  predictionUrl,
  predictionWorld,
  dcFieldOf,
} from './predictionFactory.ts';

describeEachDatabase('prediction create, read, update, delete', (ctx) => {
  it('creates a prediction with the defaults of spec 4 and shows every spec 3 field', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world, { name: '  Contracted  ' });
    const res = await call(app, { method: 'GET', url: predictionUrl(world, id), token: world.token });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    for (const key of PREDICTION_KEYS) expect(body, key).toHaveProperty(key);
    expect(PREDICTION_KEYS).toHaveLength(127);
    expect(body).toMatchObject({
      id,
      name: 'Contracted',
      projectId: world.projectId,
      companyId: world.companyId,
      ownerId: world.userId,
      status: 1,
      processingStatus: 0,
      percentComplete: 0,
      yearRepeater: 1,
      transpositionModel: 1,
      airMassModel: 0,
      modTempModel: 0,
      incAngleModel: 3,
      errorSpaVar: 2,
      errorModelAcc: 2.9,
      errorIntAnnVar: 3,
      errorSensAcc: 5,
      errorMonAcc: 2,
      elevation: 273,
      timeZone: -5,
      logicVersion: 12,
      isReadOnly: false,
      powerPlant: null,
      powerPlantId: null,
      weatherId: null,
      pValues: [50, 75, 90, 95, 99],
      pValuesString: 'P50, P75, P90, P95, P99',
    });
    expect(body.monthlyFactors).toHaveLength(12);
    expect((body.monthlyFactors as unknown[])[0]).toEqual({
      id: null,
      month: 1,
      monthName: 'Jan',
      soilingLoss: 0,
      albedo: 0.2,
      spectralShift: 0,
    });
  });

  it('gives back what it was sent, and reads the SDK spelling of its names', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world, {
      transpositionModel: 0,
      useMeteoPoai: false,
      cool_996: 33.1,
      max_50Year: 39.5,
      min_50Year: -17.2,
      monthlyFactors: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, albedo: 0.25, soiling_loss: 2 })),
      degradationModel: 3,
      linearDegradationRate: 0.4,
      createUrlSuffix: '/Project/1/Prediction',
    });
    const got = (
      await call(app, { method: 'GET', url: predictionUrl(world, id), token: world.token })
    ).json() as Record<string, unknown>;
    expect(got).toMatchObject({
      transpositionModel: 0,
      useMeteoPOAI: false,
      cool996: 33.1,
      max50Year: 39.5,
      min50Year: -17.2,
      degradationModel: 3,
      linearDegradationRate: 0.4,
    });
    expect(got).not.toHaveProperty('createUrlSuffix');
    expect((got.monthlyFactors as { soilingLoss: number }[]).every((m) => m.soilingLoss === 2)).toBe(true);

    // PUT the whole GET back, as the SDK's get() then update() does, with one change.
    const put = await call(app, {
      method: 'PUT',
      url: `/api/Project/${world.projectId}/Prediction`,
      token: world.token,
      payload: { ...got, transpositionModel: 1, name: 'Renamed' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ changesMade: true });
    const again = (
      await call(app, { method: 'GET', url: predictionUrl(world, id), token: world.token })
    ).json() as Record<string, unknown>;
    expect(again).toMatchObject({
      ...got,
      transpositionModel: 1,
      name: 'Renamed',
      lastModified: again.lastModified,
    });
  });

  it('keeps absent fields on update and clears fields sent as null', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world, { cool996: 30, heat996: -10 });
    const put = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, id),
      token: world.token,
      payload: { heat996: null, yearRepeater: 3 },
    });
    expect(put.statusCode).toBe(200);
    const got = (
      await call(app, { method: 'GET', url: predictionUrl(world, id), token: world.token })
    ).json();
    expect(got).toMatchObject({ cool996: 30, heat996: null, yearRepeater: 3, name: 'Contracted' });
  });

  it('refuses bad values with the field and the reason, and keeps what was saved', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world);
    const res = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, id),
      token: world.token,
      payload: {
        yearRepeater: 0,
        transpositionModel: 7,
        errorSpaVar: 1e308,
        name: 'x'.repeat(201),
        cool996: 'hot',
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { modelState: Record<string, string[]> };
    expect(Object.keys(body.modelState).sort()).toEqual(
      ['cool996', 'errorSpaVar', 'name', 'transpositionModel', 'yearRepeater'].sort(),
    );
    expect(body.modelState.transpositionModel?.[0]).toBe(
      'Must be one of 0 (Hay), 1 (Perez), 100 (Isotropic), 101 (Reindl), 102 (Klucher).',
    );
    const got = (
      await call(app, { method: 'GET', url: predictionUrl(world, id), token: world.token })
    ).json();
    expect(got).toMatchObject({ yearRepeater: 1, transpositionModel: 1, name: 'Contracted' });
  });

  it('choosing a weather file sets the dates and the meteo choices, and warns about them', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const id = await createPrediction(app, world, {
      start: '2001-01-01T00:00:00',
      end: '2001-12-31T23:00:00',
    });
    const res = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, id),
      token: world.token,
      payload: { weatherId: world.weatherId },
    });
    expect(res.statusCode).toBe(200);
    const messages = JSON.parse(String(res.headers['x-message'])) as { Type: string; Message: string }[];
    expect(messages.map((m) => m.Message)).toContain(
      'The start and end date of the prediction have been adjusted to match the newly selected weather file.',
    );
    const weather = (
      await call(app, { method: 'GET', url: `/api/Weather/${world.weatherId}`, token: world.token })
    ).json() as {
      startDate: string;
      endDate: string;
    };
    const got = (
      await call(app, { method: 'GET', url: predictionUrl(world, id), token: world.token })
    ).json();
    expect(got).toMatchObject({
      weatherId: world.weatherId,
      start: weather.startDate,
      end: weather.endDate,
      useMeteoPOAI: false,
      diffuseDirectDecompModel: 3,
      transpositionModel: 1,
    });
    // The TMY3's months come from different years (its records run from 1988-01-01 to 1981-01-01):
    // its dates, and so the prediction's, are the year a run simulates it in, start before end.
    expect([weather.startDate, weather.endDate]).toEqual([
      '1990-01-01T06:00:00.000Z',
      '1991-01-01T05:00:00.000Z',
    ]);
  });

  it('refuses a weather file the company cannot use', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const other = await predictionWorld(app);
    const res = await call(app, {
      method: 'POST',
      url: `/api/Project/${world.projectId}/Prediction`,
      token: world.token,
      payload: { name: 'X', weatherId: other.weatherId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      modelState: { weatherId: [`Weather ${other.weatherId} was not found.`] },
    });
  });

  it('lists, renames, notes and deletes', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const a = await createPrediction(app, world, { name: 'A' });
    const b = await createPrediction(app, world, { name: 'B' });
    const list = await call(app, {
      method: 'GET',
      url: `/api/Project/${world.projectId}/Prediction`,
      token: world.token,
    });
    expect((list.json() as { id: number }[]).map((p) => p.id)).toEqual([a, b]);
    const title = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, a, '/TitleUpdate'),
      token: world.token,
      payload: { name: 'A2' },
    });
    expect(title.statusCode).toBe(200);
    const notes = await call(app, {
      method: 'PUT',
      url: predictionUrl(world, a, '/NotesUpdate'),
      token: world.token,
      payload: { notes: 'Bank case' },
    });
    expect(notes.statusCode).toBe(200);
    expect(
      (await call(app, { method: 'GET', url: predictionUrl(world, a), token: world.token })).json(),
    ).toMatchObject({
      name: 'A2',
      description: 'Bank case',
    });
    const overview = await call(app, {
      method: 'GET',
      url: `/api/Project/${world.projectId}/Overview`,
      token: world.token,
    });
    expect((overview.json() as { predictions: { name: string }[] }).predictions.map((p) => p.name)).toEqual([
      'A2',
      'B',
    ]);
    const del = await call(app, { method: 'DELETE', url: predictionUrl(world, b), token: world.token });
    expect(del.statusCode).toBe(200);
    expect(
      (await call(app, { method: 'GET', url: predictionUrl(world, b), token: world.token })).statusCode,
    ).toBe(404);
  });

  it('a weather file, module or inverter that a prediction uses cannot be deleted until it is not used', async () => {
    const { app } = ctx();
    const world = await predictionWorld(app);
    const module = await call(app, {
      method: 'POST',
      url: '/api/Module',
      token: world.token,
      payload: { name: 'Used module', stcMaxPower: 400 },
    });
    const moduleId = (module.json() as { id: number }).id;
    const id = await createPrediction(app, world, { weatherId: world.weatherId });
    const body = plantBody(world, 1);
    const field = dcFieldOf(body);
    field.moduleId = moduleId;
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: body,
    });
    const delModule = await call(app, {
      method: 'DELETE',
      url: `/api/Module/${moduleId}`,
      token: world.token,
    });
    expect(delModule.statusCode).toBe(409);
    expect(delModule.body).toBe('Used module is used by 1 prediction and cannot be deleted.');
    const delWeather = await call(app, {
      method: 'DELETE',
      url: `/api/Weather/${world.weatherId}`,
      token: world.token,
    });
    expect(delWeather.statusCode).toBe(409);
    expect(
      (await call(app, { method: 'DELETE', url: predictionUrl(world, id), token: world.token })).statusCode,
    ).toBe(200);
    expect(
      (await call(app, { method: 'DELETE', url: `/api/Module/${moduleId}`, token: world.token })).statusCode,
    ).toBe(200);
    expect(
      (await call(app, { method: 'DELETE', url: `/api/Weather/${world.weatherId}`, token: world.token }))
        .statusCode,
    ).toBe(200);
  });

  it("a new prediction and new plant nodes take the company's default settings", async () => {
    const { app } = ctx();
    const world = await predictionWorld(app, { roles: ['Admin'] });
    const settings = await call(app, {
      method: 'PUT',
      url: '/api/Company/DefaultSettings',
      token: world.token,
      payload: {
        simulationSettings: {
          transpositionModel: 0,
          errorSpaVar: 4,
          modTempModel: 1,
          firstYearDegradation: true,
        },
        environmentalConditions: {
          monthlyAlbedo: Array.from({ length: 12 }, () => 0.3),
          monthlySoilingLoss: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, soilingLoss: i / 2 })),
        },
        powerPlantBuilder: {
          dasLoad: 500,
          dcWiringLossAtSTC: 2,
          minimumTrackingLimitAngleD: 52,
          maximumTrackingLimitAngleD: 52,
        },
      },
    });
    expect(settings.statusCode).toBe(200);
    const id = await createPrediction(app, world);
    const got = (
      await call(app, { method: 'GET', url: predictionUrl(world, id), token: world.token })
    ).json() as {
      monthlyFactors: { albedo: number; soilingLoss: number }[];
    };
    expect(got).toMatchObject({
      transpositionModel: 0,
      errorSpaVar: 4,
      modTempModel: 1,
      firstYearDegradation: true,
    });
    expect(got.monthlyFactors.map((m) => m.albedo)).toEqual(Array.from({ length: 12 }, () => 0.3));
    expect(got.monthlyFactors[11]!.soilingLoss).toBe(5.5);
    const body = plantBody(world, 1);
    const field = dcFieldOf(body);
    field.trackingType = 1;
    await call(app, {
      method: 'POST',
      url: predictionUrl(world, id, '/PowerPlant'),
      token: world.token,
      payload: body,
    });
    const plant = (
      await call(app, { method: 'GET', url: predictionUrl(world, id, '/PowerPlant'), token: world.token })
    ).json() as Record<string, unknown>;
    expect(dcFieldOf(plant)).toMatchObject({
      dcWiringLossAtSTC: 2,
      minimumTrackingLimitAngleD: -52,
      maximumTrackingLimitAngleD: 52,
    });
    const array = ((plant.blocks as Record<string, unknown>[])[0]!.arrays as Record<string, unknown>[])[0]!;
    expect(array).toMatchObject({ dasLoad: 500 });
  });
});
