/**
 * The shape of the enumerations served by `GET /definitions` (spec 4 §1: `[{type, values: [{id, name}]}]`).
 *
 * - `name` is the identifier of the value: spec 1's name where spec 1 lists the enumeration
 *   (`DraftPrivate`, `VoltagePro`, `Premium`), otherwise the name of the commercial API's `GET /Definitions`
 *   (spec 3 enum catalog, e.g. `Bird-Hulstrom`), so that scripts written for that API keep matching.
 * - `label` is what users see, when it differs from `name` (spec 1 labels win: `Draft-Private`,
 *   `Individual`, `As-Built`).
 * - `aliases` are the other names the value is known by (spec 3 / OpenAPI names that differ, the
 *   `DRAFT_PRIVATE` style names of spec 1 §3), so that a lookup by any of them succeeds.
 * - `key` (data only, never served) is the property name of the value in the typed constant objects
 *   when `name` is not an identifier (`'Kasten-Sandia'` → `KastenSandia`).
 */
export interface DefinitionValue {
  readonly id: number;
  readonly name: string;
  readonly label?: string;
  readonly aliases?: readonly string[];
  readonly key?: string;
}

export interface DefinitionSpec {
  readonly type: string;
  /** Other type names the enumeration answers to (spec 1 wording, e.g. `AssetStatusEnum`). */
  readonly aliases?: readonly string[];
  readonly values: readonly DefinitionValue[];
}

/** One enumeration as `GET /definitions` serves it. */
export interface Definition {
  type: string;
  aliases?: string[];
  values: { id: number; name: string; label?: string; aliases?: string[] }[];
}

type ValueKey<V> = V extends { readonly key: infer K extends string }
  ? K
  : V extends { readonly name: infer N extends string }
    ? N
    : never;

/** `{Name: id}` for every value of a definition, with literal ids. */
export type EnumConstants<D extends DefinitionSpec> = {
  readonly [V in D['values'][number] as ValueKey<V>]: V['id'];
};

/** The union of the ids of a definition. */
export type EnumId<D extends DefinitionSpec> = D['values'][number]['id'];

/** Builds the typed constant object of a definition (`{DraftPrivate: 1, …}`). */
export function enumConstants<const D extends DefinitionSpec>(definition: D): EnumConstants<D> {
  return Object.freeze(
    Object.fromEntries(definition.values.map((value) => [value.key ?? value.name, value.id])),
  ) as EnumConstants<D>;
}
