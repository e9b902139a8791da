/**
 * Company default settings through the API (issue 19): an admin changes them, and what the company's
 * users create afterwards takes them — predictions (simulation settings, monthly albedo), plants
 * (availability loss), modules, inverters and weather (statuses) — while another company keeps the
 * built-in defaults. Only the company's admins (and super admins) change them; values are checked
 * against their ranges; a save keeps the groups it does not send. Weather-vendor credentials under
 * SUNFIELD_CREDENTIALS_KEY: unreadable without it, older values still read and moved to it.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { companies } from '../../src/db/schema.ts';
import {
  providerCredentials,
  readVendorSettings,
  writeVendorSettings,
} from '../../src/models/weatherVendorSettings.ts';
import { providerSettings } from '../../src/weatherProviders/settings.ts';
import { addCompanyUser } from './factories.ts';
import { call, describeEachDatabase } from './harness.ts';
import {
  createPrediction,
  dcFieldOf,
  plantBody,
  predictionUrl,
  predictionWorld,
} from './predictionFactory.ts';
import { createCompanyUser } from './projectFactory.ts';
import { hourlyYears, remotePoint } from './weatherDetailsHelpers.ts';

type Json = Record<string, unknown>;

describeEachDatabase('company default settings', (ctx) => {
  const settingsUrl = (companyId: string) => `/api/Company/DefaultSettings?CompanyId=${companyId}`;

  it('new predictions, plants, modules, inverters and weather take them; another company does not', async () => {
    const { app } = ctx();
    const admin = await predictionWorld(app, { roles: ['Admin'] });
    const member = await addCompanyUser(app, admin.companyId, { roles: ['User'] });
    const saved = await call(app, {
      method: 'PUT',
      url: settingsUrl(admin.companyId),
      token: admin.token,
      payload: {
        simulationSettings: { transpositionModel: 0, errorModelAcc: 4.5, linearDegradationRate: 0.7 },
        environmentalConditions: { monthlyAlbedo: Array.from({ length: 12 }, () => 0.25) },
        systemDetailSettings: { availabilityLoss: 2 },
        powerPlantBuilder: { tiltAngle: 27, northernHemisphereAzimuth: 170, gcr: 0.45, powerFactor: 0.97 },
        miscellaneousSettings: { moduleStatus: 2, inverterStatus: 3, weatherStatus: 2 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    // Out of range: 400 naming the field, nothing stored.
    const bad = await call(app, {
      method: 'PUT',
      url: settingsUrl(admin.companyId),
      token: admin.token,
      payload: { simulationSettings: { errorModelAcc: 150 }, powerPlantBuilder: { gcr: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().modelState).toEqual({
      'simulationSettings.errorModelAcc': ['Must be a number from 0 to 100 %.'],
      'powerPlantBuilder.gcr': ['Must be greater than 0 and at most 1.'],
    });
    // A save of one page keeps the other groups.
    const financial = await call(app, {
      method: 'PUT',
      url: settingsUrl(admin.companyId),
      token: admin.token,
      payload: { financialModelParameters: { discountRate: 7, analysisPeriod: 30 } },
    });
    expect(financial.json()).toMatchObject({
      simulationSettings: { transpositionModel: 0, errorModelAcc: 4.5 },
      financialModelParameters: { discountRate: 7, analysisPeriod: 30 },
    });

    // What a user of the company creates next.
    const world = { ...admin, token: member.token };
    const predictionId = await createPrediction(app, world);
    const prediction = (
      await call(app, { method: 'GET', url: predictionUrl(world, predictionId), token: member.token })
    ).json() as Json & { monthlyFactors: { albedo: number }[] };
    expect(prediction).toMatchObject({
      transpositionModel: 0,
      errorModelAcc: 4.5,
      linearDegradationRate: 0.7,
    });
    expect(prediction.monthlyFactors.map((m) => m.albedo)).toEqual(Array.from({ length: 12 }, () => 0.25));
    // A plant whose DC field and inverter leave out what the company's settings give.
    const sentPlant = { ...plantBody(world, 1), availabilityLoss: undefined };
    const sentField = dcFieldOf(sentPlant);
    delete sentField.moduleTilt;
    delete sentField.groundCoverageRatio;
    const plantSaved = await call(app, {
      method: 'POST',
      url: predictionUrl(world, predictionId, '/PowerPlant'),
      token: member.token,
      payload: sentPlant,
    });
    expect(plantSaved.statusCode, plantSaved.body).toBe(200);
    const plant = (
      await call(app, {
        method: 'GET',
        url: predictionUrl(world, predictionId, '/PowerPlant'),
        token: member.token,
      })
    ).json() as Json;
    expect(plant.availabilityLoss).toBe(2);
    expect(dcFieldOf(plant)).toMatchObject({ moduleTilt: 27, moduleAzimuth: 170, groundCoverageRatio: 0.45 });
    const inverterNode = (((plant.blocks as Json[])[0]!.arrays as Json[])[0]!.inverters as Json[])[0]!;
    expect(inverterNode.powerFactor).toBe(0.97);

    const statuses = await createLibraryRows(member.token);
    expect(statuses).toEqual({ module: 2, inverter: 3, weather: 2 });

    // Another company: the built-in defaults.
    const stranger = await otherCompanyWorld();
    const otherPrediction = await createPrediction(app, stranger);
    const other = (
      await call(app, { method: 'GET', url: predictionUrl(stranger, otherPrediction), token: stranger.token })
    ).json() as Json & { monthlyFactors: { albedo: number }[] };
    expect(other).toMatchObject({ transpositionModel: 1, errorModelAcc: 2.9, linearDegradationRate: 0.5 });
    expect(other.monthlyFactors[0]!.albedo).toBe(0.2);
    expect(await createLibraryRows(stranger.token)).toEqual({ module: 1, inverter: 1, weather: 1 });
    const otherSettings = await call(app, {
      method: 'GET',
      url: '/api/Company/DefaultSettings',
      token: stranger.token,
    });
    expect(otherSettings.json()).not.toHaveProperty('simulationSettings');

    async function createLibraryRows(token: string): Promise<Record<string, number>> {
      const module = await call(app, { method: 'POST', url: '/api/Module', token, payload: { name: 'M' } });
      const inverter = await call(app, { method: 'POST', url: '/api/Inverter', token, payload: {} });
      const weather = await call(app, {
        method: 'POST',
        url: '/api/Weather',
        token,
        payload: { name: 'W', ...remotePoint(), timeZone: -8, weatherDetails: hourlyYears([2021], () => 15) },
      });
      const status = async (url: string) =>
        ((await call(app, { method: 'GET', url, token })).json() as { status: number }).status;
      return {
        module: await status(`/api/Module/${(module.json() as { id: number }).id}`),
        inverter: await status(`/api/Inverter/${(inverter.json() as { id: number }).id}`),
        weather: await status(`/api/Weather/${(weather.json() as { id: number }).id}`),
      };
    }

    async function otherCompanyWorld() {
      const user = await createCompanyUser(app, { roles: ['Admin'] });
      const project = await call(app, {
        method: 'POST',
        url: '/api/Project',
        token: user.token,
        payload: {
          name: 'Elsewhere',
          latitude: 36.1,
          longitude: -79.95,
          elevation: 273,
          standardOffsetFromUTC: -5,
        },
      });
      return { ...admin, ...user, projectId: (project.json() as { id: number }).id };
    }
  });

  it('only the company’s admins and super admins change them', async () => {
    const { app } = ctx();
    const admin = await createCompanyUser(app, { roles: ['Admin'] });
    const other = await createCompanyUser(app, { roles: ['Admin'] });
    const member = await addCompanyUser(app, admin.companyId, { roles: ['User'] });
    const manager = await addCompanyUser(app, admin.companyId, { roles: ['Manager'] });
    const itAdmin = await addCompanyUser(app, admin.companyId, { roles: ['ITAdmin'] });
    const superAdmin = await addCompanyUser(app, other.companyId, { roles: ['FSLRAdmin'] });
    const put = (token: string, errorSpaVar: number) =>
      call(app, {
        method: 'PUT',
        url: settingsUrl(admin.companyId),
        token,
        payload: { simulationSettings: { errorSpaVar } },
      });
    expect((await put(member.token, 3)).statusCode).toBe(403);
    expect((await put(manager.token, 3)).statusCode).toBe(403);
    expect((await put(other.token, 3)).statusCode).toBe(404);
    expect((await put(admin.token, 4)).statusCode).toBe(200);
    expect((await put(itAdmin.token, 4.5)).statusCode).toBe(200);
    expect((await put(superAdmin.token, 5)).statusCode).toBe(200);
    // Every role of the company reads them (the builder, the View Company Defaults link); another
    // company's admin does not, a super admin does.
    for (const reader of [member, manager, itAdmin, admin, superAdmin]) {
      const read = await call(app, { method: 'GET', url: settingsUrl(admin.companyId), token: reader.token });
      expect(read.json()).toMatchObject({ simulationSettings: { errorSpaVar: 5 } });
    }
    const foreign = await call(app, { method: 'GET', url: settingsUrl(admin.companyId), token: other.token });
    expect(foreign.statusCode).toBe(404);
    const companyUrl = `/api/Company/${admin.companyId}`;
    for (const reader of [member, manager, itAdmin, admin, superAdmin])
      expect((await call(app, { method: 'GET', url: companyUrl, token: reader.token })).statusCode).toBe(200);
    expect((await call(app, { method: 'GET', url: companyUrl, token: other.token })).statusCode).toBe(404);
    const rename = (token: string) =>
      call(app, { method: 'PUT', url: companyUrl, token, payload: { name: 'Renamed Co' } });
    expect((await rename(member.token)).statusCode).toBe(403);
    expect((await rename(manager.token)).statusCode).toBe(403);
    expect((await rename(other.token)).statusCode).toBe(404);
    for (const editor of [admin, itAdmin, superAdmin])
      expect((await rename(editor.token)).statusCode).toBe(200);
    // Weather-vendor credentials: the same rule; everyone of the company sees them masked only.
    const vendorUrl = `/api/Company/MeteonormSettings?CompanyId=${admin.companyId}`;
    const setVendor = (token: string) =>
      call(app, { method: 'PUT', url: vendorUrl, token, payload: { licence: 'licence-0000-1234' } });
    expect((await setVendor(member.token)).statusCode).toBe(403);
    expect((await setVendor(manager.token)).statusCode).toBe(403);
    expect((await setVendor(other.token)).statusCode).toBe(404);
    for (const editor of [admin, itAdmin, superAdmin])
      expect((await setVendor(editor.token)).statusCode).toBe(200);
    const seen = await call(app, { method: 'GET', url: vendorUrl, token: member.token });
    expect(seen.json()).toMatchObject({ licence: '••••1234', hasLicence: true });
    expect(seen.body).not.toContain('licence-0000');
  });

  it('encrypts vendor credentials under SUNFIELD_CREDENTIALS_KEY and moves older values to it', async () => {
    const { app, database, kind } = ctx();
    const admin = await createCompanyUser(app, { roles: ['Admin'] });
    const secret = `test-secret-${kind}`;
    const keys = { credentialsKey: 'operator-credentials-key', secret };
    // Saved before the credentials key was set: under the server secret.
    await writeVendorSettings(database.db, secret, admin.companyId, 'solarGIS', { key: 'solargis-old-0001' });
    await writeVendorSettings(database.db, keys, admin.companyId, 'cleanPowerResearch', {
      key: 'cpr-new-key-0002',
    });
    const stored = async () =>
      JSON.stringify(
        (await database.db.select().from(companies).where(eq(companies.id, admin.companyId)))[0]!
          .defaultSettings,
      );
    expect(await stored()).not.toMatch(/solargis-old|cpr-new-key/);

    // With the key: both read (masked) and both are used by downloads.
    expect(await readVendorSettings(database.db, keys, admin.companyId, 'solarGIS')).toMatchObject({
      key: '••••0001',
    });
    const settings = providerSettings({});
    expect(await providerCredentials(database.db, keys, admin.companyId, 'SolarGIS', settings)).toEqual({
      apiKey: 'solargis-old-0001',
    });
    expect(await providerCredentials(database.db, keys, admin.companyId, 'SolarAnywhere', settings)).toEqual({
      apiKey: 'cpr-new-key-0002',
    });
    // Without it the new value cannot be opened.
    expect(
      await providerCredentials(database.db, secret, admin.companyId, 'SolarAnywhere', settings),
    ).toBeNull();

    // Saving the masked value again moves the old one to the credentials key.
    await writeVendorSettings(database.db, keys, admin.companyId, 'solarGIS', { key: '••••0001' });
    expect(await providerCredentials(database.db, secret, admin.companyId, 'SolarGIS', settings)).toBeNull();
    expect(await providerCredentials(database.db, keys, admin.companyId, 'SolarGIS', settings)).toEqual({
      apiKey: 'solargis-old-0001',
    });
  });
});
