/**
 * Values kept per database handle (caches, prepared statements): made on the first use with a handle
 * and dropped with it, so two databases of one process (the tests) never share one.
 */
import type { Db } from './index.ts';

/** The value of `db`, made by `make` the first time it is asked for. */
export function perHandle<T>(make: (db: Db) => T): (db: Db) => T {
  const values = new WeakMap<Db, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) {
      value = make(db);
      values.set(db, value);
    }
    return value;
  };
}
