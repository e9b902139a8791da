/**
 * fast-check arbitraries built from a zod 4 schema, for the fuzz suite: mostly bodies of the right
 * shape with values at and past each field's bounds (where a server that trusts its schema breaks:
 * 1e308, −0, the limit ± 1, empty and very long strings, odd Unicode), and now and then a value of
 * the wrong type or a missing or extra key (where a server that trusts its types breaks).
 *
 * The walk reads zod's public definition objects (`schema._zod.def`); kinds it does not know
 * become any JSON value, so a new zod feature weakens the fuzz but never breaks it.
 */
import fc from 'fast-check';
import type { z } from 'zod';

interface Def {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  [key: string]: unknown;
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Any JSON value, small: the "wrong type" case. */
const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 8 }),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Strings that have broken servers before (paths, SQL, markup, formats, lengths, Unicode). */
const hostileStrings = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  'NaN',
  '1e308',
  '../../etc/passwd',
  "'; drop table projects; --",
  '<script>alert(1)</script>',
  '%00',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  '\u202e\u200b\ufeff',
  '😀'.repeat(40),
  'x'.repeat(5000),
  '2026-02-30T25:61:00Z',
  'a@b',
);

interface Bounds {
  min?: number;
  max?: number;
  int: boolean;
}

function numberBounds(def: Def): Bounds {
  const bounds: Bounds = { int: def.type === 'int' };
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'greater_than') bounds.min = c.value as number;
    else if (c.check === 'less_than') bounds.max = c.value as number;
    else if (c.check === 'number_format' && String(c.format).includes('int')) bounds.int = true;
  }
  return bounds;
}

function numberArbitrary(def: Def, valid: boolean): fc.Arbitrary<unknown> {
  const { min, max, int } = numberBounds(def);
  if (valid) return validNumber(def);
  const edges = [0, -0, 1, -1, 0.5, 1e308, -1e308, 5e-324, 2 ** 31, 2 ** 53 + 2, 1e21];
  for (const limit of [min, max])
    if (limit !== undefined) edges.push(limit, limit - 1, limit + 1, limit - 1e-9);
  const lo = min ?? -1e6;
  const hi = max ?? 1e6;
  const inside =
    int && Number.isSafeInteger(Math.ceil(lo)) && Number.isSafeInteger(Math.floor(hi)) && lo <= hi
      ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
      : lo <= hi
        ? fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true })
        : fc.double({ noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ arbitrary: inside, weight: 3 }, { arbitrary: fc.constantFrom(...edges), weight: 2 });
}

/** A number the field's own checks accept (the bounds with their exclusivity, integers). */
function validNumber(def: Def): fc.Arbitrary<number> {
  let min = -1e6;
  let max = 1e6;
  let minExcluded = false;
  let maxExcluded = false;
  let int = def.type === 'int';
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'greater_than') [min, minExcluded] = [c.value as number, !c.inclusive];
    else if (c.check === 'less_than') [max, maxExcluded] = [c.value as number, !c.inclusive];
    else if (c.check === 'number_format' && String(c.format).includes('int')) int = true;
  }
  if (int) {
    const lo = Math.max(Math.ceil(minExcluded ? min + 1e-9 : min), -1e9);
    const hi = Math.min(Math.floor(maxExcluded ? max - 1e-9 : max), 1e9);
    return lo <= hi ? fc.integer({ min: lo, max: hi }) : fc.constant(lo);
  }
  return fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true });
}

function validString(def: Def): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = 30;
  let pattern: RegExp | undefined;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'max_length') maxLength = Math.min(Number(c.maximum), 60);
    else if (c.check === 'min_length') minLength = Number(c.minimum);
    else if (c.check === 'string_format' && c.pattern instanceof RegExp) pattern = c.pattern;
  }
  const format = def.format as string | undefined;
  if (format === 'email') return fc.emailAddress();
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'datetime')
    return fc.date({ noInvalidDate: true, min: new Date(0) }).map((d) => d.toISOString());
  if (pattern) return fc.stringMatching(pattern);
  return fc.string({ minLength: Math.min(minLength, maxLength), maxLength: Math.max(minLength, maxLength) });
}

function stringArbitrary(def: Def, valid: boolean): fc.Arbitrary<unknown> {
  if (valid) return validString(def);
  let maxLength = 40;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'max_length') maxLength = Math.min(Number(c.maximum) + 2, 300);
  }
  const format = def.format as string | undefined;
  const formatted =
    format === 'email'
      ? fc.emailAddress()
      : format === 'uuid' || format === 'guid'
        ? fc.uuid()
        : format === 'datetime' || format === 'date'
          ? fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
          : fc.string({ maxLength });
  return fc.oneof(
    { arbitrary: formatted, weight: 3 },
    { arbitrary: fc.string({ unit: 'binary', maxLength }), weight: 1 },
    { arbitrary: hostileStrings, weight: 1 },
  );
}

type Memo = Map<unknown, fc.Arbitrary<unknown>>;

/** Valid mode: values the schema's own checks accept, every required key given, no stray types. */
interface Mode {
  valid: boolean;
  memo: Memo;
}

function build(schema: unknown, depth: number, mode: Mode): fc.Arbitrary<unknown> {
  const { valid, memo } = mode;
  if (depth > 12) return valid ? fc.constant(null) : anyJson;
  const cached = memo.get(schema);
  if (cached) return cached;
  const def = defOf(schema);
  const next = (inner: unknown) => build(inner, depth + 1, mode);
  let arbitrary: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'number':
    case 'int':
      arbitrary = numberArbitrary(def, valid);
      break;
    case 'string':
      arbitrary = stringArbitrary(def, valid);
      break;
    case 'boolean':
      arbitrary = fc.boolean();
      break;
    case 'null':
      arbitrary = fc.constant(null);
      break;
    case 'literal':
      arbitrary = fc.constantFrom(...(def.values as unknown[]));
      break;
    case 'enum': {
      const members = Object.values(def.entries as Record<string, unknown>);
      // Members, and their neighbours that are not members (pvModel −1 or 200).
      arbitrary = valid
        ? fc.constantFrom(...members)
        : fc.oneof(
            { arbitrary: fc.constantFrom(...members), weight: 4 },
            { arbitrary: fc.constantFrom(-1, 200, 'Unknown', 1.5), weight: 1 },
          );
      break;
    }
    case 'array': {
      let minLength = 0;
      let maxLength = 4;
      for (const check of def.checks ?? []) {
        const c = check._zod.def;
        if (c.check === 'min_length') minLength = Number(c.minimum);
        if (c.check === 'max_length') maxLength = Math.min(maxLength, Number(c.maximum));
      }
      maxLength = Math.max(maxLength, Math.min(minLength, 12));
      arbitrary = fc.array(next(def.element), {
        minLength: valid ? Math.min(minLength, maxLength) : 0,
        maxLength: valid ? maxLength : Math.min(maxLength + 1, 13),
      });
      break;
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(shape)) record[key] = next(value);
      const keys = Object.keys(record);
      // Each key present with a probability, so that both "required missing" and "optional
      // given" are tried; sometimes an unknown extra key rides along.
      const required = keys.filter((key) => !isOptional(shape[key]));
      arbitrary = valid
        ? fc.record(record, { requiredKeys: required })
        : fc
            .tuple(
              fc.record(record, { requiredKeys: keys.filter((_, i) => i % 3 !== 2) }),
              fc.option(fc.dictionary(fc.string({ maxLength: 6 }), anyJson, { maxKeys: 2 }), { freq: 4 }),
            )
            .map(([body, extra]) => (extra ? { ...extra, ...body } : body));
      break;
    }
    case 'record':
      arbitrary = fc.dictionary(fc.string({ maxLength: 12 }), next(def.valueType), { maxKeys: 4 });
      break;
    case 'tuple':
      arbitrary = fc.tuple(...(def.items as unknown[]).map(next));
      break;
    case 'union':
      arbitrary = fc.oneof(...(def.options as unknown[]).map(next));
      break;
    case 'optional':
      arbitrary = valid ? next(def.innerType) : fc.option(next(def.innerType), { nil: undefined, freq: 5 });
      break;
    case 'nullable':
      arbitrary = fc.option(next(def.innerType), { nil: null, freq: 5 });
      break;
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      arbitrary = next(def.innerType);
      break;
    case 'pipe': {
      // z.preprocess(fn, schema) is a pipe whose input is a transform: generate for the output.
      const input = defOf(def.in);
      arbitrary = next(input.type === 'transform' ? def.out : def.in);
      break;
    }
    case 'lazy':
      arbitrary = next((def.getter as () => unknown)());
      break;
    default:
      arbitrary = anyJson;
  }
  // One time in twelve, a value of any type in place of the expected one.
  const mixed = valid ? arbitrary : fc.oneof({ arbitrary, weight: 11 }, { arbitrary: anyJson, weight: 1 });
  memo.set(schema, mixed);
  return mixed;
}

function isOptional(schema: unknown): boolean {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault' || type === 'catch';
}

/** Every place in a JSON value (as a key path), the root included. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...prefix, i], out));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out);
  return out;
}

const leafValues = fc.oneof(
  anyJson,
  hostileStrings,
  fc.constantFrom(1e308, -1e308, -1, 0, 2 ** 31, 5e-324, 1e21),
  fc.constant(undefined),
);

/** A valid body with one place replaced by a hostile value (or removed, for `undefined`). */
function mutateOne(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat(), leafValues).map(([value, n, leaf]) => {
    const paths = pathsOf(value);
    const path = paths[n % paths.length]!;
    if (!path.length) return leaf;
    const copy = structuredClone(value) as Record<string | number, unknown>;
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    const last = path[path.length - 1]!;
    if (leaf === undefined && !Array.isArray(node)) delete node[last];
    else node[last] = leaf;
    return copy;
  });
}

/**
 * Bodies for `schema`: a third valid (so that the route's own code runs, not just the schema),
 * a third valid but for one field set to a hostile value, a third hostile throughout.
 */
export function arbitraryFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const valid = build(schema, 0, { valid: true, memo: new Map() });
  const wild = build(schema, 0, { valid: false, memo: new Map() });
  return fc.oneof(valid, mutateOne(valid), wild);
}

/** Bodies for a route whose schema is not known: JSON of any shape. */
export const arbitraryJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(fc.string({ maxLength: 12 }), anyJson, { maxKeys: 8 }),
);
