/**
 * Running a prediction through the API: Run queues, a worker runs the engine in its pool, the status
 * goes queued → running → success, and the results equal what the engine gives for the same case and
 * weather to the last digit (tolerance: none): the summary, every stored plant column, the hourly
 * energy of ResultDetails, and the nodal series asked for.
 */
import { expect, it } from 'vitest';
import { hourlyColumns, simulate } from '@sunfield/engine';
import { loadAuth } from '../../src/auth/context.ts';
import { predictionCase } from '../../src/commands/predictionCase.ts';
import { loadWeatherData } from '../../src/models/weather.ts';
import { loadPredictionFor } from '../../src/policies/prediction.ts';
import { findResult, plantSeries } from '../../src/results/load.ts';
import { call, describeEachDatabase } from './harness.ts';
import { dcFieldOf, plantBody, predictionUrl } from './predictionFactory.ts';
import { runnablePrediction, runToSuccess, runWorkers } from './runHelpers.ts';

type Json = Record<string, unknown>;

describeEachDatabase('running a prediction', (ctx) => {
  runWorkers(ctx);

  it('runs, and its results are the engine’s for the same case to the last digit', async () => {
    const { app, database } = ctx();
    const p = await runnablePrediction(app);
    const before = await call(app, {
      method: 'GET',
      url: predictionUrl(p.world, p.id, '/ResultSummary'),
      token: p.world.token,
    });
    expect(before.statusCode).toBe(204);
    const run = await call(app, {
      method: 'POST',
      url: predictionUrl(p.world, p.id, '/Run'),
      token: p.world.token,
      payload: {
        exportSystem: true,
        blockExportOptions: [
          { name: 1, exportBlock: true, exportArrays: true, exportInverters: true, exportDCFields: true },
        ],
      },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect((run.json() as Json).processingStatus).toBe(1);
    const again = await call(app, {
      method: 'POST',
      url: predictionUrl(p.world, p.id, '/Run'),
      token: p.world.token,
    });
    if ((await findResult(database.db, p.world.companyId, p.id)) === undefined)
      expect(again.statusCode).toBe(409);
    const { waitForStatus } = await import('./runHelpers.ts');
    const done = await waitForStatus(app, p, [3, 4, 5]);
    expect(done.processingStatus, String(done.processingMessage)).toBe(3);
    expect(done.percentComplete).toBe(100);

    // The engine on the same case and weather.
    const auth = (await loadAuth(database.db, p.world.userId, p.world.companyId))!;
    const loaded = await loadPredictionFor(database.db, auth, p.world.projectId, p.id);
    const caseJson = await predictionCase(database.db, auth, loaded);
    const weather = (await loadWeatherData(database.db, p.world.weatherId))!;
    const engine = simulate(caseJson, weather, { weatherName: '723170TYA.CSV' });

    const summary = (
      await call(app, {
        method: 'GET',
        url: predictionUrl(p.world, p.id, '/ResultSummary'),
        token: p.world.token,
      })
    ).json() as Json;
    const years = summary.years as Json[];
    expect(years[0]!.totalEnergy).toBe(engine.summary.years[0]!.totalEnergy);
    expect(years[0]!.summaryFactors).toEqual(
      JSON.parse(JSON.stringify(engine.summary.years[0]!.summaryFactors)),
    );
    expect(summary.dcSize).toBe(engine.summary.dcSize);
    expect(summary.transpositionModel).toBe(engine.summary.transpositionModel);

    const result = (await findResult(database.db, p.world.companyId, p.id))!;
    const series = await plantSeries(database.db, result);
    const columns = hourlyColumns(engine);
    for (const [name, values] of Object.entries(columns)) expect(series.get(name), name).toEqual(values);
    expect(series.get('time')).toEqual(engine.time);
    // The run covers the prediction's period, which follows the weather file: the typical year
    // (TMY3, months from 1976–2005) simulated as 1990, first to last hour.
    const dates = (
      await call(app, { method: 'GET', url: predictionUrl(p.world, p.id), token: p.world.token })
    ).json() as { start: string; end: string };
    expect(engine.time[0]).toBe(Date.parse(dates.start));
    expect(engine.time[engine.time.length - 1]).toBe(Date.parse(dates.end));

    const details = (
      await call(app, {
        method: 'GET',
        url: predictionUrl(p.world, p.id, '/ResultDetails'),
        token: p.world.token,
      })
    ).json() as Json;
    const hourly = details.HourlyDetails as Json[];
    expect(hourly).toHaveLength(8760);
    let energy = 0;
    for (let i = 0; i < engine.length; i++) energy += engine.plant.power[i]!;
    const sumKwh = hourly.reduce((a, r) => a + (r.EnergyGenerated as number), 0);
    expect(sumKwh).toBeCloseTo(energy / 1000, 6);
    expect(details.MonthlyDetails as Json[]).toHaveLength(12);
    expect((details.Total as Json).EnergyGenerated).toBeCloseTo(energy / 1000, 6);
    expect(Object.keys(hourly[0]!)).toEqual([
      'TimeStamp',
      'POAI',
      'EnergyGenerated',
      'SpecificYieldDC',
      'PerformanceRatio',
      'InverterLimitationLoss',
      'ACCapacityFactor',
      'NearShadingLoss',
      'ModuleIrradianceLoss',
      'ModuleTemperatureLoss',
      'InverterEfficiencyLoss',
      'SpectralLoss',
    ]);

    // Nodal data: the system, and every level of block 1 (asked for); block 2 was not.
    const nodal = async (query: string) =>
      call(app, {
        method: 'GET',
        url: predictionUrl(p.world, p.id, `/NodalJson${query}`),
        token: p.world.token,
      });
    const system = (await nodal('')).json() as Json;
    expect((system.SystemData as Json[]).length).toBe(8760);
    expect((system.SystemData as Json[])[4000]!.SystemPowerOutput).toBe(engine.plant.power[4000]);
    const block = (await nodal('?blockNumber=1')).json() as Json;
    expect(block.BlockNumber).toBe(1);
    expect((block.BlockData as Json[])[4000]!.BlockPower).toBe(engine.blocks[0]!.power[4000]);
    const field = (
      await nodal(
        '?block_number=1&array_number=1&inverter_name=A&dc_field_number=1&nodalParameters=DCPower,CellTemperature',
      )
    ).json() as Json;
    expect(Object.keys((field.DCFieldData as Json[])[0]!)).toEqual([
      'TimeStamp',
      'DCPower',
      'CellTemperature',
    ]);
    expect((field.DCFieldData as Json[])[4000]!.DCPower).toBe(engine.dcFields[0]!.dcPower[4000]);
    const inverter = (await nodal('?blockNumber=1&arrayNumber=1&inverterName=A')).json() as Json;
    expect((inverter.InverterData as Json[])[4000]!.ACPower).toBe(engine.inverters[0]!.acPower[4000]);
    expect((await nodal('?blockNumber=2')).statusCode).toBe(404);
    expect((await nodal('?blockNumber=1&nodalParameters=Nope')).statusCode).toBe(400);

    const average = (
      await call(app, {
        method: 'GET',
        url: predictionUrl(p.world, p.id, '/AverageEnergy'),
        token: p.world.token,
      })
    ).json() as { years: { months: { hours: { energy: number }[] }[] }[] };
    const months = average.years[0]!.months;
    expect(months).toHaveLength(12);
    const days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    const total = months.reduce((a, m, k) => a + m.hours.reduce((b, h) => b + h.energy, 0) * days[k]!, 0);
    expect(total).toBeCloseTo(energy / 1000, 3);

    const cancel = await call(app, {
      method: 'POST',
      url: predictionUrl(p.world, p.id, '/Cancel'),
      token: p.world.token,
    });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.body).toBe('A successfully completed prediction cannot be cancelled.');
  });

  it('refuses to run what cannot run, naming the field (400)', async () => {
    const { app } = ctx();
    const p = await runnablePrediction(app);
    const run = (id: number) =>
      call(app, { method: 'POST', url: predictionUrl(p.world, id, '/Run'), token: p.world.token });

    // No weather, no plant.
    const { createPrediction } = await import('./predictionFactory.ts');
    const bare = await createPrediction(app, p.world);
    const res = await run(bare);
    expect(res.statusCode).toBe(400);
    const modelState = (res.json() as { modelState: Record<string, string[]> }).modelState;
    expect(Object.keys(modelState).sort()).toEqual(['powerPlant', 'weatherId']);

    // Too many modules in series for the inverter at the 50-year minimum temperature.
    const plant = plantBody(p.world, 1);
    Object.assign(dcFieldOf(plant), { modulesWiredInSeries: 40, lockModulesWiredInSeries: true });
    const hot = await runnablePrediction(app, {
      world: p.world,
      prediction: { min50Year: -15, cool996: 33 },
      plant,
    });
    const refused = await run(hot.id);
    expect(refused.statusCode, refused.body).toBe(400);
    const state = (refused.json() as { modelState: Record<string, string[]> }).modelState;
    const key = 'powerPlant.blocks.0.arrays.0.inverters.0.dcFields.0.modulesWiredInSeries';
    expect(Object.keys(state)).toEqual([key]);
    expect(state[key]![0]).toMatch(
      /^Block 1 › Array 1 › Inverter A › DC field 1: Modules wired in series \(40\) exceeds/,
    );
    const after = (
      await call(app, { method: 'GET', url: predictionUrl(p.world, hot.id), token: p.world.token })
    ).json() as Json;
    expect(after.processingStatus).toBe(0);
  });

  it('a case the engine refuses ends in error at once, with the fields named (no retry)', async () => {
    const { app, database } = ctx();
    const p = await runnablePrediction(app, { blocks: 1 });
    const module = await call(app, {
      method: 'POST',
      url: '/api/Module',
      token: p.world.token,
      payload: {
        name: 'No electrical model',
        stcMaxPower: 550,
        stcOpenCircuitVoltage: 49.9,
        stcmppVoltage: 41.96,
        length: 2278,
        width: 1134,
      },
    });
    expect(module.statusCode, module.body).toBe(200);
    const plant = plantBody(p.world, 1);
    dcFieldOf(plant).moduleId = (module.json() as { id: number }).id;
    const bad = await runnablePrediction(app, { world: p.world, plant });
    const run = await call(app, {
      method: 'POST',
      url: predictionUrl(p.world, bad.id, '/Run'),
      token: p.world.token,
    });
    expect(run.statusCode, run.body).toBe(200);
    const { waitForStatus } = await import('./runHelpers.ts');
    const done = await waitForStatus(app, bad, [3, 4, 5]);
    expect(done.processingStatus).toBe(4);
    expect(done.processingMessage).toMatch(
      /^The plant cannot be simulated: powerPlant\.blocks\[0\]\.arrays\[0\]\.inverters\[0\]\.dcFields\[0\]\.module\.\w+: is required/,
    );
    const { rows } = await database.executeSql(
      'select attempts from prediction_runs where prediction_id = $1',
      [bad.id],
    );
    expect(rows).toEqual([{ attempts: 1 }]);
  });

  it('of eight parallel requests to run one prediction, one queues a run and seven get 409', async () => {
    const { app, database } = ctx();
    const p = await runnablePrediction(app, { blocks: 1 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(app, { method: 'POST', url: predictionUrl(p.world, p.id, '/Run'), token: p.world.token }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.body).toBe(
      'The prediction is already queued or running.',
    );
    const { rows } = await database.executeSql(
      'select count(*)::int as n from prediction_runs where prediction_id = $1',
      [p.id],
    );
    expect((rows[0] as { n: number }).n).toBe(1);
    const { waitForStatus } = await import('./runHelpers.ts');
    expect((await waitForStatus(app, p, [3, 4, 5])).processingStatus).toBe(3);
  });

  it('a result replaces the previous one; the queue lists the user’s runs', async () => {
    const { app } = ctx();
    const p = await runnablePrediction(app, { blocks: 1 });
    await runToSuccess(app, p);
    const first = (
      await call(app, {
        method: 'GET',
        url: predictionUrl(p.world, p.id, '/ResultSummary'),
        token: p.world.token,
      })
    ).json() as Json;
    await runToSuccess(app, p);
    const second = (
      await call(app, {
        method: 'GET',
        url: predictionUrl(p.world, p.id, '/ResultSummary'),
        token: p.world.token,
      })
    ).json() as Json;
    expect(second.id).not.toBe(first.id);
    expect((second.years as Json[])[0]!.totalEnergy).toBe((first.years as Json[])[0]!.totalEnergy);
    const queue = (
      await call(app, { method: 'GET', url: '/api/User/Queue', token: p.world.token })
    ).json() as Json[];
    expect(queue.slice(0, 2).map((q) => q.processingStatus)).toEqual([3, 3]);
    expect(queue[0]).toMatchObject({
      predictionId: p.id,
      projectId: p.world.projectId,
      predictionName: 'Contracted',
    });
    const pending = (
      await call(app, { method: 'GET', url: '/api/User/PendingQueue', token: p.world.token })
    ).json();
    expect(pending).toEqual([]);
    const dismissed = await call(app, {
      method: 'DELETE',
      url: `/api/User/Queue/${queue[0]!.id as number}`,
      token: p.world.token,
    });
    expect(dismissed.statusCode).toBe(200);
    const rest = (
      await call(app, { method: 'GET', url: '/api/User/Queue', token: p.world.token })
    ).json() as Json[];
    expect(rest.map((q) => q.id)).not.toContain(queue[0]!.id);
    const log = (
      await call(app, { method: 'GET', url: predictionUrl(p.world, p.id, '/RunLog'), token: p.world.token })
    ).json() as Json[];
    expect(log).toHaveLength(2);
    // The log of a finished run says what it assumed where the prediction said nothing (issue 17).
    const finished = log.find((entry) => entry.processingStatus === 3)!;
    expect(finished.assumptions, JSON.stringify(finished)).toEqual(
      expect.arrayContaining([expect.any(String)]),
    );
    expect((finished.assumptions as string[]).join('\n')).toMatch(/timestamp/i);
    expect(Array.isArray(finished.warnings)).toBe(true);
  });
});
