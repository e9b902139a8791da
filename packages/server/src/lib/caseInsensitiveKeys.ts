/**
 * JSON property names matched case-insensitively, as the public API of the product Sunfield rebuilds
 * binds them (an ASP.NET service). Its Python SDK relies on that: it keeps fields in snake_case and
 * turns them back into camelCase by rule, so irregular names come back in another case
 * (`stcmppCurrent` → `stc_mpp_current` → `stcMppCurrent`, `seriesResistanceAtSTC` →
 * `seriesResistanceAtStc`, `kVACurves` → `kvaCurves`). Without this, zod would drop those fields as
 * unknown and a module created by the SDK would silently lose its values.
 *
 * `canonicalKeys(schema)` walks a zod schema (objects, arrays, optional/nullable/default wrappers,
 * preprocess pipes, unions) and renames each property of a value to the schema's spelling when it
 * matches one ignoring case and underscores (`normalizeKey` of the domain, the rule the prediction and
 * plant schemas use too: the SDK also writes `cool_996`, `max_50Year`). An exact match always wins.
 */
import type { z } from 'zod';
import { normalizeKey } from '@sunfield/domain';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object shapes a schema may take (through wrappers, pipes and unions). */
function shapesOf(schema: z.ZodType, depth = 0): Record<string, z.ZodType>[] {
  if (depth > 20) return [];
  const def = defOf(schema);
  if (def.shape) return [def.shape];
  const inner = [def.innerType, def.in, def.out, ...(def.options ?? [])].filter(
    (s): s is z.ZodType => s !== undefined,
  );
  return inner.flatMap((s) => shapesOf(s, depth + 1));
}

/** The element schemas of the arrays a schema may take. */
function elementsOf(schema: z.ZodType, depth = 0): z.ZodType[] {
  if (depth > 20) return [];
  const def = defOf(schema);
  if (def.element) return [def.element];
  const inner = [def.innerType, def.in, def.out, ...(def.options ?? [])].filter(
    (s): s is z.ZodType => s !== undefined,
  );
  return inner.flatMap((s) => elementsOf(s, depth + 1));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of `value` whose property names (at every level the schema describes) have the schema's
 * spelling. Values the schema does not describe are returned as they are.
 */
export function canonicalKeys(schema: z.ZodType, value: unknown, depth = 0): unknown {
  if (depth > 20) return value;
  if (Array.isArray(value)) {
    const elements = elementsOf(schema);
    if (elements.length === 0) return value;
    return value.map((item) => elements.reduce((v, element) => canonicalKeys(element, v, depth + 1), item));
  }
  if (!isPlainObject(value)) return value;
  const shapes = shapesOf(schema);
  if (shapes.length === 0) return value;
  const fields = new Map<string, z.ZodType>();
  for (const shape of shapes) for (const [key, field] of Object.entries(shape)) fields.set(key, field);
  const byNormal = new Map<string, string>();
  for (const key of fields.keys()) byNormal.set(normalizeKey(key), key);

  const out: Record<string, unknown> = {};
  // Exact names first, so that `stcmppCurrent` beats a `stcMppCurrent` sent beside it.
  const entries = Object.entries(value).sort(([a], [b]) => Number(fields.has(b)) - Number(fields.has(a)));
  for (const [key, item] of entries) {
    const canonical = fields.has(key) ? key : (byNormal.get(normalizeKey(key)) ?? key);
    if (canonical !== key && canonical in out) continue;
    const field = fields.get(canonical);
    out[canonical] = field ? canonicalKeys(field, item, depth + 1) : item;
  }
  return out;
}
