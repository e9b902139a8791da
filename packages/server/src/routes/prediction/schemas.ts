/**
 * Input schemas of the prediction routes beyond the entity schemas of the domain package: status
 * changes (the SDK's list `[{name, id, type, status, note}]` or the web app's `{projectId, items}`),
 * title and notes updates, and the clone query.
 */
import { z } from 'zod';
import { enumMessage, textProblem } from '@sunfield/domain/api/fields.ts';
import { PredictionStatusEnum } from '@sunfield/domain/enums/status.ts';
import { PREDICTION_NAME_MAX } from '@sunfield/domain';

const statusMessage = enumMessage(PredictionStatusEnum);

const statusItem = z.object({
  id: z
    .number({ error: 'Id is required.' })
    .int('Id must be a whole number.')
    .positive('Id must be positive.')
    .max(2_147_483_647, 'Id is out of range.'),
  status: z
    .number({ error: statusMessage })
    .min(Math.min(...PredictionStatusEnum.values.map((v) => v.id)), statusMessage)
    .max(Math.max(...PredictionStatusEnum.values.map((v) => v.id)), statusMessage)
    .refine((value) => PredictionStatusEnum.values.some((v) => v.id === value), statusMessage),
  note: z
    .string()
    .max(4000, 'Note must be at most 4000 characters.')
    .refine((value) => textProblem(value) === null, 'Note must not contain NUL or unpaired surrogates.')
    .nullable()
    .optional(),
});

const items = z
  .array(statusItem, { error: 'A list of {id, status, note} is required.' })
  .min(1, 'There are no files currently selected.')
  .max(1000, 'At most 1000 predictions can change status at once.');

/** `[{id, status, note}]` or `{projectId, items: [...]}` → the items. */
export const predictionStatusChangeSchema = z.preprocess(
  (value) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && 'items' in value
      ? (value as { items: unknown }).items
      : value,
  items,
);
export type PredictionStatusItem = z.output<typeof statusItem>;

const nameText = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(PREDICTION_NAME_MAX, `Name must be at most ${PREDICTION_NAME_MAX} characters.`)
  .refine((value) => textProblem(value) === null, 'Name must not contain NUL or unpaired surrogates.');

/** TitleUpdate: a JSON string, or `{name}` (also `title`). */
export const titleUpdateSchema = z.preprocess((value) => {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return o.name ?? o.title ?? o.Name ?? o.Title;
  }
  return value;
}, nameText);

/** NotesUpdate: a JSON string, or `{notes}` (also `note`, `description`); stored as the description. */
export const notesUpdateSchema = z.preprocess(
  (value) => {
    if (typeof value === 'string' || value === null) return value;
    if (typeof value === 'object') {
      const o = value as Record<string, unknown>;
      return o.notes ?? o.note ?? o.description ?? o.Notes ?? o.Description ?? null;
    }
    return value;
  },
  z
    .string({ error: 'Notes must be text.' })
    .max(4000, 'Notes must be at most 4000 characters.')
    .refine((value) => textProblem(value) === null, 'Notes must not contain NUL or unpaired surrogates.')
    .nullable(),
);

export const cloneQuerySchema = z.object({
  cloneToBlockBuilder: z
    .preprocess(
      (value) => (value === undefined || value === '' ? undefined : String(value).toLowerCase()),
      z.enum(['true', 'false']).optional(),
    )
    .transform((value) => value === 'true'),
  name: z.string().max(PREDICTION_NAME_MAX).optional(),
});
