/**
 * The speed bench's reference timings (pvlibReference.ts): where Python lacks pvlib the answer says
 * why (the bench prints it instead of a ratio); where a Python answers, its figures are read (the
 * 1-minute year's apart from the hourly year's), and a system the script gave no figures for is named. A stub Python stands for one with pvlib, which no
 * registry this project reaches offers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pvlibTimings, sameSystem, type ReferenceTiming } from '../src/pvlibReference.ts';

const SYSTEMS = ['greensboro_fixed_cec', 'greensboro_tracker_cec'];

/** An executable that answers the pvlib probe and prints these lines for the script, logging its arguments. */
function stubPython(lines: object[]): { python: string; args: () => string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sunfield-pvlib-stub-'));
  const python = path.join(dir, 'python');
  const log = path.join(dir, 'args');
  const out = lines.map((l) => `echo '${JSON.stringify(l)}'`).join('\n');
  fs.writeFileSync(python, `#!/bin/sh\nif [ "$1" = "-c" ]; then exit 0; fi\necho "$@" > ${log}\n${out}\n`);
  fs.chmodSync(python, 0o755);
  return { python, args: () => fs.readFileSync(log, 'utf8').trim() };
}

const timing = (name: string, acKwh: number): ReferenceTiming => ({
  name,
  firstMs: 900,
  medianMs: 130,
  runs: 20,
  acKwh,
  referenceAcKwh: 14_701.77,
  pvlibVersion: '0.0-stub',
});

describe('the speed bench’s pvlib reference', () => {
  it('says why there is no ratio where Python or pvlib is missing', () => {
    const none = pvlibTimings({ shared: '/x', systems: SYSTEMS, repeat: 1, python: '/no/such/python' });
    expect(none).toMatchObject({ available: false });
    if (!none.available)
      expect(none.reason).toMatch(/^\/no\/such\/python -c "import pvlib, pandas" fails here/);
  });

  it('reads the figures of each system the script ran, and names a system it gave none for', () => {
    const stub = stubPython([timing(SYSTEMS[0]!, 14_705), timing(SYSTEMS[1]!, 15_500)]);
    const got = pvlibTimings({ shared: '/shared', systems: SYSTEMS, repeat: 20, python: stub.python });
    expect(got).toEqual({
      available: true,
      systems: [timing(SYSTEMS[0]!, 14_705), timing(SYSTEMS[1]!, 15_500)],
      minute: [],
    });
    expect(stub.args()).toMatch(
      /pvlibReference\.py --shared \/shared --repeat 20 greensboro_fixed_cec greensboro_tracker_cec$/,
    );
    if (got.available) expect(got.systems.map(sameSystem)).toEqual([true, false]);
    const short = stubPython([timing(SYSTEMS[0]!, 14_705)]);
    expect(pvlibTimings({ shared: '/s', systems: SYSTEMS, repeat: 1, python: short.python })).toEqual({
      available: false,
      reason: 'pvlibReference.py gave no figures for greensboro_tracker_cec',
    });
  });

  it('passes the 1-minute year to the script and keeps its figures apart from the hourly ones', () => {
    const minute = (name: string): ReferenceTiming => ({
      ...timing(name, 14_672),
      weather: 'minute',
      firstMs: 6_200,
      medianMs: 6_200,
      runs: 1,
      referenceAcKwh: null,
    });
    const stub = stubPython([
      timing(SYSTEMS[0]!, 14_705),
      minute(SYSTEMS[0]!),
      timing(SYSTEMS[1]!, 16_590),
      minute(SYSTEMS[1]!),
    ]);
    const got = pvlibTimings({
      shared: '/shared',
      systems: SYSTEMS,
      repeat: 20,
      python: stub.python,
      minute: '/tmp/year.csv',
    });
    expect(stub.args()).toMatch(
      /pvlibReference\.py --shared \/shared --repeat 20 --minute \/tmp\/year\.csv greensboro_fixed_cec greensboro_tracker_cec$/,
    );
    expect(got).toEqual({
      available: true,
      systems: [timing(SYSTEMS[0]!, 14_705), timing(SYSTEMS[1]!, 16_590)],
      minute: [minute(SYSTEMS[0]!), minute(SYSTEMS[1]!)],
    });
  });
});
