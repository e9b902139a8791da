/**
 * The weather search by location (GET /Weather/Search): the API takes `searchRadius` in statute
 * miles and answers a JSON array of weather items, each with `distance` [mi] and `distanceKm`. The
 * screen shows radius and distances in the user's unit system (km when metric, the default).
 */
import type { WeatherListItem } from './types.ts';

export const KM_PER_MILE = 1.609344;

export type DistanceUnit = 'km' | 'mi';

/** Default radius in each unit: 50 mi (spec 2 §9.2), about 80 km. */
export const DEFAULT_SEARCH_RADIUS: Readonly<Record<DistanceUnit, number>> = { km: 80, mi: 50 };

export const distanceUnitOf = (units: 'metric' | 'imperial'): DistanceUnit =>
  units === 'imperial' ? 'mi' : 'km';

/** A radius typed in `unit` as the API's miles. */
export function radiusInMiles(radius: number, unit: DistanceUnit): number {
  return unit === 'mi' ? radius : radius / KM_PER_MILE;
}

/** The item's distance in `unit` (from distanceKm, else distance in miles); null when unknown. */
export function itemDistance(item: WeatherListItem, unit: DistanceUnit): number | null {
  const km =
    typeof item.distanceKm === 'number'
      ? item.distanceKm
      : typeof item.distance === 'number'
        ? item.distance * KM_PER_MILE
        : null;
  if (km === null) return null;
  return unit === 'km' ? km : km / KM_PER_MILE;
}

/**
 * The search answer as items, nearest first. Accepts the array the API answers and, from older
 * servers, a page `{items}`.
 */
export function searchItems(body: unknown): WeatherListItem[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { items?: unknown }).items)
      ? (body as { items: unknown[] }).items
      : [];
  const items = list.filter(
    (x): x is WeatherListItem =>
      !!x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'number',
  );
  const key = (item: WeatherListItem) => itemDistance(item, 'km') ?? Number.POSITIVE_INFINITY;
  return [...items].sort((a, b) => key(a) - key(b));
}
