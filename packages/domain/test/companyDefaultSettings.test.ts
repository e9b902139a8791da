import { describe, expect, it } from 'vitest';
import {
  builtInDefault,
  companyAzimuth,
  companyBuilderDefaults,
  DEFAULT_SETTINGS_GROUPS,
  DEFAULT_SETTINGS_PAGES,
  defaultSettingsSchema,
} from '../src/index.ts';

const issues = (body: unknown) => {
  const result = defaultSettingsSchema.safeParse(body);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('company default settings', () => {
  it('has the eight pages of spec 1 §2 and a range for every number', () => {
    expect(DEFAULT_SETTINGS_PAGES.map((p) => p.path)).toEqual([
      'plant-builder-settings',
      'energy-storage-settings',
      'system-detail-settings',
      'simulation-settings',
      'weather-vendors',
      'financial-analysis',
      'miscellaneous',
      'design-pro',
    ]);
    for (const group of DEFAULT_SETTINGS_GROUPS)
      for (const field of group.fields)
        if (field.kind === 'number' || field.kind === 'monthly') {
          expect(Number.isFinite(field.range.min), `${group.key}.${field.key}`).toBe(true);
          expect(Number.isFinite(field.range.max), `${group.key}.${field.key}`).toBe(true);
        }
  });

  it('accepts values in range, drops unknown keys and names the field of a problem', () => {
    const ok = defaultSettingsSchema.parse({
      simulationSettings: { transpositionModel: 0, errorSpaVar: 4, firstYearDegradation: true, extra: 1 },
      environmentalConditions: {
        monthlyAlbedo: Array.from({ length: 12 }, () => 0.3),
        monthlySoilingLoss: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, soilingLoss: i / 2 })),
      },
      companyId: 'x',
    });
    expect(ok.simulationSettings).toEqual({
      transpositionModel: 0,
      errorSpaVar: 4,
      firstYearDegradation: true,
    });
    expect((ok.environmentalConditions as { monthlySoilingLoss: number[] }).monthlySoilingLoss[11]).toBe(5.5);
    expect(ok).not.toHaveProperty('companyId');

    expect(issues({ simulationSettings: { errorSpaVar: 101 } })).toEqual({
      'simulationSettings.errorSpaVar': 'Must be a number from 0 to 100 %.',
    });
    expect(issues({ powerPlantBuilder: { gcr: 0 } })).toEqual({
      'powerPlantBuilder.gcr': 'Must be greater than 0 and at most 1.',
    });
    expect(issues({ systemDetailSettings: { numberOfConductorsPerPhase: 2.5 } })).toEqual({
      'systemDetailSettings.numberOfConductorsPerPhase': 'Must be a whole number from 1 to 20.',
    });
    expect(Object.keys(issues({ simulationSettings: { transpositionModel: 7 } }))).toEqual([
      'simulationSettings.transpositionModel',
    ]);
    expect(Object.keys(issues({ environmentalConditions: { monthlyAlbedo: [0.2] } }))).toEqual([
      'environmentalConditions.monthlyAlbedo',
    ]);
    expect(issues({ simulationSettings: 5 })).toEqual({
      simulationSettings: 'Must be an object of settings.',
    });
    expect(issues({ powerPlantBuilder: { dasLoad: Number.NaN } })).toHaveProperty(
      'powerPlantBuilder.dasLoad',
    );
  });

  it('gives new DC fields, inverters and plants the builder settings', () => {
    const d = companyBuilderDefaults({
      powerPlantBuilder: {
        tiltAngle: 30,
        northernHemisphereAzimuth: 175,
        southernHemisphereAzimuth: 5,
        gcr: 0.45,
        postHeight: 2,
        dcFieldTrackingTypeEnum: 1,
        powerFactor: 0.95,
        dcacRatio: 1.3,
      },
    });
    expect(d.tilt).toBe(30);
    expect(companyAzimuth(d, 36)).toBe(175);
    expect(companyAzimuth(d, -33)).toBe(5);
    expect(d.dcField).toMatchObject({ groundCoverageRatio: 0.45, postHeight: 2, trackingType: 1 });
    expect(d.inverter.powerFactor).toBe(0.95);
    expect(d.plant.desiredDCACRatio).toBe(1.3);
    const none = companyBuilderDefaults(null);
    expect(none.tilt).toBeUndefined();
    expect(companyAzimuth(none, 36)).toBeUndefined();
    expect(none.inverter.powerFactor).toBe(1);
  });

  it('gives a new plant the system availability loss', () => {
    expect(companyBuilderDefaults({}).plant.availabilityLoss).toBe(0);
    expect(
      companyBuilderDefaults({ systemDetailSettings: { availabilityLoss: 1.5 } }).plant.availabilityLoss,
    ).toBe(1.5);
  });

  it('names the built-in value of each field where there is one', () => {
    expect(builtInDefault('simulationSettings', 'errorModelAcc')).toBe(2.9);
    expect(builtInDefault('simulationSettings', 'transpositionModel')).toBe(1);
    expect(builtInDefault('simulationSettings', 'diffuseDirectDecompModel')).toBeUndefined();
    expect(builtInDefault('environmentalConditions', 'monthlyAlbedo')).toBe(0.2);
    expect(builtInDefault('powerPlantBuilder', 'dasLoad')).toBe(800);
    expect(builtInDefault('powerPlantBuilder', 'minimumTrackingLimitAngleD')).toBe(-60);
    expect(builtInDefault('powerPlantBuilder', 'powerFactor')).toBe(1);
    expect(builtInDefault('powerPlantBuilder', 'tiltAngle')).toBe('by latitude');
    expect(builtInDefault('systemDetailSettings', 'availabilityLoss')).toBe(0);
    expect(builtInDefault('financialModelParameters', 'discountRate')).toBeUndefined();
  });
});
