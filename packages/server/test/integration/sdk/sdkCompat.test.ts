/**
 * What the public Python SDK sends to the module and inverter routes, request by request (no Python
 * here; sdkExamples.test.ts runs the scripts): JSON names in the SDK's spelling, the parsed PAN
 * module posted to CreatePANFileModule as JSON, and the generator's public names and shapes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from '../harness.ts';
import { countRows, insertGlobal, multipart, SHARED_DATA, tag } from '../moduleHelpers.ts';
import { createCompanyUser } from '../projectFactory.ts';

const PAN_NAME = 'ET-M772BH550GL.PAN';

/** generate_module_file.py's datasheet, as the SDK spells it (snake_case turned camelCase by rule). */
const SDK_DATASHEET = {
  cellTechnologyType: 6,
  numberOfCellsInSeries: 264,
  pvModel: 0,
  referenceTemperature: 25,
  referenceIrradiance: 1000,
  stcMaxPower: 430.0,
  stcShortCircuitCurrent: 2.54,
  stcOpenCircuitVoltage: 219.2,
  stcMppCurrent: 2.355,
  stcMppVoltage: 182.55,
  stcPowerTempCoef: -0.32,
  stcShortCircuitCurrentTempCoef: 0.04,
  stcOpenCircuitVoltageTempCoef: -0.28,
  // The SDK posts its object's bookkeeping too.
  createUrlSuffix: null,
  getUrlSuffix: null,
};

const TARGET_EIR = [
  { temperature: 25, irradiance: 1000, relativeEfficiency: 1.0 },
  { temperature: 25, irradiance: 800, relativeEfficiency: 1.0029 },
  { temperature: 25, irradiance: 600, relativeEfficiency: 1.0003 },
  { temperature: 25, irradiance: 400, relativeEfficiency: 0.9872 },
  { temperature: 25, irradiance: 200, relativeEfficiency: 0.944 },
];

/** What the SDK's next call sends: its object with the answer merged, names re-spelled by rule. */
function sdkSpelling(answer: Record<string, unknown>): Record<string, unknown> {
  const respell: Record<string, string> = {
    stcmppCurrent: 'stcMppCurrent',
    stcmppVoltage: 'stcMppVoltage',
    seriesResistanceAtSTC: 'seriesResistanceAtStc',
    shuntResistanceAtSTC: 'shuntResistanceAtStc',
    saturationCurrentAtSTC: 'saturationCurrentAtStc',
    diodeIdealityFactorAtSTC: 'diodeIdealityFactorAtStc',
    shortCircuitCurrentAtSTC: 'shortCircuitCurrentAtStc',
  };
  return Object.fromEntries(Object.entries(answer).map(([key, value]) => [respell[key] ?? key, value]));
}

describeEachDatabase('SDK compatibility of the module and inverter routes', (ctx) => {
  const post = (token: string, url: string, payload: unknown) =>
    call(ctx().app, { method: 'POST', url: `/api${url}`, token, payload: payload as object });
  const get = async (token: string, url: string) =>
    (await call(ctx().app, { method: 'GET', url: `/api${url}`, token })).json() as Record<string, unknown>;

  it('CreatePANFileModule saves the module ImportPANFile answered, posted as JSON', async () => {
    const user = await createCompanyUser(ctx().app);
    const upload = multipart({ name: PAN_NAME, bytes: fs.readFileSync(path.join(SHARED_DATA, PAN_NAME)) });
    const parsed = await call(ctx().app, {
      method: 'POST',
      url: '/api/Module/ImportPANFile',
      token: user.token,
      payload: upload.payload,
      headers: upload.headers,
    });
    expect(parsed.statusCode, parsed.body).toBe(200);
    const created = await post(user.token, '/Module/CreatePANFileModule', parsed.json());
    expect(created.statusCode, created.body).toBe(200);
    const module = await get(user.token, `/Module/${created.json().id}`);
    expect(module).toMatchObject({
      name: 'ET SOLAR ET-M772BH550GL',
      stcMaxPower: 550,
      stcmppCurrent: 13.11,
      numberOfCellsInSeries: 72,
      source: `PAN file (${PAN_NAME})`,
      ownerId: user.userId,
    });

    // When ImportPANFile refused the file, the SDK posts the refusal: not a module, nothing saved.
    const before = await countRows(ctx().app, 'module');
    const refusal = {
      message: 'PAN file: NCelS is missing',
      modelState: { file: ['PAN file: NCelS is missing'] },
    };
    const refused = await post(user.token, '/Module/CreatePANFileModule', refusal);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().modelState.name).toEqual(['Name is required.']);
    expect(await countRows(ctx().app, 'module')).toBe(before);
  });

  it('reads JSON names case-insensitively on POST and PUT /Module and /Inverter', async () => {
    const user = await createCompanyUser(ctx().app);
    const created = await post(user.token, '/Module', {
      name: 'SDK module',
      STCShortCircuitCurrent: 2.54,
      stcMppCurrent: 2.355,
      stcMppVoltage: 182.55,
      seriesResistanceAtStc: 5.2,
      ashraeIamB0: 0.05,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    expect(await get(user.token, `/Module/${id}`)).toMatchObject({
      stcShortCircuitCurrent: 2.54,
      stcmppCurrent: 2.355,
      stcmppVoltage: 182.55,
      seriesResistanceAtSTC: 5.2,
      ashraeiamB0: 0.05,
    });
    const module = await get(user.token, `/Module/${id}`);
    const updated = await call(ctx().app, {
      method: 'PUT',
      url: `/api/Module/${id}`,
      token: user.token,
      payload: { ...module, stcmppVoltage: undefined, stcMppVoltage: 180 },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await get(user.token, `/Module/${id}`)).stcmppVoltage).toBe(180);

    const inverter = await post(user.token, '/Inverter', {
      name: 'SDK inverter',
      powerRated: 60,
      apparentPower: 66,
      kvaCurves: [{ elevation: 0, kvaPoints: [{ temperature: 25, kva: 66 }] }],
    });
    expect(inverter.statusCode, inverter.body).toBe(200);
    const stored = await get(user.token, `/Inverter/${inverter.json().id}`);
    expect(stored.kVACurves).toEqual([{ elevation: 0, kVAPoints: [{ temperature: 25, kVA: 66 }] }]);
  });

  it('answers the generator calls under the public names in the shapes the SDK reads', async () => {
    const user = await createCompanyUser(ctx().app);
    // GenerateSingleDiodeParametersDefault: the module's fields back, flat, with the parameters.
    const generated = await post(
      user.token,
      '/Module/Generator/GenerateSingleDiodeParametersDefault',
      SDK_DATASHEET,
    );
    expect(generated.statusCode, generated.body).toBe(200);
    const fit = generated.json() as Record<string, number>;
    expect(fit).toMatchObject({ stcmppCurrent: 2.355, stcmppVoltage: 182.55, stcMaxPower: 430 });
    for (const key of ['seriesResistanceAtSTC', 'shuntResistanceAtSTC', 'saturationCurrentAtSTC']) {
      expect(fit[key], key).toBeGreaterThan(0);
    }
    expect(fit).not.toHaveProperty('createUrlSuffix');
    expect(fit).not.toHaveProperty('module');

    // OptimizeSeriesResistance: the target is the relative efficiency at 200 W/m², a fraction.
    const sdkObject = { ...SDK_DATASHEET, ...sdkSpelling(fit), effectiveIrradianceResponse: TARGET_EIR };
    const tuned = await post(user.token, '/Module/Generator/OptimizeSeriesResistance', sdkObject);
    expect(tuned.statusCode, tuned.body).toBe(200);
    const tunedFit = tuned.json() as Record<string, number>;
    expect(tunedFit.effectiveIrradianceResponse).toEqual(TARGET_EIR);

    // CalculateEffectiveIrradianceResponse: at the conditions given, fractions of the 1000 W/m² one.
    const eir = await post(user.token, '/Module/Generator/CalculateEffectiveIrradianceResponse', {
      ...sdkObject,
      ...sdkSpelling(tunedFit),
    });
    expect(eir.statusCode, eir.body).toBe(200);
    const points = eir.json() as { temperature: number; irradiance: number; relativeEfficiency: number }[];
    expect(points.map((p) => p.irradiance)).toEqual([1000, 800, 600, 400, 200]);
    expect(points[0]!.relativeEfficiency).toBeCloseTo(1, 9);
    // Tuned to the target at 200 W/m² (the root finder's tolerance is far tighter than 1e-4).
    expect(points[4]!.relativeEfficiency).toBeCloseTo(0.944, 4);

    // GenerateIVCurve: numIvPoints points [{current, voltage}] from short circuit to open circuit.
    const curve = await post(user.token, '/Module/Generator/GenerateIVCurve', {
      ...sdkObject,
      ...sdkSpelling(tunedFit),
      numIvPoints: 250,
    });
    expect(curve.statusCode, curve.body).toBe(200);
    const ivPoints = curve.json() as { current: number; voltage: number }[];
    expect(ivPoints).toHaveLength(250);
    expect(ivPoints[0]!.voltage).toBe(0);
    expect(ivPoints[0]!.current).toBeCloseTo(2.54, 2);
    expect(ivPoints.at(-1)!.voltage).toBeCloseTo(219.2, 1);
    const pmp = Math.max(...ivPoints.map((p) => p.current * p.voltage));
    expect(Math.abs(pmp / (2.355 * 182.55) - 1)).toBeLessThan(2e-3);

    // GenerateSingleDiodeParametersAdvanced keeps the resistances given, recomputes the rest.
    const advanced = await post(user.token, '/Module/Generator/GenerateSingleDiodeParametersAdvanced', {
      ...sdkObject,
      ...sdkSpelling(tunedFit),
      shuntResistanceAtStc: 8000,
      darkShuntResistance: 9000,
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect(advanced.json()).toMatchObject({
      shuntResistanceAtSTC: 8000,
      darkShuntResistance: 9000,
      seriesResistanceAtSTC: tunedFit.seriesResistanceAtSTC,
    });

    const noTarget = await post(user.token, '/Module/Generator/OptimizeSeriesResistance', SDK_DATASHEET);
    expect(noTarget.statusCode).toBe(400);
    expect(noTarget.json().modelState.effectiveIrradianceResponse[0]).toMatch(/200 W\/m²/);
  });

  it("PUT /Inverter and PUT /Module take the id in the body (the SDK's Inverter.update())", async () => {
    const user = await createCompanyUser(ctx().app);
    const other = await createCompanyUser(ctx().app);
    for (const kind of ['Inverter', 'Module'] as const) {
      const created = await post(user.token, `/${kind}`, { name: `SDK ${kind}`, manufacturer: 'Maker' });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().id as number;
      const record = await get(user.token, `/${kind}/${id}`);
      const put = (token: string, payload: unknown) =>
        call(ctx().app, { method: 'PUT', url: `/api/${kind}`, token, payload: payload as object });
      const updated = await put(user.token, { ...record, name: `SDK ${kind} renamed` });
      expect(updated.statusCode, updated.body).toBe(200);
      // The same answer as PUT /{kind}/{id}: the updated entity.
      expect(updated.json()).toMatchObject({ id, name: `SDK ${kind} renamed`, manufacturer: 'Maker' });
      expect((await get(user.token, `/${kind}/${id}`)).name).toBe(`SDK ${kind} renamed`);

      const missing = await put(user.token, { name: 'No id' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().modelState.id).toEqual(['Id is required.']);
      // Another company's id is 404 whatever the body holds, as on PUT /{kind}/{id}.
      const foreign = await put(other.token, { ...record, name: 'Taken over' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(`${kind} not found`);
      expect((await put(user.token, { id: 'x', name: 'Bad id' })).statusCode).toBe(404);
      expect((await get(user.token, `/${kind}/${id}`)).name).toBe(`SDK ${kind} renamed`);
    }
  });

  it('GET /Module and GET /Inverter answer the visible library as a JSON array of full records', async () => {
    const { app } = ctx();
    const user = await createCompanyUser(app);
    const colleague = await createCompanyUser(app, { companyId: user.companyId });
    const other = await createCompanyUser(app);
    for (const kind of ['Module', 'Inverter'] as const) {
      const word = tag('Lib');
      const create = async (token: string, name: string, status?: number) => {
        const res = await post(token, `/${kind}`, { name: `${word} ${name}` });
        expect(res.statusCode, res.body).toBe(200);
        const id = res.json().id as number;
        if (status !== undefined) {
          const changed = await post(token, `/${kind}/Status`, { items: [{ id, status, note: '' }] });
          expect(changed.statusCode, changed.body).toBe(200);
        }
        return id;
      };
      const global = await insertGlobal(app, kind === 'Module' ? 'module' : 'inverter', {
        name: `${word} global`,
      });
      const own = [await create(user.token, 'mine'), await create(user.token, 'mine too')];
      const shared = await create(colleague.token, 'shared by a colleague', 2);
      await create(colleague.token, "a colleague's draft"); // Draft-Private: not the user's to see
      await create(other.token, "another company's", 2);

      const list = await call(app, { method: 'GET', url: `/api/${kind}?search=${word}`, token: user.token });
      expect(list.statusCode, list.body).toBe(200);
      const items = list.json() as Record<string, unknown>[];
      // The company's records first, then the Global ones, each by id.
      expect(items.map((i) => i.id)).toEqual([...own, shared, global]);
      expect(list.headers['x-total-count']).toBe('4');
      // Each as GET /{kind}/{id} shows it (every spec 3 field).
      expect(items[0]).toEqual(await get(user.token, `/${kind}/${own[0]}`));

      const page = await call(app, {
        method: 'GET',
        url: `/api/${kind}?search=${word}&skip=1&top=2`,
        token: user.token,
      });
      expect((page.json() as { id: number }[]).map((i) => i.id)).toEqual([own[1], shared]);
      expect(page.headers['x-total-count']).toBe('4');
      const tooMany = await call(app, { method: 'GET', url: `/api/${kind}?top=501`, token: user.token });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().modelState.top).toEqual(['Top must be a whole number from 1 to 500.']);
    }
    // Without a query: at most 500 records, the company's first.
    const all = await call(app, { method: 'GET', url: '/api/Module', token: user.token });
    const records = all.json() as { companyId: string | null }[];
    expect(records.length).toBeGreaterThanOrEqual(3);
    expect(records.length).toBeLessThanOrEqual(500);
    expect(records[0]!.companyId).toBe(user.companyId);
  });
});
