/** The weather search by location: radius in the API's miles, distances per unit, the array answer. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEARCH_RADIUS,
  distanceUnitOf,
  itemDistance,
  KM_PER_MILE,
  radiusInMiles,
  searchItems,
} from '../src/screens/weather/model/locationSearch.ts';

const item = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `W${id}`,
  status: 1,
  ...extra,
});

describe('weather search by location', () => {
  it('sends the radius in miles whatever the unit shown', () => {
    expect(radiusInMiles(50, 'mi')).toBe(50);
    expect(radiusInMiles(KM_PER_MILE * 10, 'km')).toBeCloseTo(10, 12);
    expect(radiusInMiles(DEFAULT_SEARCH_RADIUS.km, 'km')).toBeCloseTo(49.7, 1);
    expect(distanceUnitOf('metric')).toBe('km');
    expect(distanceUnitOf('imperial')).toBe('mi');
  });

  it('shows distances in the unit of the user, from distanceKm or the distance in miles', () => {
    expect(itemDistance(item(1, { distanceKm: 16.09344, distance: 10 }), 'mi')).toBeCloseTo(10, 9);
    expect(itemDistance(item(1, { distance: 10 }), 'km')).toBeCloseTo(16.09344, 9);
    expect(itemDistance(item(1), 'km')).toBeNull();
  });

  it('reads the array answer nearest first (and a page from an older server)', () => {
    const body = [item(1, { distanceKm: 30 }), item(2, { distanceKm: 5 }), { nope: true }];
    expect(searchItems(body).map((i) => i.id)).toEqual([2, 1]);
    expect(
      searchItems({ items: [item(3, { distance: 2 }), item(4, { distance: 1 })] }).map((i) => i.id),
    ).toEqual([4, 3]);
    expect(searchItems(null)).toEqual([]);
  });
});
