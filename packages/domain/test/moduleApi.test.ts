import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inverterSaveSchema, inverterSchema } from '../src/api/inverter.ts';
import {
  moduleSaveSchema,
  moduleSchema,
  moduleShadingTableError,
  prepareModuleForSave,
} from '../src/api/module.ts';
import {
  moduleArea,
  moduleEfficiency,
  newInverter,
  newModule,
  relativeEfficiency,
} from '../src/moduleDefaults.ts';
import { sharedPath } from '../../../scripts/sharedDir.ts';

/** Field names of a spec 3 entity, read from the spec. */
function specFields(entity: string): string[] {
  const spec = readFileSync(sharedPath('spec', '3-api-data-model.md'), 'utf8');
  const lines = spec.split('\n');
  const i = lines.findIndex((l) => l.startsWith(`## ${entity} (`));
  return lines[i + 1]!.split(', ').map((f) => f.split(':')[0]!.trim());
}

describe('module schema', () => {
  it('has every spec 3 Module field', () => {
    const fields = specFields('Module');
    expect(fields).toHaveLength(106);
    const keys = Object.keys(moduleSchema.shape);
    for (const f of fields) expect(keys).toContain(f);
  });

  it('accepts a sparse module and rejects impossible physics', () => {
    expect(moduleSchema.safeParse({ name: 'M', stcMaxPower: 550, numberOfCellsInSeries: 72 }).success).toBe(
      true,
    );
    expect(moduleSchema.safeParse({ name: 'M', stcMaxPower: 0 }).success).toBe(false);
    expect(moduleSchema.safeParse({ name: 'M', numberOfCellsInSeries: 0 }).success).toBe(false);
    expect(moduleSchema.safeParse({ name: 'M', numberOfCellsInSeries: 1.5 }).success).toBe(false);
    expect(moduleSchema.safeParse({ name: 'M', bifacialityFactor: 1.2 }).success).toBe(false);
    expect(moduleSchema.safeParse({ name: '' }).success).toBe(false);
  });

  it('save schema ignores id, status and ownership', () => {
    const r = moduleSaveSchema.parse({ name: 'M', id: 4, status: 5, companyId: 'x', ownerId: 'y' });
    expect(r).toEqual({ name: 'M' });
  });

  it('accepts a complete new module of every technology', () => {
    for (let t = 1; t <= 8; t++)
      for (const c of [1, 2]) expect(moduleSaveSchema.safeParse(newModule(t, c)).success).toBe(true);
  });
});

describe('module save rules (spec 1 §5)', () => {
  it('drops transmission and bifaciality factors of a monofacial module and omits nulls', () => {
    const out = prepareModuleForSave({
      name: 'M',
      faciality: 0,
      transmissionFactor: 0.1,
      bifacialityFactor: 0.7,
      description: null,
      metastabilityProperties: { c0: null, c1: 2 },
    });
    expect(out).toEqual({ name: 'M', faciality: 0, metastabilityProperties: { c1: 2 } });
  });

  it('keeps them for a bifacial module', () => {
    const out = prepareModuleForSave({
      name: 'M',
      faciality: 1,
      transmissionFactor: 0.1,
      bifacialityFactor: 0.7,
    });
    expect(out).toMatchObject({ transmissionFactor: 0.1, bifacialityFactor: 0.7 });
  });

  it('requires a shading table for a module-file-defined response', () => {
    expect(
      moduleShadingTableError({ name: 'X', moduleShadingResponse: 5, electricalShadingInputTable: [] }),
    ).toBe('X could not be saved. Shading Table values are required.');
    expect(moduleShadingTableError({ name: 'X', moduleShadingResponse: 5 })).not.toBeNull();
    expect(
      moduleShadingTableError({
        name: 'X',
        moduleShadingResponse: 5,
        electricalShadingInputTable: [{ shadedFraction: 10, powerLoss: 30 }],
      }),
    ).toBeNull();
    expect(
      moduleShadingTableError({ name: 'X', moduleShadingResponse: 3, electricalShadingInputTable: [] }),
    ).toBeNull();
  });
});

describe('new-module defaults (spec 1 §3)', () => {
  it('n-type mono, glass-glass', () => {
    const m = newModule(1, 1);
    expect(m).toMatchObject({
      name: 'New Module',
      status: 1,
      faciality: 0,
      referenceIrradiance: 1000,
      referenceTemperature: 25,
      nominalOperatingCellTemperature: 45,
      transmittanceAbsorptance: 0.9,
      useAntiReflectiveCoating: true,
      refractiveIndex: 1.526,
      refractiveIndexOfARC: 1.29,
      glazingExtinctionCoef: 4,
      glazingThickness: 0.002,
      useDefaultSandiaIAM: true,
      useDefaultTabularIAM: true,
      ashraeiamB0: 0.05,
      electricalShadingInputTable: [],
      nonLinearDegradationRates: [],
      useMetastability: false,
      moduleMismatchCoefficient: 1,
      bandgapVoltage: 1.12,
      pvModel: 1,
      lightInducedDegradation: 0,
      cellDesignType: 0,
      electricalShadingFractionalEffect: 100,
      heatBalanceConductiveCoef: 29,
      heatBalanceConvectiveCoef: 0,
      cellToModuleTempDiff: 3,
      sandiaConductiveCoef: -3.47,
      sandiaConvectiveCoef: -0.0594,
    });
    expect(
      (m.metastabilityProperties as { metastabilityVoltageScaleFactor: number })
        .metastabilityVoltageScaleFactor,
    ).toBe(1);
  });

  it('by technology and construction', () => {
    expect(newModule(2, 2)).toMatchObject({
      lightInducedDegradation: 2.5,
      sandiaConductiveCoef: -3.56,
      sandiaConvectiveCoef: -0.075,
    });
    expect(newModule(5, 2).lightInducedDegradation).toBe(1.5);
    expect(newModule(6, 1)).toMatchObject({
      bandgapVoltage: 1.5,
      builtInVoltage: 0.9,
      pvModel: 0,
      moduleShadingResponse: 0,
      cellDesignType: 2,
      lightInducedDegradation: 0,
      spectral2B0: 0.86273,
    });
    const cigs = newModule(7, 1);
    expect(cigs.bandgapVoltage).toBe(1.03);
    expect(cigs.lightInducedDegradation).toBeNull();
  });

  it('takes the company default status', () => {
    expect(newModule(1, 1, 2).status).toBe(2);
    expect(newInverter(2)).toMatchObject({ name: 'New Inverter', status: 2, setpointkW: 499.12345678 });
    expect(newInverter().status).toBe(1);
  });
});

describe('area and efficiency (spec 2 §9.3)', () => {
  it('computes them', () => {
    const m = { width: 1134, length: 2278, stcMaxPower: 550 };
    expect(moduleArea(m)).toBeCloseTo(2.583252, 6);
    expect(moduleEfficiency(m)).toBeCloseTo(550 / 2.583252 / 10, 9);
    expect(relativeEfficiency({ power: 105, irradiance: 200, stcMaxPower: 550 })).toBeCloseTo(
      (105 / 110) * 100,
      9,
    );
    expect(moduleArea({ width: null, length: 1 })).toBeNaN();
  });
});

describe('inverter schema', () => {
  it('has every spec 3 Inverter field', () => {
    const fields = specFields('Inverter');
    expect(fields).toHaveLength(31);
    const keys = Object.keys(inverterSchema.shape);
    for (const f of fields) expect(keys).toContain(f);
  });

  it('validates curves', () => {
    const ok = {
      name: 'I',
      powerRated: 250,
      efficiencyCurves: [{ voltage: 800, efficiencyPoints: [{ power: 25, efficiency: 98 }] }],
      kVACurves: [{ elevation: 0, kVAPoints: [{ temperature: 25, kVA: 275 }] }],
      pqCurves: [{ temperature: 25, pqPoints: [{ activePowerP: 250, reactivePowerQ: 100 }] }],
    };
    expect(inverterSaveSchema.safeParse({ ...ok, id: 3 }).data).toEqual(ok);
    expect(
      inverterSchema.safeParse({
        ...ok,
        efficiencyCurves: [{ voltage: 800, efficiencyPoints: [{ power: 1, efficiency: 120 }] }],
      }).success,
    ).toBe(false);
  });
});
