/**
 * Library calls of the public Python SDK that no example script makes, run with the SDK itself
 * against the app listening on 127.0.0.1: `Inverter.update()` (PUT /Inverter, the id in the body)
 * and `get_module_list()` / `get_inverter_list()` (GET /Module, GET /Inverter: a JSON array).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { call } from '../harness.ts';
import { assertSucceeded, describeSdk, runPython } from './sdkHarness.ts';
import { apiCallSubstitution, substitute } from './scriptText.ts';

const API_CALL = `api = plantpredict.Api(
    client_id="insert client_id here",
    client_secret="insert client_secret here"
)`;

describeSdk('SDK library calls', (sdk) => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `body` after the SDK's import and Api(...) call; answers what it printed as JSON. */
  async function runSdk(body: string): Promise<Record<string, unknown>> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-sdk-calls-'));
    dirs.push(dir);
    const script = path.join(dir, 'calls.py');
    const source = `import json\nimport plantpredict\n\n${API_CALL}\n\n${body}\n`;
    fs.writeFileSync(script, substitute(source, [apiCallSubstitution(sdk().target)]));
    const { stdout } = assertSucceeded('calls.py', await runPython(script, { cwd: dir }));
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
  }

  async function create(kind: 'Module' | 'Inverter', name: string): Promise<number> {
    const { app, user } = sdk();
    const res = await call(app, {
      method: 'POST',
      url: `/api/${kind}`,
      token: user.token,
      payload: { name, manufacturer: 'SDK test', powerRated: 100, apparentPower: 110 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: number }).id;
  }

  it('Inverter.update() renames the inverter it read (PUT /Inverter)', async () => {
    const id = await create('Inverter', 'Before update');
    await runSdk(
      [
        `inverter = api.inverter(id=${id})`,
        'inverter.get()',
        'inverter.name = "Renamed by the SDK"',
        'inverter.update()',
        'print(json.dumps({"ok": True}))',
      ].join('\n'),
    );
    const stored = await sdk().getJson(`/Inverter/${id}`);
    expect(stored).toMatchObject({
      id,
      name: 'Renamed by the SDK',
      manufacturer: 'SDK test',
      powerRated: 100,
      apparentPower: 110,
    });
  });

  it('get_module_list() and get_inverter_list() list the library, the company first', async () => {
    const moduleId = await create('Module', 'Listed module');
    const inverterId = await create('Inverter', 'Listed inverter');
    const got = await runSdk(
      [
        'modules = api.module().get_module_list()',
        'inverters = api.inverter().get_inverter_list()',
        'print(json.dumps({',
        '    "modules": [m["id"] for m in modules],',
        '    "inverters": [i["id"] for i in inverters],',
        '    "moduleName": [m["name"] for m in modules if m["id"] == ' + String(moduleId) + '][0],',
        '    "inverterPower": [i["power_rated"] for i in inverters if i["id"] == ' +
          String(inverterId) +
          '][0],',
        '}))',
      ].join('\n'),
    );
    expect(got.modules).toContain(moduleId);
    expect(got.inverters).toContain(inverterId);
    // Converted to the SDK's snake case like any answer: full records.
    expect(got).toMatchObject({ moduleName: 'Listed module', inverterPower: 100 });
  });
});
