/**
 * `sunfield simulate`'s cache of its parsed inputs (commands/simulate/inputCache.ts): a miss without
 * the bin's hook, a hit on the same files and code, a miss on any change of a file, of the code or of
 * what was asked, damaged entries and an unwritable folder survived, the folder kept to its newest
 * entries; and through the bin, the same energies from the cache and a changed weather file read again.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cachedInput, KEEP } from '../../src/commands/simulate/inputCache.ts';
import { runSimulateCommand } from '../../src/commands/simulate/run.ts';
import { sharedDir } from '../../../../scripts/sharedDir.ts';

const HOOK = Symbol.for('sunfield.simulate.inputCache');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-input-cache-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[HOOK];
});

const setHook = (dir: string, code = 'build-1', keepBytes?: number) => {
  (globalThis as Record<symbol, unknown>)[HOOK] = { dir, code, keepBytes };
};

/** cachedInput of a text file's upper-cased text, counting the computations. */
function upper(file: string, asked = '') {
  let made = 0;
  const value = cachedInput(
    'test',
    [file],
    asked,
    () => {
      made++;
      return fs.readFileSync(file, 'utf8').toUpperCase();
    },
    (v) => Buffer.from(v, 'utf8'),
    (b) => b.toString('utf8'),
  );
  return { value, made };
}

describe('the simulate input cache', () => {
  it('computes every time without the bin hook, and writes nothing', () => {
    const file = path.join(tmp, 'a.txt');
    fs.writeFileSync(file, 'abc');
    expect(upper(file)).toEqual({ value: 'ABC', made: 1 });
    expect(upper(file)).toEqual({ value: 'ABC', made: 1 });
  });

  it('reads back the same files, code and question; any change of them computes again', () => {
    const dir = path.join(tmp, 'c1');
    setHook(dir);
    const file = path.join(tmp, 'b.txt');
    fs.writeFileSync(file, 'abc');
    expect(upper(file)).toEqual({ value: 'ABC', made: 1 });
    expect(upper(file)).toEqual({ value: 'ABC', made: 0 });
    expect(upper(file, 'other question')).toEqual({ value: 'ABC', made: 1 });
    setHook(dir, 'build-2');
    expect(upper(file)).toEqual({ value: 'ABC', made: 1 });
    // Same size, other content, a later time: the key changes with the file.
    fs.writeFileSync(file, 'xyz');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(upper(file)).toEqual({ value: 'XYZ', made: 1 });
    expect(upper(file)).toEqual({ value: 'XYZ', made: 0 });
  });

  it('computes again over a damaged entry, and a missing input file is the computation’s error', () => {
    const dir = path.join(tmp, 'c2');
    setHook(dir);
    const file = path.join(tmp, 'c.txt');
    fs.writeFileSync(file, 'abc');
    upper(file);
    const [entry] = fs.readdirSync(dir);
    fs.writeFileSync(path.join(dir, entry!), Buffer.from([1, 2, 3, 4, 5, 6]));
    expect(upper(file)).toEqual({ value: 'ABC', made: 1 });
    expect(upper(file)).toEqual({ value: 'ABC', made: 0 });
    // an entry whose payload the decoder refuses
    let decoded = 0;
    const refuse = () =>
      cachedInput(
        'refuse',
        [file],
        '',
        () => 'value',
        (v) => Buffer.from(v),
        () => {
          decoded++;
          throw new Error('bad payload');
        },
      );
    expect(refuse()).toBe('value');
    expect(refuse()).toBe('value');
    expect(decoded).toBe(1);
    expect(() => upper(path.join(tmp, 'none.txt'))).toThrow(/ENOENT/);
  });

  it('keeps no entry for a file that changed while it was read', () => {
    setHook(path.join(tmp, 'c4'));
    const file = path.join(tmp, 'e.txt');
    fs.writeFileSync(file, 'abc');
    const changing = () =>
      cachedInput(
        'changing',
        [file],
        '',
        () => {
          const text = fs.readFileSync(file, 'utf8');
          fs.writeFileSync(file, `${text}!`);
          return text;
        },
        (v) => Buffer.from(v),
        (b) => b.toString(),
      );
    expect(changing()).toBe('abc');
    expect(changing()).toBe('abc!');
    expect(fs.existsSync(path.join(tmp, 'c4')) ? fs.readdirSync(path.join(tmp, 'c4')) : []).toEqual([]);
  });

  it('keeps the newest entries, and works where the folder cannot be written', () => {
    const dir = path.join(tmp, 'c3');
    setHook(dir);
    for (let k = 0; k < KEEP + 4; k++) {
      const file = path.join(tmp, `k${k}.txt`);
      fs.writeFileSync(file, `v${k}`);
      upper(file);
    }
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.entry'))).toHaveLength(KEEP);
    // and no more bytes together than it may: here the newest entry alone
    setHook(dir, 'build-1', 1);
    const last = path.join(tmp, 'last.txt');
    fs.writeFileSync(last, 'last');
    upper(last);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.entry'))).toHaveLength(1);
    expect(upper(last)).toEqual({ value: 'LAST', made: 0 });
    setHook(dir);
    const blocked = path.join(tmp, 'not-a-folder');
    fs.writeFileSync(blocked, '');
    setHook(path.join(blocked, 'inputs'));
    const file = path.join(tmp, 'd.txt');
    fs.writeFileSync(file, 'abc');
    expect(upper(file)).toEqual({ value: 'ABC', made: 1 });
    expect(upper(file)).toEqual({ value: 'ABC', made: 1 });
  });

  it('through bin/sunfield.js: the same energies from the cache, and a changed weather file read again', async () => {
    const bin = path.resolve(import.meta.dirname, '../../bin/sunfield.js');
    const examples = path.resolve(import.meta.dirname, '../../../../examples');
    const weather = path.join(tmp, 'weather.csv');
    const original = fs.readFileSync(path.join(sharedDir(), 'data', '723170TYA.CSV'), 'latin1');
    fs.writeFileSync(weather, original, 'latin1');
    const bySpawn = () => {
      const r = spawnSync(
        process.execPath,
        [bin, 'simulate', path.join(examples, 'greensboro_fixed_cec.json'), '--weather', weather, '--quiet'],
        { encoding: 'utf8', cwd: tmp },
      );
      expect(r.stderr).toBe('');
      return r.stdout.trim();
    };
    const inProcess = async () => {
      const out: string[] = [];
      await runSimulateCommand(
        [path.join(examples, 'greensboro_fixed_cec.json'), '--weather', weather, '--quiet'],
        { out: (t) => out.push(t), err: () => undefined },
      );
      return out.join('\n').trim();
    };
    expect(bySpawn()).toBe('DC 15278.649 kWh, AC 14701.252 kWh');
    expect(bySpawn()).toBe('DC 15278.649 kWh, AC 14701.252 kWh');
    // Noon of 1 July: GHI, DNI and DHI doubled; the cached parse of the old file must not answer.
    const lines = original.split('\n');
    const at = lines.findIndex((l) => l.startsWith('07/01/1981,12:00'));
    const f = lines[at]!.split(',');
    for (const k of [4, 7, 10]) f[k] = String(Number(f[k]) * 2);
    lines[at] = f.join(',');
    fs.writeFileSync(weather, lines.join('\n'), 'latin1');
    const changed = bySpawn();
    expect(changed).not.toBe('DC 15278.649 kWh, AC 14701.252 kWh');
    expect(changed).toBe(await inProcess());
    expect(bySpawn()).toBe(changed);
  }, 60_000);

  it('SUNFIELD_SIMULATE_CACHE=code and =0 keep no parsed input', () => {
    const bin = path.resolve(import.meta.dirname, '../../bin/sunfield.js');
    const examples = path.resolve(import.meta.dirname, '../../../../examples');
    const inputs = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/sunfield/inputs');
    /** The entries whose key names this file (each entry holds its key after a 4-byte length). */
    const entriesOf = (file: string) =>
      (fs.existsSync(inputs) ? fs.readdirSync(inputs) : []).filter((n) => {
        try {
          const bytes = fs.readFileSync(path.join(inputs, n));
          return bytes.toString('utf8', 4, 4 + bytes.readUInt32LE(0)).includes(JSON.stringify(file));
        } catch {
          return false; // dropped meanwhile by another run
        }
      });
    const data = fs.readFileSync(path.join(sharedDir(), 'data', '723170TYA.CSV'));
    for (const [choice, kept] of [
      ['code', 0],
      ['0', 0],
      [undefined, 1],
    ] as const) {
      const weather = path.join(tmp, `weather-${choice ?? 'both'}.csv`);
      fs.writeFileSync(weather, data);
      const env = { ...process.env };
      if (choice === undefined) delete env.SUNFIELD_SIMULATE_CACHE;
      else env.SUNFIELD_SIMULATE_CACHE = choice;
      const r = spawnSync(
        process.execPath,
        [bin, 'simulate', path.join(examples, 'greensboro_fixed_cec.json'), '--weather', weather, '--quiet'],
        { encoding: 'utf8', cwd: tmp, env },
      );
      expect(r.stderr).toBe('');
      expect(r.stdout.trim()).toBe('DC 15278.649 kWh, AC 14701.252 kWh');
      expect(entriesOf(weather), String(choice)).toHaveLength(kept);
    }
  }, 60_000);
});
