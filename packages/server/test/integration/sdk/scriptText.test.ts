import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplesDir } from './sdkHarness.ts';
import { API_CALL_PATTERN, apiCallSubstitution, literal, notebookScript, substitute } from './scriptText.ts';

const target = {
  clientId: 'sf_client',
  clientSecret: 'se$cret"with\\odd$&chars',
  baseUrl: 'http://127.0.0.1:4321/api',
  authUrl: 'http://127.0.0.1:4321/api/oauth2/token',
};

const SCRIPT = `import plantpredict

api = plantpredict.Api(
    client_id="insert client_id here",
    client_secret="insert client_secret here"
)
inverter = api.inverter(id=619)
powerplant.add_inverter(inverter_id=619, setpoint_kw=720.0)
module_id=298
`;

describe('substituting an example script', () => {
  it('puts real credentials and our URLs in the Api(...) call, as Python literals', () => {
    const text = substitute(SCRIPT, [apiCallSubstitution(target)]);
    expect(text).not.toContain('insert client_id here');
    expect(text).toContain(
      [
        'api = plantpredict.Api(',
        '    client_id="sf_client",',
        '    client_secret="se$cret\\"with\\\\odd$&chars",',
        '    base_url="http://127.0.0.1:4321/api",',
        '    auth_url="http://127.0.0.1:4321/api/oauth2/token"',
        ')',
      ].join('\n'),
    );
  });

  it('replaces every occurrence of an id', () => {
    const text = substitute(SCRIPT, [literal('inverter_id=619', 'inverter_id=7'), literal('=298', '=12')]);
    expect(text).toContain('add_inverter(inverter_id=7, setpoint_kw=720.0)');
    expect(text).toContain('module_id=12');
    expect(text).toContain('api.inverter(id=619)');
  });

  it('fails naming every pattern a changed script no longer contains', () => {
    const changed = SCRIPT.replace('client_secret="insert client_secret here"', 'client_secret=SECRET');
    expect(() =>
      substitute(changed, [
        apiCallSubstitution(target),
        literal('module_id=298', 'module_id=1'),
        literal('x=1', ''),
      ]),
    ).toThrow(/no longer contains .*plantpredict\.Api\(client_id=.*"x=1"/);
    expect(() => substitute(changed, [literal('module_id=298', 'module_id=1')])).not.toThrow();
  });

  it('finds the Api(...) call in every example script of the SDK', () => {
    const scripts = fs.readdirSync(examplesDir()).filter((name) => name.endsWith('.py'));
    expect(scripts.length).toBeGreaterThanOrEqual(10);
    for (const name of scripts) {
      expect(fs.readFileSync(path.join(examplesDir(), name), 'utf8'), name).toMatch(API_CALL_PATTERN);
    }
  });

  it("turns a notebook's code cells into one script, in order, without its markdown", () => {
    const notebook = JSON.stringify({
      cells: [
        { cell_type: 'code', source: ['import plantpredict\n'] },
        { cell_type: 'markdown', source: ['# not code'] },
        { cell_type: 'code', source: ['x = 1\n', 'print(x)\n\n'] },
        { cell_type: 'code', source: 'y = 2' },
      ],
    });
    expect(notebookScript(notebook)).toBe('import plantpredict\n\nx = 1\nprint(x)\n\ny = 2\n');
    expect(() => notebookScript('{}')).toThrow(/no cells/);
    // The SDK's own notebook keeps its Api(...) call in a code cell.
    const name = 'Change Module In Power Plant.ipynb';
    expect(notebookScript(fs.readFileSync(path.join(examplesDir(), name), 'utf8'))).toMatch(API_CALL_PATTERN);
  });
});
