/**
 * The dirty-form flag (spec 1 §2, spec 2 §9.1): a form reports whether it has unsaved changes with
 * useDirtyForm(isDirty); the flag is raised after the 1000 ms debounce and dropped at once when the
 * form is clean, saved or unmounted. The navigation guard asks before leaving while it is raised.
 * Several forms may be on one page (a prediction's draft and its export options): the flag is raised
 * while any of them is dirty, and each form clears only its own part; markFormClean (after the
 * discard confirmation, a sign-out) clears them all.
 */
import { useEffect, useState } from 'react';
import { createStore, useStore } from './store.ts';

export const DIRTY_FORM_DEBOUNCE_MS = 1000;

export const dirtyForm = createStore(false);

/** The forms that have unsaved changes. */
const dirtySources = new Set<symbol>();

function publish(): void {
  dirtyForm.set(dirtySources.size > 0);
}

function setSource(id: symbol, dirty: boolean): void {
  if (dirty) dirtySources.add(id);
  else dirtySources.delete(id);
  publish();
}

/** Clears the flag of every form (after discarding, or before a redirect that must not ask). */
export function markFormClean(): void {
  dirtySources.clear();
  publish();
}

export function useIsFormDirty(): boolean {
  return useStore(dirtyForm);
}

/** Reports a form's dirty state. Returns markClean, which clears this form's part of the flag. */
export function useDirtyForm(isDirty: boolean): { markClean: () => void } {
  const [id] = useState(() => Symbol('form'));
  useEffect(() => {
    if (!isDirty) {
      setSource(id, false);
      return;
    }
    const timer = setTimeout(() => setSource(id, true), DIRTY_FORM_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [id, isDirty]);
  useEffect(() => () => setSource(id, false), [id]);
  return { markClean: () => setSource(id, false) };
}
