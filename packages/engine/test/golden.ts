/**
 * Loads a reference-vector file from ../shared/reference/golden (beside the repository).
 * Each file holds {function, call, notes, cases: [{inputs, outputs}]}, computed with pvlib-python.
 */
import fs from 'node:fs';
import path from 'node:path';
import { requireSharedDir } from '../../../scripts/sharedDir.ts';

export interface GoldenFile<I = Record<string, unknown>, O = Record<string, number | null>> {
  function: string;
  call: string;
  notes: string;
  n_cases: number;
  cases: { inputs: I; outputs: O }[];
}

/** The shared folder (scripts/sharedDir.ts: SUNFIELD_SHARED_DIR, else ../shared beside the repository). */
export const SHARED_DIR = requireSharedDir();

export function loadGolden<I = Record<string, unknown>, O = Record<string, number | null>>(
  name: string,
): GoldenFile<I, O> {
  const file = path.join(SHARED_DIR, 'reference', 'golden', name.endsWith('.json') ? name : `${name}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as GoldenFile<I, O>;
}

/** |actual − expected| ≤ atol + rtol·|expected|; null expected means NaN expected. */
export function close(
  actual: number,
  expected: number | null,
  tol: { rtol?: number; atol?: number },
): boolean {
  if (expected === null) return Number.isNaN(actual);
  return Math.abs(actual - expected) <= (tol.atol ?? 0) + (tol.rtol ?? 0) * Math.abs(expected);
}
