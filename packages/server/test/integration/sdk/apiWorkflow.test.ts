/**
 * examples/api-workflow.py (plain `requests`, no SDK) against the app listening on 127.0.0.1: a
 * project, the weather nearest it, a module and an inverter of the company's library, a prediction
 * and a two-block power plant, read back and updated; then run (the suite's `prediction.run`
 * workers), and its results read: summary, details and nodal data. What it prints is checked against
 * the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT, sharedPath } from '../../../../../scripts/sharedDir.ts';
import { call } from '../harness.ts';
import { multipart } from '../moduleHelpers.ts';
import { dataFile, importWeather } from '../weatherHelpers.ts';
import { describeSdk, runPython } from './sdkHarness.ts';

const SCRIPT = path.join(REPO_ROOT, 'examples', 'api-workflow.py');

describeSdk('examples/api-workflow.py', (sdk) => {
  /** A module (PAN), an inverter (OND) and Greensboro's TMY3 weather in the user's company. */
  async function library(): Promise<{ moduleId: number; inverterId: number; weatherId: number }> {
    const { app, user } = sdk();
    const upload = async (url: string, file: string) => {
      const body = multipart({ name: file, bytes: fs.readFileSync(sharedPath('data', file)) });
      const res = await call(app, { method: 'POST', url, token: user.token, ...body });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return (res.json() as { id: number }).id;
    };
    const moduleId = await upload('/api/Module/CreatePANFileModule', 'ET-M772BH550GL.PAN');
    const inverterId = await upload(
      '/api/Inverter/ParseONDFile?save=true',
      'CPS SCH275KTL-DO-US-800-250kW_275kVA_1.OND',
    );
    const weather = await importWeather(app, user.token, '723170TYA.CSV', dataFile('723170TYA.CSV'));
    return { moduleId, inverterId, weatherId: weather.id };
  }

  it('creates a project, a prediction and a two-block plant, reads them back and updates', async () => {
    const { moduleId, inverterId } = await library();
    const { stdout } = await sdk().runScript(SCRIPT, {
      SUNFIELD_URL: sdk().origin,
      SUNFIELD_CLIENT_ID: sdk().target.clientId,
      SUNFIELD_CLIENT_SECRET: sdk().target.clientSecret,
      // The weather is found by GET /Weather/Search (the only one within 50 miles in this company).
      SUNFIELD_MODULE_ID: String(moduleId),
      SUNFIELD_INVERTER_ID: String(inverterId),
    });
    expect(stdout).toMatch(/block 1 \(fixed tilt\)/);
    expect(stdout).toMatch(/block 2 \(tracker\)/);
    expect(stdout).toMatch(/Updated: diffuse\/direct decomposition DIRINT -> Erbs/);

    const projectId = Number(/^Project (\d+) /m.exec(stdout)?.[1]);
    const predictionId = Number(/^Prediction (\d+) /m.exec(stdout)?.[1]);
    const prediction = await sdk().getJson(`/Project/${projectId}/Prediction/${predictionId}`);
    expect(prediction).toMatchObject({
      transpositionModel: 1,
      diffuseDirectDecompModel: 0,
      incAngleModel: 3,
    });
    const plant = await sdk().getJson<{ blocks: { name: number }[] }>(
      `/Project/${projectId}/Prediction/${predictionId}/PowerPlant`,
    );
    expect(plant.blocks.map((b) => b.name)).toEqual([1, 2]);

    // The run, and the results as printed.
    expect(stdout).toMatch(/^Run \d+ queued$/m);
    expect(stdout).toMatch(/^Run done in [\d.]+ s$/m);
    const path = `/Project/${projectId}/Prediction/${predictionId}`;
    expect((await sdk().getJson(path)).processingStatus).toBe(3);
    const summary = await sdk().getJson<{
      years: {
        totalEnergy: number;
        summaryFactors: { pValue: number; specificYieldDC: number; performanceRatio: number }[];
      }[];
    }>(`${path}/ResultSummary`);
    const year = summary.years[0]!;
    const p50 = year.summaryFactors.find((f) => f.pValue === 50)!;
    const printed = /^Year 1: ([\d.]+) MWh, specific yield (\d+) kWh\/kWp, PR ([\d.]+) %/m.exec(stdout);
    expect(printed, stdout).not.toBeNull();
    expect(year.totalEnergy).toBeGreaterThan(0);
    expect(Number(printed![1])).toBeCloseTo(year.totalEnergy / 1000, 1);
    expect(Number(printed![2])).toBe(Math.round(p50.specificYieldDC));
    expect(Number(printed![3])).toBeCloseTo(p50.performanceRatio, 1);
    expect(stdout).toMatch(/^Hourly details: 8760 rows, [\d.]+ MWh$/m);
    const months = /^Monthly energy \[MWh\]: (.*)$/m.exec(stdout)?.[1]?.split(', ') ?? [];
    expect(months).toHaveLength(12);
    expect(stdout).toMatch(/^Nodal data of block 1: 8760 rows of \w+/m);
    expect(stdout).toMatch(/^Nodal data of the system: 8760 rows, peak [\d.]+ MW$/m);
    // The run kept the nodal series of block 1 only (the script's export options).
    const nodal = await call(sdk().app, {
      method: 'GET',
      url: `/api${path}/NodalJson?blockNumber=2`,
      token: sdk().user.token,
    });
    expect(nodal.statusCode).toBe(404);
  });

  it('exits 1 with the reason when the run ends in error', async () => {
    const { inverterId } = await library();
    // A module without an electrical model: a run can be asked for, and the engine refuses the case.
    const res = await call(sdk().app, {
      method: 'POST',
      url: '/api/Module',
      token: sdk().user.token,
      payload: {
        name: 'No electrical model',
        stcMaxPower: 550,
        stcOpenCircuitVoltage: 49.9,
        stcmppVoltage: 41.96,
        length: 2278,
        width: 1134,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = await runPython(SCRIPT, {
      cwd: path.dirname(SCRIPT),
      sdk: false,
      env: {
        SUNFIELD_URL: sdk().origin,
        SUNFIELD_CLIENT_ID: sdk().target.clientId,
        SUNFIELD_CLIENT_SECRET: sdk().target.clientSecret,
        SUNFIELD_MODULE_ID: String((res.json() as { id: number }).id),
        SUNFIELD_INVERTER_ID: String(inverterId),
      },
    });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/^Run \d+ queued$/m);
    expect(result.stdout).not.toMatch(/^Run done/m);
    expect(result.stderr).toMatch(
      /^error: the run ended in error: The plant cannot be simulated: powerPlant\.blocks\[0\]\.arrays\[0\]\.inverters\[0\]\.dcFields\[0\]\.module\.\w+: is required/m,
    );
  });

  it('exits 1 with the server message when the credentials are wrong', async () => {
    const result = await runPython(SCRIPT, {
      cwd: path.dirname(SCRIPT),
      sdk: false,
      env: {
        SUNFIELD_URL: sdk().origin,
        SUNFIELD_CLIENT_ID: sdk().target.clientId,
        SUNFIELD_CLIENT_SECRET: 'not-the-secret',
      },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: token: HTTP 401: The client id or secret is not valid\./m);
  });
});
