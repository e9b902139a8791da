import { describe, expect, it } from 'vitest';
import {
  DC_AC_RATIO_HIGH,
  DC_AC_RATIO_LOW,
  ERROR,
  TOAST,
  WARNING,
  azimuthWarning,
  dcAcRatioWarning,
  moduleShadingTableError,
  modulesWideError,
  modulesWideMessage,
  projectCreateSchema,
  projectUpdateSchema,
  signUpSchema,
  weatherTimeZoneWarning,
} from '../src/validation.ts';

const NORTH =
  'Project is located in the Northern Hemisphere. The azimuth angle chosen may significantly reduce irradiance collection by facing away from the equator.';
const SOUTH =
  'Project is located in the Southern Hemisphere. The azimuth angle chosen may significantly reduce irradiance collection by facing away from the equator.';

function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

describe('azimuthWarning', () => {
  it('warns in the northern hemisphere for azimuth 0-89 and 271-360', () => {
    const at = (azimuth: number) => azimuthWarning(45, azimuth);
    expect(WARNING.northernHemisphereAzimuth).toBe(NORTH);
    expect([0, 1, 45, 89, 271, 300, 359, 360].map(at)).toEqual(Array(8).fill(NORTH));
    expect([90, 91, 180, 269, 270].map(at)).toEqual(Array(5).fill(null));
    expect(at(89.5)).toBe(NORTH);
    expect(at(270.5)).toBe(NORTH);
  });

  it('warns in the southern hemisphere for azimuth 91-269', () => {
    const at = (azimuth: number) => azimuthWarning(-30, azimuth);
    expect(WARNING.southernHemisphereAzimuth).toBe(SOUTH);
    expect([91, 180, 269].map(at)).toEqual(Array(3).fill(SOUTH));
    expect([0, 89, 90, 270, 271, 360].map(at)).toEqual(Array(6).fill(null));
  });

  it('never warns on the equator or for non-finite input', () => {
    for (const azimuth of [0, 89, 90, 91, 180, 269, 270, 271, 360])
      expect(azimuthWarning(0, azimuth)).toBeNull();
    expect(azimuthWarning(Number.NaN, 0)).toBeNull();
    expect(azimuthWarning(45, Number.NaN)).toBeNull();
  });

  it('reads azimuths outside 0-360 modulo 360', () => {
    expect(azimuthWarning(45, -10)).toBe(NORTH);
    expect(azimuthWarning(45, 540)).toBeNull();
    expect(azimuthWarning(-45, 540)).toBe(SOUTH);
  });
});

describe('dcAcRatioWarning', () => {
  it('warns below 0.85 and above 1.5 with the exact texts', () => {
    expect(DC_AC_RATIO_LOW).toBe(0.85);
    expect(DC_AC_RATIO_HIGH).toBe(1.5);
    expect(dcAcRatioWarning(0.84)).toBe(
      'Under-powering the inverter due to low DC:AC ratio may cause reduced inverter performance.',
    );
    expect(dcAcRatioWarning(1.51)).toBe('High DC:AC ratio may cause excessive inverter limitation.');
    expect(dcAcRatioWarning(0.85)).toBeNull();
    expect(dcAcRatioWarning(1.2)).toBeNull();
    expect(dcAcRatioWarning(1.5)).toBeNull();
  });

  it('is skipped for the map builder', () => {
    expect(dcAcRatioWarning(0.5, { useMapBuilder: true })).toBeNull();
    expect(dcAcRatioWarning(2, { useMapBuilder: true })).toBeNull();
  });
});

describe('messages', () => {
  it('has the Modules Wide rule', () => {
    const message =
      'Modules Wide must be an integer multiple of Modules Per String. Modules per string is 28.';
    expect(modulesWideMessage(28)).toBe(message);
    expect(modulesWideError(30, 28)).toBe(message);
    expect(modulesWideError(56, 28)).toBeNull();
    expect(modulesWideError(0, 28)).toBeNull();
    expect(modulesWideError(10, 0)).toBeNull();
  });

  it('has the errors and warnings of spec 2 §8.4', () => {
    expect(moduleShadingTableError('FS-6450')).toBe(
      'FS-6450 could not be saved. Shading Table values are required.',
    );
    expect(ERROR.projectImportFailed).toBe('The project could not be imported. Please try again');
    expect(ERROR.weatherImportFailed).toBe('The weather could not be imported. Please try again');
    expect(ERROR.configurationInvalid).toBe(
      'Your configuration is invalid. Please correct the following errors:',
    );
    expect(weatherTimeZoneWarning(-7, -6)).toBe(
      'Weather file time zone (-7) is different than the project location time zone (-6) and may skew your results.',
    );
    expect(WARNING.weatherDatesAdjusted).toBe(
      'The start and end date of the prediction have been adjusted to match the newly selected weather file.',
    );
  });

  it('has the toasts of spec 2 §8.4', () => {
    expect(TOAST.saved('Plant A')).toBe('Plant A was saved');
    expect(TOAST.created('Plant A')).toBe('Plant A was created');
    expect(TOAST.deleted('Plant A')).toBe('Plant A has been successfully deleted');
    expect(TOAST.clonedAndSaved('Plant A')).toBe('Plant A has been cloned and saved.');
    expect(TOAST.cloned('Plant A')).toBe('Plant A has been cloned. Save to continue.');
    expect(TOAST.exportOptionsSaved('Plant A')).toBe('Plant A export options were saved');
    expect(TOAST.addedToProduct('Plant A')).toBe('Plant A has been added to the product.');
    expect(TOAST.dataSaved('Plant A')).toBe("Plant A's data was saved.");
    expect(TOAST.defaultSettingsSaved).toBe('Default settings has been saved.');
    expect(TOAST.energyStorageDeleted).toBe('Energy Storage has been deleted');
  });
});

describe('projectCreateSchema', () => {
  it('accepts a project, trims text, stores empty text as null and drops unknown keys', () => {
    const result = projectCreateSchema.safeParse({
      name: '  Grand Canyon ',
      latitude: 36.099,
      longitude: -112.112,
      country: 'United States',
      countryCode: 'us',
      elevation: 2100,
      standardOffsetFromUTC: -7,
      locality: null,
      region: '  ',
      status: 1,
      companyId: 99,
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      name: 'Grand Canyon',
      latitude: 36.099,
      longitude: -112.112,
      country: 'United States',
      countryCode: 'US',
      elevation: 2100,
      standardOffsetFromUTC: -7,
      locality: null,
      region: null,
      status: 1,
    });
  });

  it('accepts the limits', () => {
    for (const [latitude, longitude] of [
      [-90, -180],
      [90, 180],
      [0, 0],
    ]) {
      expect(projectCreateSchema.safeParse({ name: 'P', latitude, longitude }).success).toBe(true);
    }
  });

  it('requires a name, a latitude and a longitude', () => {
    expect(issues(projectCreateSchema.safeParse({}))).toEqual({
      name: ['Name is required.'],
      latitude: ['Latitude is required.'],
      longitude: ['Longitude is required.'],
    });
    expect(issues(projectCreateSchema.safeParse({ name: '   ', latitude: null, longitude: 0 }))).toEqual({
      name: ['Name is required.'],
      latitude: ['Latitude is required.'],
    });
  });

  it('bounds the coordinates and the name', () => {
    expect(
      issues(projectCreateSchema.safeParse({ name: 'x'.repeat(201), latitude: 90.01, longitude: -180.5 })),
    ).toEqual({
      name: ['Name must be at most 200 characters.'],
      latitude: ['Latitude must be between -90 and 90.'],
      longitude: ['Longitude must be between -180 and 180.'],
    });
    expect(
      issues(projectCreateSchema.safeParse({ name: 'P', latitude: '39', longitude: Number.NaN })),
    ).toEqual({
      latitude: ['Latitude must be between -90 and 90.'],
      longitude: ['Longitude must be between -180 and 180.'],
    });
    expect(projectCreateSchema.safeParse({ name: 'x'.repeat(200), latitude: 1, longitude: 1 }).success).toBe(
      true,
    );
  });

  it('takes only Active or Archived as status', () => {
    const base = { name: 'P', latitude: 1, longitude: 1 };
    expect(projectCreateSchema.safeParse({ ...base, status: 0 }).success).toBe(true);
    expect(issues(projectCreateSchema.safeParse({ ...base, status: 2 }))).toEqual({
      status: ['Status must be Active (0) or Archived (1).'],
    });
    expect(issues(projectCreateSchema.safeParse({ ...base, standardOffsetFromUTC: 15 }))).toEqual({
      standardOffsetFromUTC: ['Standard offset from UTC must be between -12 and 14 hours.'],
    });
    expect(issues(projectCreateSchema.safeParse({ ...base, elevation: 9001, countryCode: 'USA' }))).toEqual({
      elevation: ['Elevation must be between -500 and 9000 m.'],
      countryCode: ['Country code must be a two-letter ISO 3166 code.'],
    });
  });
});

describe('projectUpdateSchema', () => {
  it('accepts a partial update with the id', () => {
    expect(projectUpdateSchema.parse({ id: 4, description: 'Phase 2' })).toEqual({
      id: 4,
      description: 'Phase 2',
    });
    expect(projectUpdateSchema.parse({})).toEqual({});
  });

  it('still checks the fields it is given', () => {
    expect(issues(projectUpdateSchema.safeParse({ name: ' ', latitude: -91, longitude: null }))).toEqual({
      name: ['Name is required.'],
      latitude: ['Latitude must be between -90 and 90.'],
      longitude: ['Longitude is required.'],
    });
  });
});

describe('signUpSchema', () => {
  const valid = {
    companyName: ' Solar Co ',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: ' Ada@Example.COM ',
    password: 'Sunfield-2026!',
  };

  it('accepts a sign-up and normalises it', () => {
    expect(signUpSchema.parse(valid)).toEqual({
      ...valid,
      companyName: 'Solar Co',
      email: 'ada@example.com',
    });
  });

  it('names each missing field', () => {
    expect(issues(signUpSchema.safeParse({}))).toEqual({
      companyName: ['Company name is required.'],
      firstName: ['First name is required.'],
      lastName: ['Last name is required.'],
      email: ['Email is required.'],
      password: ['Password is required.'],
    });
    expect(issues(signUpSchema.safeParse({ ...valid, firstName: ' ', email: '', password: '' }))).toEqual({
      firstName: ['First name is required.'],
      email: ['Email is required.'],
      password: ['Password is required.'],
    });
  });

  it('checks the email and the password strength rules', () => {
    expect(issues(signUpSchema.safeParse({ ...valid, email: 'not-an-email', password: 'abcdefgh' }))).toEqual(
      {
        email: ['Enter a valid email address.'],
        password: ['One uppercase character', 'One number', 'Special Character'],
      },
    );
    expect(issues(signUpSchema.safeParse({ ...valid, password: 'Abcdefgh1' }))).toEqual({
      password: ['Special Character'],
    });
  });
});
