/**
 * Validation rules, warnings, errors and toasts with the exact texts of spec 1 §5 and spec 2 §8.4,
 * and the zod schemas that the server and the web forms share.
 */
import { z } from 'zod';
import { passwordProblems } from './password.ts';

// ---------------------------------------------------------------------------------------------
// Warnings

/** Below this DC:AC ratio the inverter is under-powered (spec 1 §5). */
export const DC_AC_RATIO_LOW = 0.85;
/** Above this DC:AC ratio the inverter clips excessively (spec 1 §5). */
export const DC_AC_RATIO_HIGH = 1.5;

export const WARNING = {
  dcAcLow: 'Under-powering the inverter due to low DC:AC ratio may cause reduced inverter performance.',
  dcAcHigh: 'High DC:AC ratio may cause excessive inverter limitation.',
  weatherDatesAdjusted:
    'The start and end date of the prediction have been adjusted to match the newly selected weather file.',
  spectralDefaultsUpdated:
    'The 2-Param Pwat and AM values on the Spectral tab have been updated to the defaults based on your selection.',
  northernHemisphereAzimuth: hemisphereAzimuthWarning('Northern'),
  southernHemisphereAzimuth: hemisphereAzimuthWarning('Southern'),
} as const;

export function hemisphereAzimuthWarning(hemisphere: 'Northern' | 'Southern'): string {
  return (
    `Project is located in the ${hemisphere} Hemisphere. The azimuth angle chosen may significantly ` +
    'reduce irradiance collection by facing away from the equator.'
  );
}

/** The DC:AC warning, or null; skipped when the map builder is used. */
export function dcAcRatioWarning(ratio: number, options: { useMapBuilder?: boolean } = {}): string | null {
  if (options.useMapBuilder || !Number.isFinite(ratio)) return null;
  if (ratio < DC_AC_RATIO_LOW) return WARNING.dcAcLow;
  if (ratio > DC_AC_RATIO_HIGH) return WARNING.dcAcHigh;
  return null;
}

/**
 * The hemisphere warning for modules facing away from the equator, or null. North (latitude > 0):
 * azimuth 0 to 89 or 271 to 360, i.e. below 90 or above 270; south (latitude < 0): 91 to 269, i.e.
 * strictly between 90 and 270. On the equator there is no warning. Azimuth in degrees, N = 0, E = 90.
 */
export function azimuthWarning(latitude: number, azimuth: number): string | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(azimuth)) return null;
  const a = azimuth === 360 ? 360 : ((azimuth % 360) + 360) % 360;
  if (latitude > 0 && (a < 90 || a > 270)) return WARNING.northernHemisphereAzimuth;
  if (latitude < 0 && a > 90 && a < 270) return WARNING.southernHemisphereAzimuth;
  return null;
}

export function weatherTimeZoneWarning(
  weatherTimeZone: number | string,
  projectTimeZone: number | string,
): string {
  return (
    `Weather file time zone (${weatherTimeZone}) is different than the project location time zone ` +
    `(${projectTimeZone}) and may skew your results.`
  );
}

// ---------------------------------------------------------------------------------------------
// Errors

export const ERROR = {
  /** Heading of the error notification built from a response (spec 2 §8.2). */
  configurationInvalid: 'Your configuration is invalid. Please correct the following errors:',
  projectImportFailed: 'The project could not be imported. Please try again',
  weatherImportFailed: 'The weather could not be imported. Please try again',
  noFilesSelected: 'There are no files currently selected.',
} as const;

export function modulesWideMessage(modulesPerString: number): string {
  return `Modules Wide must be an integer multiple of Modules Per String. Modules per string is ${modulesPerString}.`;
}

/** The Modules Wide rule of spec 1 §5, or null when it holds (or when there is nothing to check). */
export function modulesWideError(modulesWide: number, modulesPerString: number): string | null {
  if (!Number.isFinite(modulesWide) || !Number.isFinite(modulesPerString) || modulesPerString <= 0)
    return null;
  return Number.isInteger(modulesWide / modulesPerString) ? null : modulesWideMessage(modulesPerString);
}

/** A module with a user-defined shading response and an empty shading table cannot be saved. */
export function moduleShadingTableError(name: string): string {
  return `${name} could not be saved. Shading Table values are required.`;
}

// ---------------------------------------------------------------------------------------------
// Toasts (spec 2 §8.4)

export const TOAST = {
  saved: (name: string): string => `${name} was saved`,
  created: (name: string): string => `${name} was created`,
  /** Shown after 1 second. */
  deleted: (name: string): string => `${name} has been successfully deleted`,
  clonedAndSaved: (name: string): string => `${name} has been cloned and saved.`,
  cloned: (name: string): string => `${name} has been cloned. Save to continue.`,
  exportOptionsSaved: (name: string): string => `${name} export options were saved`,
  addedToProduct: (name: string): string => `${name} has been added to the product.`,
  dataSaved: (name: string): string => `${name}'s data was saved.`,
  defaultSettingsSaved: 'Default settings has been saved.',
  energyStorageDeleted: 'Energy Storage has been deleted',
} as const;

// ---------------------------------------------------------------------------------------------
// Schemas

export const PROJECT_NAME_MAX = 200;

export const PROJECT_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${PROJECT_NAME_MAX} characters.`,
  latitudeRequired: 'Latitude is required.',
  latitudeRange: 'Latitude must be between -90 and 90.',
  longitudeRequired: 'Longitude is required.',
  longitudeRange: 'Longitude must be between -180 and 180.',
  countryCode: 'Country code must be a two-letter ISO 3166 code.',
  elevation: 'Elevation must be between -500 and 9000 m.',
  standardOffsetFromUTC: 'Standard offset from UTC must be between -12 and 14 hours.',
  status: 'Status must be Active (0) or Archived (1).',
} as const;

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** Optional text: trimmed; empty text is stored as null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` })
    .transform((value) => (value === '' ? null : value))
    .nullish();

const coordinate = (required: string, range: string, limit: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : range) })
    .min(-limit, { error: range })
    .max(limit, { error: range });

const boundedNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).min(min, { error: message }).max(max, { error: message }).nullish();

/** The fields of a project (spec 4 §1 `POST /Project`), for servers that extend the schema. */
export const projectFields = {
  name: requiredText(PROJECT_MESSAGES.nameRequired, PROJECT_NAME_MAX, PROJECT_MESSAGES.nameTooLong),
  latitude: coordinate(PROJECT_MESSAGES.latitudeRequired, PROJECT_MESSAGES.latitudeRange, 90),
  longitude: coordinate(PROJECT_MESSAGES.longitudeRequired, PROJECT_MESSAGES.longitudeRange, 180),
  description: optionalText('Description', 4000),
  country: optionalText('Country', 100),
  countryCode: z
    .string({ error: PROJECT_MESSAGES.countryCode })
    .trim()
    .regex(/^([A-Za-z]{2})?$/, { error: PROJECT_MESSAGES.countryCode })
    .transform((value) => (value === '' ? null : value.toUpperCase()))
    .nullish(),
  elevation: boundedNumber(PROJECT_MESSAGES.elevation, -500, 9000),
  standardOffsetFromUTC: boundedNumber(PROJECT_MESSAGES.standardOffsetFromUTC, -12, 14),
  locality: optionalText('Locality', 200),
  stateProvince: optionalText('State or province', 100),
  stateProvinceCode: optionalText('State or province code', 10),
  region: optionalText('Region', 100),
  /** Active 0 or Archived 1; Voltage Pro (2) is not set through this form. */
  status: z.union([z.literal(0), z.literal(1)], { error: PROJECT_MESSAGES.status }).optional(),
};

/** `POST /Project` body and the create-project form. Unknown keys are dropped. */
export const projectCreateSchema = z.object(projectFields);

/** `PUT /Project/{id}` body: the same fields, each optional (an absent field is left unchanged). */
export const projectUpdateSchema = z.object(projectFields).partial().extend({
  id: z.number().int().optional(),
});

export type ProjectCreateInput = z.input<typeof projectCreateSchema>;
export type ProjectCreate = z.output<typeof projectCreateSchema>;
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;
export type ProjectUpdate = z.output<typeof projectUpdateSchema>;

export const SIGN_UP_MESSAGES = {
  companyNameRequired: 'Company name is required.',
  companyNameTooLong: 'Company name must be at most 200 characters.',
  firstNameRequired: 'First name is required.',
  firstNameTooLong: 'First name must be at most 100 characters.',
  lastNameRequired: 'Last name is required.',
  lastNameTooLong: 'Last name must be at most 100 characters.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordTooLong: 'Password must be at most 128 characters.',
} as const;

/**
 * `POST /User/Register` body and the sign-up form. The email is trimmed and lower-cased; each unmet
 * password rule is its own message (password.ts), in the order the form lists them.
 */
export const signUpSchema = z.object({
  companyName: requiredText(SIGN_UP_MESSAGES.companyNameRequired, 200, SIGN_UP_MESSAGES.companyNameTooLong),
  firstName: requiredText(SIGN_UP_MESSAGES.firstNameRequired, 100, SIGN_UP_MESSAGES.firstNameTooLong),
  lastName: requiredText(SIGN_UP_MESSAGES.lastNameRequired, 100, SIGN_UP_MESSAGES.lastNameTooLong),
  email: z
    .string({ error: SIGN_UP_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: SIGN_UP_MESSAGES.emailRequired, abort: true })
    .max(254, { error: SIGN_UP_MESSAGES.emailInvalid, abort: true })
    .pipe(z.email({ error: SIGN_UP_MESSAGES.emailInvalid })),
  password: z
    .string({ error: SIGN_UP_MESSAGES.passwordRequired })
    .min(1, { error: SIGN_UP_MESSAGES.passwordRequired, abort: true })
    .max(128, { error: SIGN_UP_MESSAGES.passwordTooLong, abort: true })
    .superRefine((password, ctx) => {
      for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
    }),
});

export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;
