/**
 * What stops a run (spec 1 §4, spec 4 §1 Run): the field keys and the node labels of the messages, and
 * the string window at the site's design temperatures or, without them, at 25 °C cells.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cecModuleRecord, findCecRecord, parseCecModuleLibrary } from '@sunfield/engine';
import { runCheck, RUN_CHECK } from '../../src/prediction/runCheck.ts';
import { sharedPath } from '../../../../scripts/sharedDir.ts';

type Json = Record<string, unknown>;
const LIST = 'sam-library-cec-modules-2021-12-01.csv';
const library = parseCecModuleLibrary(fs.readFileSync(sharedPath('data', LIST), 'utf8'), LIST);
/** CSI Solar CS3U-400MS: Voc 48.6 V, Vmp 40.8 V at STC. */
const CS3U = cecModuleRecord(findCecRecord(library, 'CSI Solar Co., Ltd. CS3U-400MS')) as Json;
const INVERTER = { maxAbsoluteVoltage: 1500, minVoltage: 875 };

const plant = (series: number): Json => ({
  blocks: [
    {
      name: 1,
      arrays: [
        {
          name: 1,
          inverters: [
            { name: 'A', inverterId: 7, dcFields: [{ name: 1, moduleId: 5, modulesWiredInSeries: series }] },
          ],
        },
      ],
    },
  ],
});
const input = (series: number, site: { min50Year?: number | null; cool996?: number | null } = {}) => ({
  weatherId: 1,
  weatherFound: true,
  plant: plant(series),
  modules: new Map([[5, CS3U]]),
  inverters: new Map([[7, INVERTER as Json]]),
  site,
});
const KEY = 'powerPlant.blocks.0.arrays.0.inverters.0.dcFields.0.modulesWiredInSeries';

describe('runCheck', () => {
  it('passes a runnable prediction', () => {
    expect(runCheck(input(26, { min50Year: -20, cool996: 35 }))).toEqual({});
    expect(runCheck(input(26))).toEqual({});
  });

  it('names a missing weather file, plant and DC fields', () => {
    expect(runCheck({ ...input(26), weatherId: null, plant: undefined })).toEqual({
      weatherId: [RUN_CHECK.noWeather],
      powerPlant: [RUN_CHECK.noPlant],
    });
    expect(runCheck({ ...input(26), weatherFound: false, plant: { blocks: [] } })).toEqual({
      weatherId: [RUN_CHECK.weatherGone],
      powerPlant: [RUN_CHECK.noDcFields],
    });
  });

  it('names the node whose module or inverter is gone', () => {
    const errors = runCheck({ ...input(26), modules: new Map(), inverters: new Map() });
    expect(errors['powerPlant.blocks.0.arrays.0.inverters.0.inverterId']).toEqual([
      RUN_CHECK.inverterGone('Block 1 › Array 1 › Inverter A', 7),
    ]);
    expect(errors['powerPlant.blocks.0.arrays.0.inverters.0.dcFields.0.moduleId']).toEqual([
      RUN_CHECK.moduleGone('Block 1 › Array 1 › Inverter A › DC field 1', 5),
    ]);
  });

  it('checks the window at the design temperatures: 28 > 27 at −20 °C, 24 < 25 at 35 °C', () => {
    const site = { min50Year: -20, cool996: 35 };
    expect(runCheck(input(28, site))[KEY]![0]).toMatch(/exceeds the maximum of 27/);
    expect(runCheck(input(24, site))[KEY]![0]).toMatch(/is below the minimum of 25/);
    expect(runCheck(input(25, site))).toEqual({});
    expect(runCheck(input(27, site))).toEqual({});
  });

  it('without design temperatures, checks at 25 °C cells: 31 × 48.6 V > 1500 V, 21 × 40.8 V < 875 V', () => {
    expect(runCheck(input(31))[KEY]![0]).toMatch(
      /^Block 1 › Array 1 › Inverter A › DC field 1: .* open-circuit voltage would be 1506\.\d\d V, above the inverter maximum voltage of 1500\.00 V/,
    );
    expect(runCheck(input(21))[KEY]![0]).toMatch(
      /string MPP voltage would be 85\d\.\d\d V, below the inverter minimum voltage of 875\.00 V/,
    );
    expect(runCheck(input(30))).toEqual({});
  });
});
