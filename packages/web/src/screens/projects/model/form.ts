/**
 * The project form as plain data: text values, their validation (coordinates read by the domain
 * parser, the rest by `projectCreateSchema`), the payload they make, and the mapping of a 400
 * `modelState` onto the fields (unknown keys come back as general messages).
 */
import { PROJECT_MESSAGES, PROJECT_NAME_MAX, parseCoordinate, projectCreateSchema } from '@sunfield/domain';
import { formatDecimalDegrees } from './format.ts';
import type { Project, ProjectPayload } from './types.ts';

export interface ProjectFormValues {
  name: string;
  description: string;
  latitude: string;
  longitude: string;
}

export type ProjectField = keyof ProjectFormValues;
export type FieldErrors = Partial<Record<ProjectField, string>>;

export const PROJECT_FIELDS: readonly ProjectField[] = ['name', 'description', 'latitude', 'longitude'];
export const NAME_MAX_LENGTH = PROJECT_NAME_MAX;

export const EMPTY_PROJECT_FORM: ProjectFormValues = {
  name: '',
  description: '',
  latitude: '',
  longitude: '',
};

export const COORDINATE_FORMAT_MESSAGES = {
  latitude: `Enter a latitude between -90 and 90, e.g. 39.5 or 39° 30' 0" N.`,
  longitude: `Enter a longitude between -180 and 180, e.g. -98.35 or 98° 21' 0" W.`,
} as const;

export function formValuesFromProject(project: Project): ProjectFormValues {
  return {
    name: project.name ?? '',
    description: project.description ?? '',
    latitude: formatDecimalDegrees(project.latitude),
    longitude: formatDecimalDegrees(project.longitude),
  };
}

export function parseFormCoordinate(field: 'latitude' | 'longitude', text: string): number | null {
  return parseCoordinate(text, field === 'latitude' ? 'lat' : 'lng');
}

function coordinateError(field: 'latitude' | 'longitude', text: string): string | undefined {
  if (!text.trim())
    return field === 'latitude' ? PROJECT_MESSAGES.latitudeRequired : PROJECT_MESSAGES.longitudeRequired;
  return parseFormCoordinate(field, text) === null ? COORDINATE_FORMAT_MESSAGES[field] : undefined;
}

function candidate(values: ProjectFormValues) {
  return {
    name: values.name,
    description: values.description.trim() || null,
    latitude: parseFormCoordinate('latitude', values.latitude) ?? undefined,
    longitude: parseFormCoordinate('longitude', values.longitude) ?? undefined,
  };
}

/** Every field's first message; coordinates first report typing they cannot read. */
export function validateForm(values: ProjectFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = projectCreateSchema.safeParse(candidate(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && (PROJECT_FIELDS as readonly string[]).includes(field)) {
        errors[field as ProjectField] ??= issue.message;
      }
    }
  }
  for (const field of ['latitude', 'longitude'] as const) {
    const error = coordinateError(field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}

export function validateField(field: ProjectField, values: ProjectFormValues): string | undefined {
  return validateForm(values)[field];
}

/** The payload for POST/PUT, or null when a field is invalid. */
export function toPayload(values: ProjectFormValues): ProjectPayload | null {
  const parsed = projectCreateSchema.safeParse(candidate(values));
  if (!parsed.success || Object.keys(validateForm(values)).length) return null;
  return {
    name: parsed.data.name,
    description: parsed.data.description ?? null,
    latitude: parsed.data.latitude,
    longitude: parsed.data.longitude,
  };
}

export function sameValues(a: ProjectFormValues, b: ProjectFormValues): boolean {
  return PROJECT_FIELDS.every((field) => a[field] === b[field]);
}

/**
 * An edit that leaves the coordinate text as it was keeps the stored value exactly, so renaming a
 * project does not count as moving it (the server looks up time zone and country again on a move).
 */
export function keepUnmovedCoordinates(
  payload: ProjectPayload,
  values: ProjectFormValues,
  project: Pick<Project, 'latitude' | 'longitude'>,
): ProjectPayload {
  const initial = formValuesFromProject({ ...project, id: 0, name: '', status: 0 });
  return {
    ...payload,
    latitude: values.latitude === initial.latitude ? project.latitude : payload.latitude,
    longitude: values.longitude === initial.longitude ? project.longitude : payload.longitude,
  };
}
