/**
 * The public Python SDK's example scripts (shared/clients/plantpredict-python-sdk/example_usage) run
 * unchanged but for the credentials, the base and token URLs and the file paths, against the app
 * listening on 127.0.0.1; then what each created is read back through the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { moduleMpp } from '@sunfield/engine/module/moduleModel.ts';
import { moduleModelFromRecord } from '@sunfield/engine/generator/moduleCurves.ts';
import { sharedPath } from '../../../../../scripts/sharedDir.ts';
import { call } from '../harness.ts';
import { dataFile, importWeather } from '../weatherHelpers.ts';
import { describeSdk, examplesDir } from './sdkHarness.ts';
import { literal } from './scriptText.ts';

/** The upload examples name a Windows path below the SDK's checkout; the files sit in the cwd. */
const WINDOWS_PREFIX = 'python-sdk\\\\example_usage\\\\';
const localFile = (name: string, replacement = name) =>
  literal(`file_path = "${WINDOWS_PREFIX}${name}"`, `file_path = ${JSON.stringify(replacement)}`);

const PAN_FILE = 'FS-6480-P CdTe January2022_v7211.PAN';
const OND_FILE = 'Huawei_SUN2000-60KTL_M0_480V.OND';
/** A PAN file of the shared data that the PAN reader reads (72-cell mono c-Si, 550 W). */
const OTHER_PAN = 'ET-M772BH550GL.PAN';

/** The `id` a script printed as a dict (`{'id': 12}`) or alone (`12`). */
function printedId(stdout: string): number {
  const match = /'id': (\d+)/.exec(stdout) ?? /^(\d+)\s*$/m.exec(stdout);
  if (!match) throw new Error(`the script printed no id: ${stdout}`);
  return Number(match[1]);
}

const rel = (a: number, b: number) => Math.abs(a / b - 1);

describeSdk('SDK example scripts', (sdk) => {
  it('gets a token the way the SDK asks for one (form content type, values in the query string)', async () => {
    const { app, target } = sdk();
    // plantpredict/api.py: requests.post(auth_url, headers={content-type: form}, params={…}), no body.
    const query = new URLSearchParams({
      grant_type: 'client_credentials',
      scope: 'transactions/post transactions/get',
      client_id: target.clientId,
      client_secret: target.clientSecret,
    });
    const res = await call(app, {
      method: 'POST',
      url: `/api/oauth2/token?${query.toString().replace(/%20/g, '+')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const me = await call(app, { method: 'GET', url: '/api/User/current', token: res.json().access_token });
    expect(me.json().id).toBe(sdk().user.user.id);
  });

  it('upload_pan_file.py: ImportPANFile then CreatePANFileModule with the parsed module as JSON', async () => {
    // Another PAN file than the example's own (the next test uploads that one).
    const { stdout } = await sdk().runExample('upload_pan_file.py', [localFile(PAN_FILE, OTHER_PAN)], {
      extraFiles: [path.join(sharedPath('data'), OTHER_PAN)],
    });
    const id = printedId(stdout);
    const module = await sdk().getJson<Record<string, unknown>>(`/Module/${id}`);
    expect(module).toMatchObject({
      id,
      name: 'ET SOLAR ET-M772BH550GL',
      manufacturer: 'ET SOLAR',
      numberOfCellsInSeries: 72,
      stcShortCircuitCurrent: 14,
      stcOpenCircuitVoltage: 49.9,
      stcmppCurrent: 13.11,
      stcmppVoltage: 41.96,
      stcMaxPower: 550,
      ownerId: sdk().user.user.id,
      // The name the script gives the upload (not the file's own).
      source: 'PAN file (FS-6455-P CdTe October2020_v687.PAN)',
    });
  });

  // Its Remarks list ends with `End of Remarks=.`, an `End of` the PAN reader now passes over.
  it('upload_pan_file.py with its own PAN file (First Solar FS-6480-P, PVsyst 7.2)', async () => {
    const { stdout } = await sdk().runExample('upload_pan_file.py', [localFile(PAN_FILE)]);
    const id = printedId(stdout);
    const module = await sdk().getJson<Record<string, unknown>>(`/Module/${id}`);
    expect(module).toMatchObject({
      manufacturer: 'First Solar',
      numberOfCellsInSeries: 264,
      stcShortCircuitCurrent: 2.62,
      stcOpenCircuitVoltage: 225.4,
      stcmppCurrent: 2.49,
      stcmppVoltage: 192.8,
      stcMaxPower: 480,
    });
  });

  it('upload_ond_file.py: ParseONDFile then POST /Inverter with the parsed inverter', async () => {
    const { stdout } = await sdk().runExample('upload_ond_file.py', [localFile(OND_FILE)]);
    const id = printedId(stdout);
    const inverter = await sdk().getJson<Record<string, unknown>>(`/Inverter/${id}`);
    expect(inverter).toMatchObject({
      id,
      manufacturer: 'Huawei Technologies',
      model: 'SUN2000-60KTL_M0_480Vac',
      powerRated: 60,
      maxAbsoluteVoltage: 1100,
      maxMPPVoltage: 1000,
      ownerId: sdk().user.user.id,
      source: `OND file (${OND_FILE})`,
    });
    expect(inverter.efficiencyCurves).not.toHaveLength(0);
  });

  it('generate_module_file.py: datasheet → single-diode parameters → tuned → saved with POST /Module', async () => {
    const { user } = sdk();
    await sdk().runExample('generate_module_file.py');
    const list = await sdk().getJson<{ items: { id: number; name: string }[] }>(
      '/Module/ModuleOverview?search=Test%20Module&ownerOnly=true',
    );
    const created = list.items.filter((item) => item.name === 'Test Module');
    expect(created).toHaveLength(1);
    const module = await sdk().getJson<Record<string, number>>(`/Module/${created[0]!.id}`);
    expect(module).toMatchObject({
      manufacturer: 'Solar Company',
      model: 'Test Module',
      length: 2009,
      width: 1232,
      numberOfCellsInSeries: 264,
      // Sent by the SDK as stcMppCurrent / stcMppVoltage: stored under the spec names.
      stcmppCurrent: 2.355,
      stcmppVoltage: 182.55,
      stcShortCircuitCurrent: 2.54,
      stcOpenCircuitVoltage: 219.2,
      stcMaxPower: 430,
      // Set by the script before the last (advanced) fit.
      shuntResistanceAtSTC: 8000,
      darkShuntResistance: 9000,
      heatAbsorptionCoefAlphaT: 0.9,
      ownerId: user.user.id,
    });
    for (const key of ['seriesResistanceAtSTC', 'saturationCurrentAtSTC', 'diodeIdealityFactorAtSTC']) {
      expect(module[key], key).toBeGreaterThan(0);
    }
    // The saved single-diode parameters reproduce the datasheet's maximum power point.
    const model = moduleModelFromRecord(module);
    expect(model).toBeDefined();
    const mpp = moduleMpp({ effectiveIrradiance: 1000, tempCell: 25 }, model!);
    expect(rel(mpp.pmp, 2.355 * 182.55)).toBeLessThan(2e-3);
    expect(rel(mpp.voc, 219.2)).toBeLessThan(2e-3);
    expect(rel(mpp.isc, 2.54)).toBeLessThan(2e-3);
  });

  it('upload_weather_data.py: a year of hourly weatherDetails posted as JSON (4 MB), site data from /Geo', async () => {
    const { app, user } = sdk();
    // GET /Geo/{lat}/{lng}/Elevation answers the elevation of the nearest weather file the company
    // sees (404 without one, and the SDK raises on it): give the company one near the site.
    await importWeather(app, user.token, '723170TYA.CSV', dataFile('723170TYA.CSV'), {
      name: 'Station near Bakersfield',
      latitude: 35.05,
      longitude: -119.05,
      elevation: 120,
      timeZone: -8,
    });
    const details = JSON.parse(fs.readFileSync(path.join(examplesDir(), 'weather_details.json'), 'utf8')) as {
      global_horizontal_irradiance: number;
      temperature: number;
      timestamp: string;
    }[];
    await sdk().runExample('upload_weather_data.py');
    const found = await sdk().getJson<{ id: number; name: string }[]>(
      '/Weather/Search?latitude=35&longitude=-119&searchRadius=1',
    );
    const weather = found.find((w) => w.name === 'Python SDK Test Weather');
    expect(weather).toBeDefined();
    const stored = await sdk().getJson<Record<string, unknown>>(`/Weather/${weather!.id}`);
    const ghiSum = Math.round(details.reduce((s, d) => s + d.global_horizontal_irradiance, 0) / 10) / 100;
    expect(stored).toMatchObject({
      latitude: 35,
      longitude: -119,
      timeInterval: 60,
      elevation: 120,
      timeZone: -8,
    });
    expect(stored.globalHorizontalIrradianceSum).toBeCloseTo(ghiSum, 2);
    // Every hour was stored: a summer noon row reads back as sent.
    const row = details.findIndex((d) => d.timestamp === '2005-07-01T12:00:00');
    const page = await sdk().getJson<{ weatherDetails: Record<string, unknown>[]; total: number }>(
      `/Weather/${weather!.id}/Detail?offset=${row}&limit=1`,
    );
    expect(page.total).toBe(details.length);
    expect(page.weatherDetails[0]).toMatchObject({
      timeStamp: expect.stringMatching(/^2005-07-01T12:00:00/),
    });
    expect(page.weatherDetails[0]!.globalHorizontalIrradiance).toBeCloseTo(
      details[row]!.global_horizontal_irradiance,
      1,
    );
    expect(page.weatherDetails[0]!.temperature).toBeCloseTo(details[row]!.temperature, 2);
  });
});
