/**
 * Splits a failed call's errors between a form's fields and the form as a whole (pure, unit-tested):
 * modelState keys match field names case-insensitively (a 'model.' prefix is ignored); the rest, or
 * the plain message of the answer, is general.
 */
import { buildErrorMessages } from '../api/errors.ts';

export interface FormErrors {
  fields: Record<string, string>;
  general: string[];
}

function bodyOf(error: unknown): unknown {
  if (error && typeof error === 'object' && 'body' in error && 'status' in error) {
    return (error as { body: unknown }).body;
  }
  if (error instanceof Error) return error.message;
  return error;
}

export function splitFormErrors(error: unknown, fieldNames: readonly string[]): FormErrors {
  const body = bodyOf(error);
  const fields: Record<string, string> = {};
  const general: string[] = [];
  const modelState = (body as { modelState?: Record<string, string[] | string> } | null)?.modelState;
  if (modelState && typeof modelState === 'object' && Object.keys(modelState).length) {
    for (const [key, value] of Object.entries(modelState)) {
      const messages = (Array.isArray(value) ? value : [value]).filter(Boolean);
      const name = key.replace(/^model\./i, '').toLowerCase();
      const field = fieldNames.find((candidate) => candidate.toLowerCase() === name);
      if (field && messages.length) fields[field] = messages.join(' ');
      else general.push(...messages);
    }
    return { fields, general };
  }
  return { fields, general: buildErrorMessages(body) };
}
