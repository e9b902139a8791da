/**
 * Building blocks of the entity schemas of the prediction side (spec 3 `Prediction`, `PVPlant` and
 * its nodes): fields with the range a physical device can have and a message that says it, enum
 * fields that name their members, text that refuses NUL and unpaired surrogates, and objects whose
 * keys are matched the way the rebuilt product's API matches them.
 *
 * Key matching: the product's API (ASP.NET Core) binds JSON names case-insensitively, and the public
 * Python SDK round-trips names through snake_case (`useMeteoPOAI` comes back as `useMeteoPoai`,
 * `cool996` as `cool_996`, `max50Year` as `max_50Year`). An entity object therefore accepts a key
 * that equals one of its fields once both are lower-cased and stripped of underscores, and stores it
 * under the field's own name. Unknown keys are dropped.
 */
import { z } from 'zod';
import type { DefinitionSpec } from '../enums/types.ts';

/** Largest integer id (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The problem of a text that a database or a JSON column cannot keep, or null when there is none. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Must not contain the NUL character.';
  if (LONE_SURROGATE.test(text)) return 'Must not contain an unpaired surrogate (invalid Unicode).';
  return null;
}

const checkedText = (max: number) =>
  z
    .string({ error: 'Must be text.' })
    .max(max, { error: `Must be at most ${max} characters.` })
    .superRefine((value, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** Optional text up to `max` characters; null clears. */
export const text = (max = 4000) => checkedText(max).nullish();

/** Required, trimmed, non-empty text (a name). */
export const requiredText = (max: number, required = 'Name is required.') =>
  checkedText(max)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { error: required });

/** A whole number of a range, or null. */
export const int = (min: number, max: number, unit = '') =>
  z
    .number({ error: `Must be a whole number from ${min} to ${max}${unit}.` })
    .int({ error: `Must be a whole number from ${min} to ${max}${unit}.` })
    .min(min, { error: `Must be a whole number from ${min} to ${max}${unit}.` })
    .max(max, { error: `Must be a whole number from ${min} to ${max}${unit}.` })
    .nullish();

/** A number of a closed range [min, max] in `unit`, or null. */
export const num = (min: number, max: number, unit = '') => {
  const message = `Must be a number from ${min} to ${max}${unit ? ` ${unit}` : ''}.`;
  return z.number({ error: message }).min(min, { error: message }).max(max, { error: message }).nullish();
};

/** A number of a range that excludes its lower end (min, max], or null. */
export const positive = (max: number, unit = '', min = 0) => {
  const message = `Must be greater than ${min} and at most ${max}${unit ? ` ${unit}` : ''}.`;
  return z.number({ error: message }).gt(min, { error: message }).max(max, { error: message }).nullish();
};

export const bool = () => z.boolean({ error: 'Must be true or false.' }).nullish();

/** A record id (a positive integer); ids of other records are checked by the server. */
export const id = () =>
  z
    .number({ error: 'Must be a positive whole number.' })
    .int({ error: 'Must be a positive whole number.' })
    .min(1, { error: 'Must be a positive whole number.' })
    .max(MAX_ID, { error: 'Is out of range.' })
    .nullish();

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,7})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A date and time as the API writes them (`2026-01-01T00:00:00`, with or without an offset or
 * fraction), or null; an empty string (the SDK's `energization_date=''`) is null.
 */
export const dateTime = () =>
  z.preprocess(
    (value) => (value === '' ? null : value),
    z
      .string({ error: 'Must be a date and time such as 2026-01-01T00:00:00.' })
      .max(40, { error: 'Must be a date and time such as 2026-01-01T00:00:00.' })
      .refine((value) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T'))), {
        error: 'Must be a date and time such as 2026-01-01T00:00:00.',
      })
      .nullish(),
  );

/** The ids of an enumeration, and its message: `Must be one of 0 (Hay), 1 (Perez).` */
export function enumMessage(definition: DefinitionSpec): string {
  const members = definition.values.map((v) => `${v.id} (${v.label ?? v.name})`).join(', ');
  return `Must be one of ${members}.`;
}

/** A member of an enumeration (its integer id), or null. */
export const enumOf = (definition: DefinitionSpec) => {
  const ids = new Set<number>(definition.values.map((v) => v.id));
  const message = enumMessage(definition);
  return z
    .number({ error: message })
    .min(Math.min(...ids), { error: message, abort: true })
    .max(Math.max(...ids), { error: message, abort: true })
    .refine((value) => ids.has(value), { error: message })
    .nullish();
};

/**
 * An empty list is read as not sent; null still clears. The public Python SDK cannot send a list of
 * numbers: its `convert_json` keeps only the objects of a list, so a record it read and sends back
 * (`Prediction.update()`, `PowerPlant.update()`) carries `[]` for every such list.
 */
export const emptyListAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (Array.isArray(value) && value.length === 0 ? undefined : value), schema);

/**
 * A list of numbers of a range (time series details), at most `maxItems` long; `[]` is read as not
 * sent ({@link emptyListAsAbsent}).
 */
export const numberList = (min: number, max: number, maxItems: number, unit = '') =>
  emptyListAsAbsent(
    z
      .array(
        z
          .number({ error: `Each value must be a number from ${min} to ${max}${unit ? ` ${unit}` : ''}.` })
          .min(min, { error: `Each value must be a number from ${min} to ${max}${unit ? ` ${unit}` : ''}.` })
          .max(max, { error: `Each value must be a number from ${min} to ${max}${unit ? ` ${unit}` : ''}.` }),
        { error: 'Must be a list of numbers.' },
      )
      .max(maxItems, { error: `Must have at most ${maxItems} values.` })
      .nullish(),
  );

/** A list of entities, at most `maxItems` long. */
export const list = <T extends z.ZodType>(item: T, maxItems: number) =>
  z
    .array(item, { error: 'Must be a list.' })
    .max(maxItems, { error: `Must have at most ${maxItems} items.` })
    .nullish();

/** Marks a field that is presented but never read from input (results, joined records, computed sizes). */
export const OUTPUT_ONLY: unique symbol = Symbol('output-only');
export const outputOnly = (): typeof OUTPUT_ONLY => OUTPUT_ONLY;

type FieldDef = z.ZodType | typeof OUTPUT_ONLY;
/** The fields of a shape that are read from input. */
export type InputShape<S> = {
  [K in keyof S as S[K] extends typeof OUTPUT_ONLY ? never : K]: Exclude<S[K], typeof OUTPUT_ONLY>;
};

/** `a_b_C` → `abc`: the form in which keys are compared. */
export const normalizeKey = (key: string): string => key.replace(/_/g, '').toLowerCase();

/** Field names of a spec 3 field list (`id:int, name:str, …`), in order. */
export function specKeys(list: string): readonly string[] {
  return list
    .replace(/<[^>]*>/g, '')
    .split(',')
    .map((part) => part.trim().split(':')[0]!.trim())
    .filter((key) => key.length > 0);
}

/** Renames each key of `value` that matches a field once normalized; other values pass through. */
function canonicalize(byNormal: ReadonlyMap<string, string>, keys: ReadonlySet<string>) {
  return (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const source = value as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    for (const key of Object.keys(source)) {
      if (keys.has(key)) continue;
      const canonical = byNormal.get(normalizeKey(key));
      if (canonical === undefined) continue;
      out ??= { ...source };
      // The exact spelling wins when both are sent.
      if (!(canonical in source)) out[canonical] = source[key];
      delete out[key];
    }
    return out ?? source;
  };
}

/**
 * An entity object: `shape` holds every field, each optional; the output-only ones are dropped from
 * input. `presented` lists every field the API shows (spec order); all of them take part in key
 * matching, so that an output-only field spelled differently is recognised and dropped too.
 */
export function entity<S extends Record<string, FieldDef>>(shape: S, presented: readonly string[] = []) {
  const input = Object.fromEntries(
    Object.entries(shape).filter(([, field]) => field !== OUTPUT_ONLY),
  ) as InputShape<S>;
  const keys = new Set<string>([...Object.keys(shape), ...presented]);
  const byNormal = new Map<string, string>();
  for (const key of keys) byNormal.set(normalizeKey(key), key);
  return z.preprocess(canonicalize(byNormal, new Set(Object.keys(input))), z.object(input));
}

/**
 * The entity as the API shows it: every presented key in order, null where the stored value has none,
 * then the stored extras that are not presented keys (Sunfield's own fields).
 */
export function presentFields(
  stored: Readonly<Record<string, unknown>>,
  presented: readonly string[],
  extras: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of presented) out[key] = stored[key] ?? null;
  for (const key of extras) out[key] = stored[key] ?? null;
  return out;
}
