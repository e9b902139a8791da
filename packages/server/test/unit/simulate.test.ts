/**
 * `sunfield simulate`: the command on the example cases (summary, per-step CSV, ResultSummary JSON,
 * --repeat), its answers to bad input, and the file side (weather beside the case or in the shared
 * data directory, CEC lists).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError, loadCase } from '../../src/commands/simulate/inputs.ts';
import { sharedDir } from '../../../../scripts/sharedDir.ts';
import { formatEnergy, isoWithOffset } from '../../src/commands/simulate/report.ts';
import { runSimulateCommand } from '../../src/commands/simulate/run.ts';

const examples = path.resolve(import.meta.dirname, '../../../../examples');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-simulate-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** `node bin/sunfield.js simulate` of the fixed example: its energies, and nothing on stderr. */
function binSimulatesFixed(): void {
  const bin = path.resolve(import.meta.dirname, '../../bin/sunfield.js');
  const r = spawnSync(
    process.execPath,
    [bin, 'simulate', path.join(examples, 'greensboro_fixed_cec.json'), '--quiet'],
    { encoding: 'utf8', cwd: tmp },
  );
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout.trim()).toBe('DC 15278.649 kWh, AC 14701.252 kWh');
}

async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSimulateCommand(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('sunfield simulate', () => {
  it('prints the summary and writes the per-step CSV and the ResultSummary JSON', async () => {
    const csv = path.join(tmp, 'fixed.csv');
    const json = path.join(tmp, 'fixed.json');
    const r = await cli([
      path.join(examples, 'greensboro_fixed_cec.json'),
      '--hourly',
      csv,
      '--json',
      json,
      '--repeat',
      '2',
    ]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/DC energy \(inverter inputs\)\s+15\.279 MWh/);
    expect(r.out).toMatch(/AC energy \(point of interconnection\)\s+14\.701 MWh/);
    expect(r.out).toMatch(/Specific yield\s+1531\.\d kWh\/kWp/);
    expect(r.out).toMatch(/Performance ratio\s+86\.\d\d %/);
    expect(r.out).toMatch(/Module temperature\s+4\.\d\d %/);
    expect(r.out).toMatch(
      /Repeat: 2 runs, median \d+\.\d\d ms per simulation \(min \d+\.\d\d ms; CPU median \d+\.\d\d ms;/,
    );
    const lines = fs.readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(8761);
    expect(lines[0]).toBe(
      'timestamp,ghi,dni,dhi,solarZenith,solarAzimuth,surfaceTilt,surfaceAzimuth,aoi,poaGlobal,poaBeam,poaSkyDiffuse,' +
        'poaGroundDiffuse,poaRear,effectiveIrradiance,tempCell,tempAir,windSpeed,dcPower,inverterAcPower,plantAcPower',
    );
    expect(lines[13]).toMatch(
      /^1990-01-01T13:00:00-05:00,155,0,155,59\.105\d*,.*,1382\.31\d*,1338\.00\d*,1338\.00\d*$/,
    );
    const summary = JSON.parse(fs.readFileSync(json, 'utf8')) as Record<string, unknown> & {
      years: Record<string, unknown>[];
    };
    expect(summary).toMatchObject({
      transpositionModel: 'Perez',
      incModel: 'ASHRAE',
      yearRepeater: 1,
      errorTotal: expect.closeTo(0.071, 6),
    });
    expect(summary.years[0]!.totalEnergy).toBeCloseTo(14701.25, 1);
    expect(summary.years[0]).toHaveProperty('summaryFactors');
    expect(summary.years[0]).toHaveProperty('moduleTemperatureLoss');
  });

  it('takes another weather file with --weather (EPW, recognised by content)', async () => {
    const r = await cli([
      path.join(examples, 'greensboro_fixed_cec.json'),
      '--weather',
      path.join(sharedDir(), 'data', 'NLD_Amsterdam062400_IWEC.epw'),
      '--quiet',
    ]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^DC \d+\.\d{3} kWh, AC \d+\.\d{3} kWh$/);
  });

  it('answers usage errors with 2 and an invalid case with 1 and the fields at fault', async () => {
    expect((await cli([])).code).toBe(2);
    expect((await cli(['a.json', '--repeat', 'x'])).code).toBe(2);
    expect((await cli(['a.json', '--bogus'])).code).toBe(2);
    const bad = JSON.parse(fs.readFileSync(path.join(examples, 'greensboro_fixed_cec.json'), 'utf8'));
    bad.project.latitude = 'north';
    bad.powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0].modulesWiredInSeries = 0;
    const file = path.join(tmp, 'bad.json');
    fs.writeFileSync(file, JSON.stringify(bad));
    const r = await cli([file]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('project.latitude: must be a number from -90 to 90 (got "north")');
    expect(r.err).toContain(
      'powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0].modulesWiredInSeries: must be an integer ≥ 1 (got 0)',
    );
    const missing = await cli([path.join(tmp, 'nope.json')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/case file not found/);
  });
});

describe('simulate inputs and output formats', () => {
  it('finds the weather beside the case, else by name in the shared data directory', () => {
    const c = JSON.parse(fs.readFileSync(path.join(examples, 'greensboro_tracker_cec.json'), 'utf8'));
    c.weather.file = 'somewhere/else/723170TYA.CSV';
    const file = path.join(tmp, 'moved.json');
    fs.writeFileSync(file, JSON.stringify(c));
    const loaded = loadCase(file);
    expect(loaded.weatherFile).toBe(path.join(sharedDir(), 'data', '723170TYA.CSV'));
    expect([...loaded.libraries.modules!.keys()]).toEqual(['sam-library-cec-modules-2021-12-01.csv']);
    expect([...loaded.libraries.inverters!.keys()]).toEqual(['sam-library-cec-inverters-2019-03-05.csv']);
    c.weather.file = 'nothing.csv';
    fs.writeFileSync(file, JSON.stringify(c));
    expect(() => loadCase(file)).toThrow(InputError);
  });

  it('picks the row of a name with non-ASCII letters from the list read as bytes', () => {
    const c = JSON.parse(fs.readFileSync(path.join(examples, 'greensboro_fixed_cec.json'), 'utf8'));
    const name = 'MAR SOLAR PANEL IMALATI VE ELEKTRIK URT. DAG. PRJ. HİZ. SAN. VE TİC. A.S. MS605PUL-260';
    c.powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0].module = name;
    const file = path.join(tmp, 'turkish-module.json');
    fs.writeFileSync(file, JSON.stringify(c));
    const modules = loadCase(file).libraries.modules!.get('sam-library-cec-modules-2021-12-01.csv')!;
    expect(modules.records).toHaveLength(1);
    expect(modules.records[0]!.name).toContain('HİZ');
    expect(modules.records[0]!.name).toMatch(/MS605PUL-260$/);
  });

  it('reads only the rows of the CEC lists the case names; a name not there still gets the closest names', async () => {
    const loaded = loadCase(path.join(examples, 'greensboro_fixed_cec.json'));
    const modules = loaded.libraries.modules!.get('sam-library-cec-modules-2021-12-01.csv')!;
    expect(modules.records.map((r) => r.name)).toEqual(['CSI Solar Co._ Ltd. CS3U-400MS']);
    const c = JSON.parse(fs.readFileSync(path.join(examples, 'greensboro_fixed_cec.json'), 'utf8'));
    c.powerPlant.blocks[0].arrays[0].inverters[0].dcFields[0].module = 'CSI Solar Co., Ltd. CS3U-400M';
    const file = path.join(tmp, 'unknown-module.json');
    fs.writeFileSync(file, JSON.stringify(c));
    expect(
      loadCase(file).libraries.modules!.get('sam-library-cec-modules-2021-12-01.csv')!.records.length,
    ).toBeGreaterThan(10_000);
    const r = await cli([file]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /"CSI Solar Co\., Ltd\. CS3U-400M" is not in sam-library-cec-modules-2021-12-01\.csv \(closest: /,
    );
  });

  it('runs from the bundle that bin/sunfield.js builds when dist is not current (buildSimulate)', async () => {
    const script = pathToFileURL(path.resolve(import.meta.dirname, '../../scripts/build.mjs')).href;
    const { buildSimulate } = (await import(script)) as {
      buildSimulate: (outfile: string) => Promise<{ outfile: string }>;
    };
    const { outfile } = await buildSimulate(path.join(tmp, 'bundle', 'simulate.cjs'));
    const r = spawnSync(
      process.execPath,
      [
        '-e',
        `const { runSimulateCommand } = require(${JSON.stringify(outfile)});` +
          `runSimulateCommand(process.argv.slice(1)).then((code) => { process.exitCode = code; });`,
        path.join(examples, 'greensboro_fixed_cec.json'),
        '--quiet',
      ],
      { encoding: 'utf8', cwd: tmp },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('DC 15278.649 kWh, AC 14701.252 kWh');
  });

  it('bin/sunfield.js simulate writes a code cache that the next run takes, and replaces one V8 refuses', () => {
    const cacheDir = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/sunfield');
    const run = binSimulatesFixed;
    const cache = () => {
      const names = fs
        .readdirSync(cacheDir)
        .filter((n) => n.startsWith(`simulate-v8-${process.versions.v8}-`) && n.endsWith('.v8cache'));
      expect(names).toHaveLength(1);
      const file = path.join(cacheDir, names[0]!);
      return { file, bytes: fs.readFileSync(file), mtime: fs.statSync(file).mtimeMs };
    };
    run();
    const written = cache();
    expect(written.bytes.length).toBeGreaterThan(100_000);
    // V8 takes it (refused, it would be written again): on Node 20 the hourly run raised the interrupt
    // budget, which the bin sets back before making the cache
    run();
    expect(cache().mtime).toBe(written.mtime);
    fs.writeFileSync(written.file, Buffer.alloc(written.bytes.length, 7));
    run();
    expect(cache().bytes[0]).not.toBe(7);
    run();
  }, 60_000);

  it('bin/sunfield.js simulate prints the energies and nothing on stderr, on this Node', () => {
    // Node 24's V8 has no --interrupt-budget: setting it printed "Error: unrecognized flag" there.
    binSimulatesFixed();
  }, 60_000);

  it('bin/sunfield.js simulate --repeat runs again in a node started with --no-concurrent-recompilation, same output and exit codes', () => {
    const bin = path.resolve(import.meta.dirname, '../../bin/sunfield.js');
    const r = spawnSync(
      process.execPath,
      [bin, 'simulate', path.join(examples, 'greensboro_fixed_cec.json'), '--repeat', '1', '--quiet'],
      { encoding: 'utf8', cwd: tmp },
    );
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('DC 15278.649 kWh, AC 14701.252 kWh');
    expect(lines[1]).toMatch(/^Repeat: 1 runs, median /);
    expect(lines).toHaveLength(2);
    const bad = spawnSync(process.execPath, [bin, 'simulate', path.join(tmp, 'none.json'), '--repeat', '1'], {
      encoding: 'utf8',
      cwd: tmp,
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/case file not found/);
  }, 60_000);

  it('formats energies and local timestamps', () => {
    expect(formatEnergy(14_701_250)).toBe('14.701 MWh');
    expect(formatEnergy(9_500)).toBe('9.50 kWh');
    expect(formatEnergy(2.5e11)).toBe('250.000 GWh');
    expect(isoWithOffset(Date.UTC(1990, 0, 1, 6), -5)).toBe('1990-01-01T01:00:00-05:00');
    expect(isoWithOffset(Date.UTC(2020, 5, 1, 0), 5.5)).toBe('2020-06-01T05:30:00+05:30');
  });
});
