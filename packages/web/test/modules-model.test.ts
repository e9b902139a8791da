import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCecModuleLibrary } from '@sunfield/engine/library/cecCsv.ts';
import { cecModuleRecord } from '@sunfield/engine/library/cecRecords.ts';
import { moduleCurves } from '../src/screens/modules/model/curves.ts';
import { getPath, setPath } from '../src/screens/modules/model/fields.ts';
import {
  DEFAULT_LIST_PARAMS,
  buildListQuery,
  readListParams,
  writeListParams,
} from '../src/screens/modules/model/listParams.ts';
import {
  moduleArea,
  moduleEfficiency,
  newModule,
  prepareModuleForSave,
  shadingTableError,
} from '../src/screens/modules/model/moduleRules.ts';
import type { ModuleRecord } from '../src/screens/modules/model/types.ts';
import { fittedFields, measuredPoints } from '../src/screens/modules/generator/generatorModel.ts';
import { sharedPath } from '../../../scripts/sharedDir.ts';

const dataDir = sharedPath('data');

describe('module list params', () => {
  it('defaults to own assets, Active and Global, and round-trips through the address', () => {
    expect(writeListParams(DEFAULT_LIST_PARAMS).toString()).toBe('');
    const query = buildListQuery(readListParams(new URLSearchParams()));
    expect(query).toMatchObject({ ownerOnly: true, status: '3,5', sort: 'name', order: 'asc' });
    const params = {
      ...DEFAULT_LIST_PARAMS,
      owner: 'all' as const,
      technologies: [6],
      minPower: 300,
      search: 'first',
    };
    expect(readListParams(writeListParams(params))).toEqual(params);
    expect(buildListQuery(params)).toMatchObject({
      ownerOnly: false,
      cellTechnologyType: '6',
      minPower: 300,
      search: 'first',
    });
    expect(readListParams(new URLSearchParams('status=all')).statuses).toEqual([]);
  });
});

describe('module rules', () => {
  it('gives the spec defaults by technology and construction', () => {
    const cdte = newModule(6, 2);
    expect(cdte).toMatchObject({
      name: 'New Module',
      status: 1,
      bandgapVoltage: 1.5,
      builtInVoltage: 0.9,
      pvModel: 0,
    });
    expect(cdte).toMatchObject({
      sandiaConductiveCoef: -3.56,
      sandiaConvectiveCoef: -0.075,
      moduleShadingResponse: 0,
    });
    const mono = newModule(1, 1);
    expect(mono).toMatchObject({
      moduleMismatchCoefficient: 1,
      bandgapVoltage: 1.12,
      pvModel: 1,
      lightInducedDegradation: 0,
    });
    expect(mono).toMatchObject({ sandiaConductiveCoef: -3.47, ashraeiamB0: 0.05, referenceIrradiance: 1000 });
    expect(newModule(2).lightInducedDegradation).toBe(2.5);
    expect(newModule(7).lightInducedDegradation).toBeNull();
  });

  it('drops nulls, server fields and the bifacial fields of a monofacial module', () => {
    const saved = prepareModuleForSave({
      name: 'M',
      id: 4,
      isReadOnly: false,
      faciality: 0,
      transmissionFactor: 0.1,
      bifacialityFactor: 0.7,
      weight: null,
      metastabilityProperties: { c0: null, c1: 2 },
    });
    expect(saved).toEqual({ name: 'M', faciality: 0, metastabilityProperties: { c1: 2 } });
    expect(prepareModuleForSave({ name: 'B', faciality: 1, bifacialityFactor: 0.7 })).toEqual({
      name: 'B',
      faciality: 1,
      bifacialityFactor: 0.7,
    });
  });

  it('refuses a user-defined shading response without a table, with the spec message', () => {
    expect(
      shadingTableError({ name: 'Panel X', moduleShadingResponse: 5, electricalShadingInputTable: [] }),
    ).toBe('Panel X could not be saved. Shading Table values are required.');
    expect(
      shadingTableError({ name: 'Panel X', moduleShadingResponse: 5, electricalShadingInputTable: [[1, 2]] }),
    ).toBeNull();
    expect(shadingTableError({ name: 'Panel X', moduleShadingResponse: 3 })).toBeNull();
  });

  it('computes area and efficiency as spec 2 §9.3', () => {
    const m = { name: 'x', width: 1000, length: 2000, stcMaxPower: 400 };
    expect(moduleArea(m)).toBeCloseTo(2);
    expect(moduleEfficiency(m)).toBeCloseTo(20);
    expect(moduleArea({ name: 'x' })).toBeNull();
    // A CEC module without dimensions: the area from the list's efficiency (A_c = 2.49 m² here).
    const longi = {
      name: 'LONGi LR5-72HBD-540M',
      stcMaxPower: 540.849,
      stcEfficiency: 540.849 / (10 * 2.49),
    };
    expect(moduleArea(longi)).toBeCloseTo(2.49, 6);
    expect(moduleEfficiency(longi)).toBeCloseTo(21.72, 2);
  });

  it('reads and writes dotted paths without changing the original', () => {
    const m: ModuleRecord = { name: 'x', cecParameters: { rS: 0.2 } };
    const next = setPath(m, 'cecParameters.rS', 0.4);
    expect(getPath(next, 'cecParameters.rS')).toBe(0.4);
    expect(getPath(m, 'cecParameters.rS')).toBe(0.2);
  });
});

describe('module curves', () => {
  const csv = fs.readFileSync(path.join(dataDir, 'sam-library-cec-modules-2021-12-01.csv'), 'utf8');
  const library = parseCecModuleLibrary(csv);
  const record = cecModuleRecord(library.records.find((m) => m.stc > 300 && m.stc < 600)!) as ModuleRecord;

  it('reproduces the CEC module rating at STC and reacts to the series resistance', () => {
    const curves = moduleCurves(record);
    if (typeof curves === 'string') throw new Error(curves);
    expect(curves.stc.pmp).toBeGreaterThan((record.stcMaxPower as number) * 0.97);
    expect(curves.stc.pmp).toBeLessThan((record.stcMaxPower as number) * 1.03);
    expect(curves.byIrradiance).toHaveLength(5);
    expect(curves.byIrradiance[4]!.iv.length).toBe(60);
    const at1000 = curves.relativeEfficiency.find(([g]) => g === 1000)![1];
    expect(at1000).toBeCloseTo(100, 6);
    const rs = getPath(record, 'cecParameters.rS') as number;
    const worse = moduleCurves(setPath(record, 'cecParameters.rS', rs * 3));
    if (typeof worse === 'string') throw new Error(worse);
    expect(worse.stc.pmp).toBeLessThan(curves.stc.pmp - 1);
  });

  it('uses the PVsyst form and names what is missing', () => {
    const pvsyst: ModuleRecord = {
      name: 'p',
      pvModel: 1,
      numberOfCellsInSeries: 72,
      stcShortCircuitCurrent: 9.5,
      stcOpenCircuitVoltage: 47,
      seriesResistanceAtSTC: 0.3,
      shuntResistanceAtSTC: 500,
      diodeIdealityFactorAtSTC: 1.0,
      stcShortCircuitCurrentTempCoef: 0.05,
    };
    const curves = moduleCurves(pvsyst);
    if (typeof curves === 'string') throw new Error(curves);
    expect(curves.stc.voc).toBeCloseTo(47, 3);
    expect(curves.stc.isc).toBeCloseTo(9.5, 2);
    expect(moduleCurves({ name: 'n', pvModel: 1 })).toMatch(/^Enter /);
  });
});

describe('generator answers', () => {
  it('takes the module fields and the measured points, read tolerantly', () => {
    expect(fittedFields({ module: { id: 3, seriesResistanceAtSTC: 0.2, name: 'x' } })).toEqual({
      seriesResistanceAtSTC: 0.2,
    });
    expect(fittedFields({ record: { diodeIdealityFactorAtSTC: 1.1 }, warnings: [] })).toEqual({
      diodeIdealityFactorAtSTC: 1.1,
    });
    expect(measuredPoints({ points: [{ irradiance: 1000, temperature: 25, vmp: 40, imp: 10 }] })).toEqual([
      { irradiance: 1000, temperature: 25, voltage: undefined, current: undefined, pmp: 400 },
    ]);
    expect(
      measuredPoints({
        ivCurves: [{ irradiance: 800, temperature: 25, points: [{ voltage: 1, current: 8 }] }],
      }),
    ).toEqual([{ irradiance: 800, temperature: 25, voltage: 1, current: 8 }]);
  });
});
