/**
 * Prepared statements made once per database handle (issue 18): Drizzle builds their SQL once, and
 * PostgreSQL parses and plans each once per connection. Keyed by the statement's name, which must
 * name one SQL text (the same name is the same statement).
 */
import type { Db } from '../db/index.ts';
import { perHandle } from '../db/perHandle.ts';

const statementsOf = perHandle((): Map<string, unknown> => new Map());

/** The statement `name` of `db`, built by `build` the first time it is asked for. */
export function preparedOnce<T>(db: Db, name: string, build: () => T): T {
  const byName = statementsOf(db);
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    byName.set(name, statement);
  }
  return statement;
}
