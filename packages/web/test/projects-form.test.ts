import { describe, expect, it } from 'vitest';
import {
  EMPTY_PROJECT_FORM,
  formValuesFromProject,
  keepUnmovedCoordinates,
  toPayload,
  validateForm,
} from '../src/screens/projects/model/form.ts';
import { formatPointer, graticule, normalizePoint } from '../src/components/map/mapStyle.ts';

describe('project form', () => {
  it('requires a name and both coordinates', () => {
    expect(validateForm(EMPTY_PROJECT_FORM)).toEqual({
      name: 'Name is required.',
      latitude: 'Latitude is required.',
      longitude: 'Longitude is required.',
    });
    expect(
      validateForm({ ...EMPTY_PROJECT_FORM, name: 'x', latitude: '95', longitude: '10 N' }),
    ).toMatchObject({
      latitude: expect.stringContaining('between -90 and 90'),
      longitude: expect.stringContaining('between -180 and 180'),
    });
  });

  it('makes the payload from typed text', () => {
    expect(
      toPayload({ name: '  Prairie Sun ', description: ' ', latitude: `39° 30' 0" N`, longitude: '98.35 W' }),
    ).toEqual({ name: 'Prairie Sun', description: null, latitude: 39.5, longitude: -98.35 });
    expect(toPayload(EMPTY_PROJECT_FORM)).toBeNull();
  });

  it('fills the fields from a project', () => {
    expect(
      formValuesFromProject({ id: 1, name: 'A', latitude: 39.7393333333, longitude: -104.984, status: 0 }),
    ).toEqual({ name: 'A', description: '', latitude: '39.739333', longitude: '-104.984' });
  });

  it('keeps stored coordinates exactly when their text was not touched', () => {
    const project = { latitude: 39.73933333333, longitude: -104.98400000001 };
    const values = formValuesFromProject({ ...project, id: 1, name: 'A', status: 0 });
    const payload = toPayload({ ...values, name: 'B' })!;
    expect(keepUnmovedCoordinates(payload, values, project)).toEqual({ ...payload, ...project });
    const moved = { ...values, latitude: '40' };
    expect(keepUnmovedCoordinates(toPayload(moved)!, moved, project)).toMatchObject({
      latitude: 40,
      longitude: project.longitude,
    });
  });
});

describe('map helpers', () => {
  it('wrap longitudes and round picked points', () => {
    expect(normalizePoint(39.123456789, -98.35)).toEqual({ latitude: 39.123457, longitude: -98.35 });
    expect(normalizePoint(10, 190)).toEqual({ latitude: 10, longitude: -170 });
    expect(normalizePoint(95, -540)).toEqual({ latitude: 90, longitude: -180 });
    expect(formatPointer(39.5, -98.35)).toBe('39.5000° N, 98.3500° W');
    expect(formatPointer(-33.86, 151.2)).toBe('33.8600° S, 151.2000° E');
  });

  it('draws a graticule with major lines every 10°', () => {
    const grid = graticule(10);
    expect(grid.features.every((feature) => feature.properties?.major)).toBe(true);
    expect(graticule(1).features.filter((feature) => feature.properties?.major).length).toBe(
      grid.features.length,
    );
  });
});
