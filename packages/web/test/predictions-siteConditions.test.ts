import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cecModuleRecord, findCecRecord, parseCecModuleLibrary } from '@sunfield/engine';
import { INVERTER_KVA_NOTICE, MODULES_IN_SERIES_NOTICE } from '@sunfield/domain';
import {
  createPlant,
  nodeAt,
  nodeDefaults,
  updateAt,
} from '../src/screens/predictions/builder/model/plantEdit.ts';
import {
  pickInverter,
  pickModule,
  type RuleContext,
} from '../src/screens/predictions/builder/model/fieldRules.ts';
import type { Json, PowerPlant } from '../src/screens/predictions/model/types.ts';
import {
  ashraeDistanceKm,
  ashraeQuery,
  hasNoSiteConditions,
  missingRecords,
  reapplySiteRules,
  sitePatch,
  takesAnswer,
  temperaturesChanged,
  withTemperatures,
  type AshraeAnswer,
} from '../src/screens/predictions/pages/overview/siteConditions.ts';
import { sharedPath } from '../../../scripts/sharedDir.ts';

const LIST = 'sam-library-cec-modules-2021-12-01.csv';
const library = parseCecModuleLibrary(fs.readFileSync(sharedPath('data', LIST), 'utf8'), LIST);
/** CSI Solar CS3U-400MS: window 25–27 modules on 875–1500 V at −20/35 °C. */
const MODULE: Json = {
  ...(cecModuleRecord(findCecRecord(library, 'CSI Solar Co., Ltd. CS3U-400MS')) as Json),
  id: 7,
  length: 2000,
  width: 992,
};
const INVERTER: Json = {
  id: 11,
  name: 'Central 2500',
  maxAbsoluteVoltage: 1500,
  minVoltage: 875,
  apparentPower: 2500,
  powerRated: 2400,
  kVACurves: [
    {
      elevation: 0,
      kVAPoints: [
        { temperature: 25, kVA: 2500 },
        { temperature: 50, kVA: 2000 },
      ],
    },
  ],
  usekVACurves: true,
};

const ctx: RuleContext = {
  latitude: 36,
  site: { min50Year: -20, cool996: 35, elevation: 100 },
  useCoolingTemp: false,
  moduleOf: (f) => (f.moduleId === 7 ? MODULE : undefined),
  inverterOf: (n) => (n.inverterId === 11 ? INVERTER : undefined),
};

/** Two blocks, each with one inverter and one DC field of the module, sized at −20 / 35 °C. */
function plantOfTwoBlocks(): PowerPlant {
  const d = nodeDefaults(null, 36);
  let plant = createPlant(d);
  plant = updateAt(plant, [0, 0, 0], (node) => pickInverter(node, INVERTER, ctx).inverter);
  plant = updateAt(plant, [0, 0, 0], (node) => pickModule(node, 0, MODULE, ctx).inverter);
  // records as the API embeds them are left out: the context gives them
  const block = plant.blocks[0]!;
  return { ...plant, blocks: [block, { ...block, name: 2 }] };
}

const field = (plant: PowerPlant, block: number) => nodeAt(plant, [block, 0, 0, 0])!;

const ANSWER: AshraeAnswer = {
  stationName: 'Derived from weather: Greensboro Piedmont Triad Intl Ap, NC',
  wmo: '723170',
  cool996: 33.3,
  min50Year: -16.7,
  max50Year: 36.1,
  minAnnualMeanDBTemp: -16.7,
  distance: 12_345.6,
  latitude: 36.1,
  longitude: -79.95,
  elevation: 270,
  timeZone: -5,
  version: 1,
  derived: true,
  yearsOfRecord: 1,
};

describe('site conditions from GET /ASHRAE (spec 2 §9.2)', () => {
  it('asks within 50 miles for the 2021 version unless the prediction names 2013', () => {
    expect(ashraeQuery(36, -80, null)).toEqual({
      latitude: 36,
      longitude: -80,
      searchRadius: 50,
      version: 1,
    });
    expect(ashraeQuery(36, -80, 0).version).toBe(0);
    expect(ashraeQuery(36, -80, 7).version).toBe(1);
  });

  it('divides the distance by 1000 (metres to km)', () => {
    expect(ashraeDistanceKm({ distance: 12_345.6 })).toBe(12.346);
    expect(ashraeDistanceKm({ distance: null })).toBeNull();
  });

  it('fills station, WMO, distance, version and the four temperatures; the elevation only when none', () => {
    const patch = sitePatch(ANSWER, { elevation: null }, null);
    expect(patch).toEqual({
      ashraeStation: ANSWER.stationName,
      ashraeWMO: '723170',
      ashraeDistance: 12.346,
      ashraeVersion: 1,
      cool996: 33.3,
      min50Year: -16.7,
      max50Year: 36.1,
      minAnnualMeanDBTemp: -16.7,
      elevation: 270,
    });
    expect(sitePatch(ANSWER, { elevation: 250 }, null)).not.toHaveProperty('elevation');
    expect(sitePatch(ANSWER, { elevation: null }, 300)).not.toHaveProperty('elevation');
    expect(sitePatch({ ...ANSWER, max50Year: null }, {}, null)).not.toHaveProperty('max50Year');
  });

  it('knows a prediction without any site conditions', () => {
    expect(hasNoSiteConditions({ ashraeStation: null, min50Year: null, cool996: null })).toBe(true);
    expect(hasNoSiteConditions({ ashraeStation: '  ' })).toBe(true);
    expect(hasNoSiteConditions({ cool996: 30 })).toBe(false);
    expect(hasNoSiteConditions({ ashraeStation: 'X' })).toBe(false);
  });

  it('a weather file picked keeps values typed by hand and those of the same station', () => {
    expect(takesAnswer({}, ANSWER, 'weather')).toBe(true);
    expect(takesAnswer({ min50Year: -10, cool996: 30 }, ANSWER, 'weather')).toBe(false);
    expect(takesAnswer({ ashraeStation: ANSWER.stationName, min50Year: -12 }, ANSWER, 'weather')).toBe(false);
    expect(takesAnswer({ ashraeStation: 'Other', min50Year: -12 }, ANSWER, 'weather')).toBe(true);
    expect(takesAnswer({ min50Year: -10 }, ANSWER, 'button')).toBe(true);
  });

  it('runs the rules only when a temperature changed and both are set', () => {
    expect(temperaturesChanged({ min50Year: -20, cool996: 35 }, { min50Year: -20, cool996: 35 })).toBe(false);
    expect(temperaturesChanged({ min50Year: -20, cool996: 35 }, { min50Year: -30, cool996: 35 })).toBe(true);
    expect(temperaturesChanged({ min50Year: null, cool996: null }, { min50Year: -16.7, cool996: 33.3 })).toBe(
      true,
    );
    expect(temperaturesChanged({ min50Year: -20, cool996: 35 }, { min50Year: null, cool996: 35 })).toBe(
      false,
    );
  });
});

describe('the plant follows the design temperatures (spec 1 §5, spec 2 §8.4)', () => {
  it('leaves the plant as it is when nothing needs to change', () => {
    const plant = plantOfTwoBlocks();
    const result = reapplySiteRules(plant, ctx);
    expect(result.plant).toBe(plant);
    expect(result.notices).toEqual([]);
  });

  it('a colder 50-year minimum shortens the strings of every DC field, modules wide follow, with the notice', () => {
    const plant = plantOfTwoBlocks();
    expect(field(plant, 0).modulesWiredInSeries).toBe(27);
    const result = reapplySiteRules(plant, withTemperatures(ctx, { min50Year: -40, cool996: 35 }));
    for (const block of [0, 1]) {
      const f = field(result.plant, block);
      expect(f.modulesWiredInSeries).toBeLessThan(27);
      expect((f.modulesWide as number) % (f.modulesWiredInSeries as number)).toBe(0);
      // the DC power is kept, the strings follow
      expect(f.fieldDcPower).toBe(field(plant, block).fieldDcPower);
    }
    expect(result.notices).toEqual([MODULES_IN_SERIES_NOTICE]);
    expect(result.fieldsChanged).toBe(2);
    // the transformer-level nodes not on a changed path are not copied
    expect(result.plant.transformers).toBe(plant.transformers);
  });

  it('never overwrites a locked string length', () => {
    const base = plantOfTwoBlocks();
    const plant = updateAt(base, [0, 0, 0, 0], (f) => ({ ...f, lockModulesWiredInSeries: true }));
    const result = reapplySiteRules(plant, withTemperatures(ctx, { min50Year: -40, cool996: 35 }));
    expect(field(result.plant, 0)).toBe(field(plant, 0));
    expect(field(result.plant, 0).modulesWiredInSeries).toBe(27);
    expect(field(result.plant, 1).modulesWiredInSeries).toBeLessThan(27);
  });

  it('with the cooling temperature, a new cool996 updates each inverter kVA, with the notice', () => {
    const plant = { ...plantOfTwoBlocks(), useCoolingTemp: true };
    const cooling = { ...ctx, useCoolingTemp: true };
    const first = reapplySiteRules(plant, withTemperatures(cooling, { min50Year: -20, cool996: 35 }));
    const second = reapplySiteRules(first.plant, withTemperatures(cooling, { min50Year: -20, cool996: 45 }));
    expect(second.notices).toContain(INVERTER_KVA_NOTICE);
    const kva = (p: PowerPlant, b: number) => nodeAt(p, [b, 0, 0])!.kVARating as number;
    expect(kva(second.plant, 0)).toBeLessThan(kva(first.plant, 0));
    expect(kva(second.plant, 1)).toBeCloseTo(2500 - (500 * 20) / 25, 6);
    expect(nodeAt(second.plant, [1, 0, 0])!.setpointkW).toBeCloseTo(kva(second.plant, 1), 9);
    expect(second.invertersChanged).toBe(2);
  });

  it('names the records the context cannot give', () => {
    const plant = plantOfTwoBlocks();
    expect(missingRecords(plant, ctx)).toEqual({ moduleIds: [], inverterIds: [] });
    expect(missingRecords(plant, { moduleOf: () => undefined, inverterOf: () => undefined })).toEqual({
      moduleIds: [7],
      inverterIds: [11],
    });
    expect(missingRecords(null, ctx)).toEqual({ moduleIds: [], inverterIds: [] });
  });
});
