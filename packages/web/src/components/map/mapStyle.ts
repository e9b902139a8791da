/**
 * The offline map style, defined here (country outlines served by Sunfield itself at
 * /map/countries.geojson, and a latitude/longitude grid; no network tiles), so picking a location
 * works without internet: the fallback of the configured basemaps (basemap.ts) and the map when none
 * is configured. Default view: central North America (spec 2 §9.2).
 */
import type { FeatureCollection, LineString } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';

import { runtimeConfig } from '../../lib/runtimeConfig.ts';

/** [longitude, latitude] */
export const DEFAULT_CENTER: [number, number] = [-98.35, 39.5];
export const DEFAULT_ZOOM = 3;
/** Zoom for a project's point on its page and after typing coordinates. */
export const POINT_ZOOM = 7;

function line(coordinates: [number, number][], major: boolean) {
  return {
    type: 'Feature' as const,
    properties: { major },
    geometry: { type: 'LineString' as const, coordinates },
  };
}

/** Parallels and meridians every `step` degrees; every 10° is major. */
export function graticule(step: number): FeatureCollection<LineString> {
  const features = [];
  for (let lat = -90 + step; lat < 90; lat += step) {
    const points: [number, number][] = [];
    for (let lng = -180; lng <= 180; lng += 10) points.push([lng, lat]);
    features.push(line(points, lat % 10 === 0));
  }
  for (let lng = -180; lng <= 180; lng += step) {
    const points: [number, number][] = [];
    for (let lat = -85; lat <= 85; lat += 5) points.push([lng, lat]);
    features.push(line(points, lng % 10 === 0));
  }
  return { type: 'FeatureCollection', features };
}

function countriesUrl(): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return `${origin}/map/countries.geojson`;
}

export function offlineStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {
      grid: { type: 'geojson', data: graticule(1) },
      countries: { type: 'geojson', data: countriesUrl() },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#dbe8f2' } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': '#f7f5ef' } },
      {
        id: 'borders',
        type: 'line',
        source: 'countries',
        paint: { 'line-color': '#a39e8f', 'line-width': 0.7 },
      },
      {
        id: 'grid-minor',
        type: 'line',
        source: 'grid',
        minzoom: 4,
        filter: ['==', ['get', 'major'], false],
        paint: { 'line-color': '#c9d6e2', 'line-width': 0.5 },
      },
      {
        id: 'grid-major',
        type: 'line',
        source: 'grid',
        filter: ['==', ['get', 'major'], true],
        paint: { 'line-color': '#8fa6bb', 'line-width': 1 },
      },
    ],
  };
}

export function configuredStyleUrl(): string | null {
  const url = runtimeConfig().mapStyleUrl;
  return url && url.trim() ? url : null;
}

/** Longitude wrapped into −180..180 and both rounded to 6 decimals (about 0.1 m). */
export function normalizePoint(latitude: number, longitude: number): { latitude: number; longitude: number } {
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  const round = (value: number) => Math.round(value * 1e6) / 1e6 || 0;
  return { latitude: round(Math.max(-90, Math.min(90, latitude))), longitude: round(wrapped) };
}

/** '39.5000° N, 98.3500° W' */
export function formatPointer(latitude: number, longitude: number): string {
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude < 0 ? 'S' : 'N'}`;
  const lng = `${Math.abs(longitude).toFixed(4)}° ${longitude < 0 ? 'W' : 'E'}`;
  return `${lat}, ${lng}`;
}
