import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, haversineDistanceKm } from '../src/geo.ts';

describe('haversineDistanceKm', () => {
  it('uses an earth radius of 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    expect(haversineDistanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(
      (6371 * Math.PI) / 180,
      9,
    );
    expect(haversineDistanceKm({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 0 })).toBeCloseTo(
      6371 * Math.PI,
      6,
    );
  });

  it('is zero for one point and symmetric', () => {
    const denver = { latitude: 39.7393, longitude: -104.9903 };
    const boulder = { latitude: 40.015, longitude: -105.2705 };
    expect(haversineDistanceKm(denver, denver)).toBe(0);
    expect(haversineDistanceKm(denver, boulder)).toBeCloseTo(haversineDistanceKm(boulder, denver), 12);
    expect(haversineDistanceKm(denver, boulder)).toBeGreaterThan(38);
    expect(haversineDistanceKm(denver, boulder)).toBeLessThan(40);
  });

  it('goes the short way across the antimeridian', () => {
    expect(
      haversineDistanceKm({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 }),
    ).toBeCloseTo((6371 * Math.PI) / 180, 6);
  });
});
