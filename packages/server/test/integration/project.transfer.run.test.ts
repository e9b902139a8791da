/**
 * A project export (version 2, docs/project-export.md) of a prediction that has run, imported into a
 * second company as an uploaded file and run there, gives the same annual energy to the last digit
 * (tolerance: none; the weather travels as its stored bytes, the plant and equipment as their
 * records, so the engine gets the same numbers). Hostile files are refused whole with spec 2 §8.4's
 * message, and the second company cannot export the first's project.
 */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { inverters, modules, predictions, projects, weathers } from '../../src/db/schema.ts';
import { call, describeEachDatabase } from './harness.ts';
import { multipart } from './moduleHelpers.ts';
import { createPrediction, predictionUrl } from './predictionFactory.ts';
import { createCompanyUser, type TestCompanyUser } from './projectFactory.ts';
import { runnablePrediction, runToSuccess, runWorkers } from './runHelpers.ts';

type Json = Record<string, unknown>;
const IMPORT_FAILED = 'The project could not be imported. Please try again';

describeEachDatabase('project export and import, run in another company', (ctx) => {
  runWorkers(ctx);

  /** Rows the company owns in each table an import writes. */
  async function owned(companyId: string): Promise<number[]> {
    const db = ctx().database.db;
    const n = async (table: typeof projects | typeof predictions | typeof weathers | typeof modules) =>
      (await db.select({ n: count() }).from(table).where(eq(table.companyId, companyId)))[0]!.n;
    const inverterCount = (
      await db
        .select({ n: count() })
        .from(inverters)
        .where(and(isNotNull(inverters.companyId), eq(inverters.companyId, companyId)))
    )[0]!.n;
    return [await n(projects), await n(predictions), await n(weathers), await n(modules), inverterCount];
  }

  const upload = (user: TestCompanyUser, doc: unknown, url = '/api/Project/Import') => {
    const { payload, headers } = multipart({
      name: 'project.json',
      bytes: typeof doc === 'string' ? doc : JSON.stringify(doc),
      contentType: 'application/json',
    });
    return call(ctx().app, { method: 'POST', url, token: user.token, payload, headers });
  };

  it('imports a run prediction into another company, where it runs to the same annual energy', async () => {
    const { app } = ctx();
    const p = await runnablePrediction(app);
    const first = await runToSuccess(app, p);
    expect(first.processingStatus).toBe(3);
    const summary = (
      await call(app, {
        method: 'GET',
        url: predictionUrl(p.world, p.id, '/ResultSummary'),
        token: p.world.token,
      })
    ).json() as { years: Json[] };
    const energy = summary.years[0]!.totalEnergy as number;
    expect(energy).toBeGreaterThan(0);

    const exported = await call(app, {
      method: 'GET',
      url: `/api/Project/${p.world.projectId}/Export`,
      token: p.world.token,
    });
    expect(exported.statusCode).toBe(200);
    const doc = exported.json() as Json;
    expect(doc).toMatchObject({ sunfieldExport: 'project', version: 2 });
    const [weather] = (doc.library as { weathers: Json[] }).weathers;
    expect(weather).toMatchObject({ id: p.world.weatherId, rowCount: 8760 });
    expect((weather!.series as Json[]).map((s) => s.name)).toEqual(expect.arrayContaining(['time', 'ghi']));

    const other = await createCompanyUser(app);
    expect(await owned(other.companyId)).toEqual([0, 0, 0, 0, 0]);
    // The second company cannot export the first's project.
    const foreign = await call(app, {
      method: 'GET',
      url: `/api/Project/${p.world.projectId}/Export`,
      token: other.token,
    });
    expect(foreign.statusCode).toBe(404);

    const imported = await upload(other, doc);
    expect(imported.statusCode, imported.body).toBe(200);
    const result = imported.json() as Json & { id: number; predictionIds: number[] };
    expect(result).toMatchObject({
      weathers: [{ resolution: 'created' }],
      // the Global module and inverter are referenced, not copied
      modules: [{ resolution: 'same' }],
      inverters: [{ resolution: 'same' }],
      messages: [],
    });
    // One project, one prediction, one weather copied; no module or inverter copied.
    expect(await owned(other.companyId)).toEqual([1, 1, 1, 0, 0]);
    const copy = (
      await call(app, {
        method: 'GET',
        url: `/api/Project/${result.id}/Prediction/${result.predictionIds[0]}`,
        token: other.token,
      })
    ).json() as Json;
    expect(copy.weatherId).not.toBe(p.world.weatherId);
    const world2 = { ...p.world, ...other, projectId: result.id, weatherId: copy.weatherId as number };
    const run2 = { world: world2, id: result.predictionIds[0]! };
    await runToSuccess(app, run2);
    const summary2 = (
      await call(app, {
        method: 'GET',
        url: predictionUrl(world2, run2.id, '/ResultSummary'),
        token: other.token,
      })
    ).json() as { years: Json[] };
    expect(summary2.years[0]!.totalEnergy).toBe(energy);
  });

  it('refuses hostile files whole (version, references, huge numbers, NUL) and saves nothing', async () => {
    const { app } = ctx();
    const p = await runnablePrediction(app);
    await createPrediction(app, p.world, { name: 'Second' });
    const good = (
      await call(app, {
        method: 'GET',
        url: `/api/Project/${p.world.projectId}/Export`,
        token: p.world.token,
      })
    ).json() as Json;
    const other = await createCompanyUser(app);
    const before = await owned(other.companyId);

    const variants: [string, (doc: Json) => void, string][] = [
      ['wrong version', (d) => (d.version = 3), 'version'],
      [
        'a module the export does not carry',
        (d) => ((d.library as Json).modules = []),
        'predictions.0.powerPlant',
      ],
      ['a huge project latitude', (d) => ((d.project as Json).latitude = 1e300), 'project.latitude'],
      [
        'a huge irradiance value',
        (d) => {
          const w = (d.library as { weathers: Json[] }).weathers[0]!;
          const ghi = (w.series as Json[]).findIndex((s) => s.name === 'ghi');
          const bytes = Buffer.from((w.series as Json[])[ghi]!.values as string, 'base64');
          bytes.writeFloatLE(3e38, 4 * 4000);
          (w.series as Json[])[ghi]!.values = bytes.toString('base64');
        },
        'library.weathers.0.series.',
      ],
      [
        'a huge offset in the weather meta',
        (d) => {
          const w = (d.library as { weathers: Json[] }).weathers[0]!;
          ((w.data as Json).meta as Json).sunOffsetMinutes = 1e300;
        },
        'library.weathers.0.data.meta.sunOffsetMinutes',
      ],
      [
        'a short series',
        (d) => {
          const w = (d.library as { weathers: Json[] }).weathers[0]!;
          w.rowCount = 8761;
        },
        'library.weathers.0.series.',
      ],
      [
        'a NUL in a prediction name',
        (d) => (((d.predictions as Json[])[1]!.prediction as Json).name = 'Sec\u0000ond'),
        'predictions.1.prediction.name',
      ],
    ];
    for (const [what, change, field] of variants) {
      const doc = structuredClone(good);
      change(doc);
      for (const via of ['upload', 'json'] as const) {
        const res =
          via === 'upload'
            ? await upload(other, doc)
            : await call(app, {
                method: 'POST',
                url: '/api/Project/Import',
                token: other.token,
                payload: doc,
              });
        expect(res.statusCode, `${what} (${via}): ${res.body}`).toBe(400);
        const body = res.json() as { message: string; modelState: Json };
        if (via === 'upload' || !what.includes('NUL')) expect(body.message, what).toBe(IMPORT_FAILED);
        expect(
          Object.keys(body.modelState).some((k) => k.startsWith(field)),
          `${what} (${via}): ${JSON.stringify(body.modelState)}`,
        ).toBe(true);
      }
    }
    // Not JSON at all; a file past the 64 MB upload limit.
    const notJson = await upload(other, 'not json {');
    expect(notJson.statusCode).toBe(400);
    const huge = await upload(other, `{"pad":"${'x'.repeat(65 * 1024 * 1024)}"}`);
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({
      modelState: { file: ['The project file is too large: the limit is 64 MB.'] },
    });
    expect(await owned(other.companyId)).toEqual(before);

    // The unchanged file imports (the checks above refused only what was wrong).
    const ok = await upload(other, good);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
