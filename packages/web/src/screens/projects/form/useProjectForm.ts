/**
 * State of the project form: text as typed, errors (validated as you type once a field was left),
 * the committed point (parsed when a coordinate field is left, or picked on the map) and dirtiness.
 */
import { useCallback, useMemo, useState } from 'react';
import { formatDecimalDegrees } from '../model/format.ts';
import {
  parseFormCoordinate,
  sameValues,
  toPayload,
  validateField,
  validateForm,
  type FieldErrors,
  type ProjectField,
  type ProjectFormValues,
} from '../model/form.ts';
import type { ProjectPayload } from '../model/types.ts';

export interface Point {
  latitude: number | null;
  longitude: number | null;
}

function pointOf(values: ProjectFormValues): Point {
  return {
    latitude: parseFormCoordinate('latitude', values.latitude),
    longitude: parseFormCoordinate('longitude', values.longitude),
  };
}

export function useProjectForm(initial: ProjectFormValues) {
  const [baseline, setBaseline] = useState(initial);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<ProjectField, boolean>>>({});
  const [point, setPoint] = useState<Point>(() => pointOf(initial));

  const setError = (field: ProjectField, error: string | undefined) =>
    setErrors((previous) => {
      if (previous[field] === error) return previous;
      const next = { ...previous };
      if (error) next[field] = error;
      else delete next[field];
      return next;
    });

  const change = (field: ProjectField, text: string) => {
    const next = { ...values, [field]: text };
    setValues(next);
    if (touched[field] || errors[field]) setError(field, validateField(field, next));
  };

  const blur = (field: ProjectField) => {
    setTouched((previous) => ({ ...previous, [field]: true }));
    setError(field, validateField(field, values));
    if (field === 'latitude' || field === 'longitude') {
      const parsed = parseFormCoordinate(field, values[field]);
      setPoint((previous) => ({ ...previous, [field]: parsed }));
    }
  };

  /** A point picked on the map fills both fields. */
  const pick = useCallback((latitude: number, longitude: number) => {
    setValues((previous) => ({
      ...previous,
      latitude: formatDecimalDegrees(latitude),
      longitude: formatDecimalDegrees(longitude),
    }));
    setPoint({ latitude, longitude });
    setErrors(({ latitude: _lat, longitude: _lng, ...rest }) => rest);
    setTouched((previous) => ({ ...previous, latitude: true, longitude: true }));
  }, []);

  /** Validates everything; the payload when all is valid, otherwise null with the errors shown. */
  const submit = (): ProjectPayload | null => {
    const all = validateForm(values);
    setErrors(all);
    setTouched({ name: true, description: true, latitude: true, longitude: true });
    setPoint(pointOf(values));
    return toPayload(values);
  };

  /** Messages of a 400 answer under their fields. */
  const showFieldErrors = (fieldErrors: FieldErrors) =>
    setErrors((previous) => ({ ...previous, ...fieldErrors }));

  /** After a successful save: what was saved becomes the new clean state. */
  const markSaved = (saved: ProjectFormValues = values) => {
    setBaseline(saved);
    setValues(saved);
  };

  const dirty = useMemo(() => !sameValues(values, baseline), [values, baseline]);

  return { values, errors, point, dirty, change, blur, pick, submit, showFieldErrors, markSaved };
}

export type ProjectForm = ReturnType<typeof useProjectForm>;
