import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS_PAGES,
  MISCELLANEOUS_SETTINGS,
  POWER_PLANT_BUILDER,
  SIMULATION_SETTINGS,
} from '@sunfield/domain';
import { builtInText } from '../src/screens/company/SettingInputs.tsx';
import {
  bodyOf,
  canEditCompanySettings,
  draftOf,
  draftProblems,
  enumChoices,
  errorsByField,
  monthlyOf,
  newRowStatusOf,
} from '../src/screens/company/model.ts';

const page = (path: string) => DEFAULT_SETTINGS_PAGES.find((p) => p.path === path)!;

describe('company default-settings pages', () => {
  it('lets company admins, IT admins and super admins edit, others read', () => {
    expect(canEditCompanySettings({ companyId: 'a', roles: ['Admin'] }, 'a')).toBe(true);
    expect(canEditCompanySettings({ companyId: 'a', roles: ['ITAdmin'] }, 'a')).toBe(true);
    expect(canEditCompanySettings({ companyId: 'a', roles: ['Admin'] }, 'b')).toBe(false);
    expect(canEditCompanySettings({ companyId: 'a', roles: ['User'] }, 'a')).toBe(false);
    expect(canEditCompanySettings({ companyId: 'a', roles: ['Manager'] }, 'a')).toBe(false);
    expect(canEditCompanySettings({ companyId: 'a', roles: ['FSLRAdmin'] }, 'b')).toBe(true);
  });

  it('drafts a page from the stored settings and sends only its groups with set fields', () => {
    const simulation = page('simulation-settings');
    const stored = {
      simulationSettings: { transpositionModel: 0, errorSpaVar: 4, unknown: 1 },
      environmentalConditions: {
        monthlySoilingLoss: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, soilingLoss: i })),
      },
      powerPlantBuilder: { dasLoad: 500 },
    };
    const draft = draftOf(simulation, stored);
    expect(draft.simulationSettings!.transpositionModel).toBe(0);
    expect(draft.simulationSettings!.airMassModel).toBeNull();
    expect(draft.environmentalConditions!.monthlySoilingLoss).toEqual(
      Array.from({ length: 12 }, (_, i) => i),
    );
    expect(draft.environmentalConditions!.monthlyAlbedo).toEqual(Array.from({ length: 12 }, () => null));
    expect(draft).not.toHaveProperty('powerPlantBuilder');
    expect(bodyOf(simulation, draft)).toEqual({
      simulationSettings: { transpositionModel: 0, errorSpaVar: 4 },
      environmentalConditions: { monthlySoilingLoss: Array.from({ length: 12 }, (_, i) => i) },
    });
  });

  it('finds range problems and half-filled months before sending; maps server errors to fields', () => {
    const simulation = page('simulation-settings');
    const draft = draftOf(simulation, {});
    draft.simulationSettings!.errorSpaVar = 120;
    draft.environmentalConditions!.monthlyAlbedo = [0.2, ...Array.from({ length: 11 }, () => null)];
    expect(draftProblems(simulation, draft)).toEqual({
      'simulationSettings.errorSpaVar': 'Must be a number from 0 to 100 %.',
      'environmentalConditions.monthlyAlbedo': 'Give all twelve months, or none.',
    });
    expect(
      errorsByField(simulation, {
        'simulationSettings.errorSpaVar': ['Must be a number from 0 to 100 %.'],
        x: 'y',
      }),
    ).toEqual({
      fields: { 'simulationSettings.errorSpaVar': 'Must be a number from 0 to 100 %.' },
      general: ['x: y'],
    });
  });

  it('offers the choices the engine runs and the statuses the user may set', () => {
    const soiling = SIMULATION_SETTINGS.fields.find((f) => f.key === 'soilingModel')!;
    const values = enumChoices(soiling, null, { engineValues: { SoilingModelType: [0, 2] } }).map(
      (o) => o.value,
    );
    expect(values).toEqual(['0', '2']);
    const moduleStatus = MISCELLANEOUS_SETTINGS.fields.find((f) => f.key === 'moduleStatus')!;
    const statuses = enumChoices(moduleStatus, 5, { statuses: [1, 2, 3] }).map((o) => o.label);
    expect(statuses).toEqual(['Draft-Private', 'Draft-Shared', 'Active', 'Global']);
    expect(monthlyOf(null, 'albedo')).toHaveLength(12);
  });

  it("shows the built-in value as the placeholder, in the user's units", () => {
    const field = (key: string) =>
      [...SIMULATION_SETTINGS.fields, ...POWER_PLANT_BUILDER.fields].find((f) => f.key === key)!;
    expect(builtInText(field('transpositionModel'), 1, 'metric')).toBe('Default: Perez');
    expect(builtInText(field('errorModelAcc'), 2.9, 'metric')).toBe('Default: 2.90');
    expect(builtInText(field('postHeight'), 1.5, 'imperial')).toBe('Default: 4.92');
    expect(builtInText(field('tiltAngle'), 'by latitude', 'metric')).toBe('Default: by latitude');
    expect(builtInText(field('diffuseDirectDecompModel'), undefined, 'metric')).toBe('Not set');
  });

  it('shows new modules, inverters and weather with the status the server gives them', () => {
    const settings = { miscellaneousSettings: { moduleStatus: 2, inverterStatus: 5 } };
    expect(newRowStatusOf(settings, 'moduleStatus', ['User'])).toBe(2);
    expect(newRowStatusOf(settings, 'inverterStatus', ['Admin'])).toBe(1);
    expect(newRowStatusOf(settings, 'inverterStatus', ['FSLRAdmin'])).toBe(5);
    expect(newRowStatusOf(null, 'weatherStatus', ['Admin'])).toBe(1);
  });
});
