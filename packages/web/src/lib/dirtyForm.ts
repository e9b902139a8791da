/**
 * The dirty-form flag (spec 1 §2, spec 2 §9.1): a form reports whether it has unsaved changes with
 * useDirtyForm(isDirty); the flag is raised after the 1000 ms debounce and dropped at once when the
 * form is clean, saved or unmounted. The navigation guard asks before leaving while it is raised.
 */
import { useEffect } from 'react';
import { createStore, useStore } from './store.ts';

export const DIRTY_FORM_DEBOUNCE_MS = 1000;

export const dirtyForm = createStore(false);

/** Clears the flag (after saving, or before a redirect that must not ask). */
export function markFormClean(): void {
  dirtyForm.set(false);
}

export function useIsFormDirty(): boolean {
  return useStore(dirtyForm);
}

/** Reports a form's dirty state. Returns markFormClean for the form's save handler. */
export function useDirtyForm(isDirty: boolean): { markClean: () => void } {
  useEffect(() => {
    if (!isDirty) {
      dirtyForm.set(false);
      return;
    }
    const timer = setTimeout(() => dirtyForm.set(true), DIRTY_FORM_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [isDirty]);
  useEffect(() => () => dirtyForm.set(false), []);
  return { markClean: markFormClean };
}
