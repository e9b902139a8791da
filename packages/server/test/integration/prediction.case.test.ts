/**
 * A stored prediction translates one to one into the engine's case: each example case file of
 * `examples/` is stored through the API (its modules and inverters as library records, its model
 * choices as the prediction, its plant as the power plant), translated back by `predictionCase`, and
 * both are simulated on the same weather: the energies agree to the last digit (tolerance: none).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { simulate } from '@sunfield/engine';
import { PEREZ_MODELS } from '@sunfield/engine/irradiance/transposition/perezCoefficients.ts';
import { loadAuth } from '../../src/auth/context.ts';
import { predictionCase } from '../../src/commands/predictionCase.ts';
import { loadCase } from '../../src/commands/simulate/inputs.ts';
import { loadPredictionFor } from '../../src/policies/prediction.ts';
import { call, describeEachDatabase } from './harness.ts';
import { insertGlobal } from './moduleHelpers.ts';
import { cecInverter, cecModule } from './predictionFactory.ts';
import { createCompanyUser } from './projectFactory.ts';

type Json = Record<string, unknown>;

const EXAMPLES = path.resolve(import.meta.dirname, '../../../../examples');

/** A library record for a case's module or inverter value (a CEC name, or {library, name, …edits}). */
function record(kind: 'module' | 'inverter', value: unknown): Json {
  if (typeof value === 'string') return kind === 'module' ? cecModule(value) : cecInverter(value);
  const ref = value as Json;
  const base = kind === 'module' ? cecModule(ref.name as string) : cecInverter(ref.name as string);
  for (const [k, v] of Object.entries(ref)) {
    if (k === 'library' || k === 'name') continue;
    if (v === null) delete base[k];
    else base[k] = v;
  }
  return base;
}

describeEachDatabase('a stored prediction is the case file it was made from', (ctx) => {
  for (const example of ['greensboro_fixed_cec.json', 'greensboro_tracker_cec.json']) {
    it(`${example}: same DC and AC energy to the last digit`, async () => {
      const { app } = ctx();
      const loaded = loadCase(path.join(EXAMPLES, example));
      const caseJson = JSON.parse(fs.readFileSync(path.join(EXAMPLES, example), 'utf8')) as Json;
      const user = await createCompanyUser(app);
      const project = caseJson.project as Json;
      const projectRes = await call(app, {
        method: 'POST',
        url: '/api/Project',
        token: user.token,
        payload: {
          name: project.name,
          latitude: project.latitude,
          longitude: project.longitude,
          elevation: project.elevation,
          standardOffsetFromUTC: project.timeZone,
        },
      });
      const projectId = (projectRes.json() as { id: number }).id;

      // The prediction: the case's choices; the API numbers Perez sets (index in the engine's list).
      const prediction = { ...(caseJson.prediction as Json) };
      if (typeof prediction.perezCoefficients === 'string')
        prediction.perezCoefficients = PEREZ_MODELS.indexOf(prediction.perezCoefficients as never);
      const created = await call(app, {
        method: 'POST',
        url: `/api/Project/${projectId}/Prediction`,
        token: user.token,
        payload: prediction,
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = (created.json() as { id: number }).id;

      // The plant: modules and inverters become library records named by id.
      const plant = structuredClone(caseJson.powerPlant) as Json;
      for (const block of plant.blocks as Json[])
        for (const array of block.arrays as Json[])
          for (const inverter of array.inverters as Json[]) {
            inverter.inverterId = await insertGlobal(app, 'inverter', {
              name: `${example} inverter`,
              data: record('inverter', inverter.inverter),
            });
            delete inverter.inverter;
            for (const field of inverter.dcFields as Json[]) {
              field.moduleId = await insertGlobal(app, 'module', {
                name: `${example} module`,
                data: record('module', field.module),
              });
              delete field.module;
            }
          }
      const saved = await call(app, {
        method: 'POST',
        url: `/api/Project/${projectId}/Prediction/${id}/PowerPlant`,
        token: user.token,
        payload: plant,
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const db = app.services.database.db;
      const auth = await loadAuth(db, user.userId, user.companyId);
      const stored = await loadPredictionFor(db, auth!, projectId, id);
      const translated = await predictionCase(db, auth!, stored);
      expect(translated).toBeDefined();

      const fromFile = simulate(loaded.caseJson, loaded.weather, { libraries: loaded.libraries });
      const fromStore = simulate(translated!, loaded.weather);
      // Whole energies of a 9–10 kWp system: 14.7 and 16.6 MWh a year (docs/simulate.md).
      expect(fromFile.years[0]!.acEnergy).toBeGreaterThan(1.4e7);
      expect(fromStore.years.length).toBe(fromFile.years.length);
      fromFile.years.forEach((year, i) => {
        expect(fromStore.years[i]!.acEnergy).toBe(year.acEnergy);
        expect(fromStore.years[i]!.dcEnergy).toBe(year.dcEnergy);
      });
    });
  }
});
