/**
 * Place search of the maps (pure but for `searchPlaces`): a Photon (`/api`) or Nominatim
 * (`/search`) endpoint named at run time (GEOCODER_URL, GEOCODER_FORMAT in /config.js); none
 * configured, no search box. Both answers are read into one shape.
 */
import { runtimeConfig } from '../../lib/runtimeConfig.ts';

export interface Place {
  label: string;
  latitude: number;
  longitude: number;
  /** [west, south, east, north] when the service gives the place's extent */
  bounds?: [number, number, number, number];
}

export type GeocoderFormat = 'photon' | 'nominatim';

export interface Geocoder {
  url: string;
  format: GeocoderFormat;
}

/** Fewer letters than this find nothing useful and would only load the service. */
export const MIN_QUERY_LENGTH = 3;
export const MAX_PLACES = 6;

export function configuredGeocoder(): Geocoder | null {
  const config = runtimeConfig();
  const url = config.geocoderUrl?.trim();
  if (!url) return null;
  return { url, format: config.geocoderFormat === 'nominatim' ? 'nominatim' : 'photon' };
}

/** The request of a query: `q` and a result limit, in each service's own words. */
export function geocodeUrl(geocoder: Geocoder, query: string): string {
  const url = new URL(
    geocoder.url,
    typeof window === 'undefined' ? 'http://localhost' : window.location.href,
  );
  url.searchParams.set('q', query.trim());
  url.searchParams.set('limit', String(MAX_PLACES));
  if (geocoder.format === 'nominatim') url.searchParams.set('format', 'jsonv2');
  return url.toString();
}

const finite = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

const inRange = (latitude: number, longitude: number) =>
  Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;

/** Photon: a GeoJSON FeatureCollection; the label is built from name, city, state and country. */
function readPhoton(body: unknown): Place[] {
  const features = (body as { features?: unknown })?.features;
  if (!Array.isArray(features)) return [];
  const places: Place[] = [];
  for (const feature of features as {
    geometry?: { coordinates?: unknown[] };
    properties?: Record<string, unknown>;
  }[]) {
    const longitude = finite(feature.geometry?.coordinates?.[0]);
    const latitude = finite(feature.geometry?.coordinates?.[1]);
    if (latitude === null || longitude === null || !inRange(latitude, longitude)) continue;
    const p = feature.properties ?? {};
    const parts = [p.name, p.city, p.state, p.country].filter(
      (part, i, all): part is string => typeof part === 'string' && part !== '' && all.indexOf(part) === i,
    );
    const extent = Array.isArray(p.extent) ? p.extent.map(finite) : [];
    const [west, north, east, south] = extent;
    places.push({
      label: parts.join(', ') || `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`,
      latitude,
      longitude,
      ...(west != null && north != null && east != null && south != null
        ? { bounds: [west, south, east, north] as [number, number, number, number] }
        : {}),
    });
  }
  return places;
}

/** Nominatim (format=jsonv2): an array of {lat, lon, display_name, boundingbox}. */
function readNominatim(body: unknown): Place[] {
  if (!Array.isArray(body)) return [];
  const places: Place[] = [];
  for (const item of body as Record<string, unknown>[]) {
    const latitude = finite(item.lat);
    const longitude = finite(item.lon);
    if (latitude === null || longitude === null || !inRange(latitude, longitude)) continue;
    const box = Array.isArray(item.boundingbox) ? item.boundingbox.map(finite) : [];
    const [south, north, west, east] = box;
    places.push({
      label: typeof item.display_name === 'string' ? item.display_name : `${latitude}, ${longitude}`,
      latitude,
      longitude,
      ...(west != null && north != null && east != null && south != null
        ? { bounds: [west, south, east, north] as [number, number, number, number] }
        : {}),
    });
  }
  return places;
}

/** The places of an answer, labels made unique (a list picks by label), at most MAX_PLACES. */
export function readPlaces(format: GeocoderFormat, body: unknown): Place[] {
  const places = format === 'nominatim' ? readNominatim(body) : readPhoton(body);
  const seen = new Map<string, number>();
  return places.slice(0, MAX_PLACES).map((place) => {
    const n = (seen.get(place.label) ?? 0) + 1;
    seen.set(place.label, n);
    return n === 1 ? place : { ...place, label: `${place.label} (${n})` };
  });
}

export async function searchPlaces(
  geocoder: Geocoder,
  query: string,
  signal?: AbortSignal,
): Promise<Place[]> {
  const response = await fetch(geocodeUrl(geocoder, query), {
    signal,
    headers: { accept: 'application/json' },
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  });
  if (!response.ok) throw new Error(`The place search answered ${response.status}.`);
  return readPlaces(geocoder.format, await response.json());
}
