/**
 * The basemaps of the maps and the fallback between them. The deployment names them at run time
 * (/config.js, lib/runtimeConfig.ts): a vector style (MAP_STYLE_URL, by default OpenFreeMap's
 * "liberty") and satellite raster tiles (MAP_SATELLITE_URL, by default Esri World Imagery), each
 * shown with its attribution. When the chosen basemap cannot load (no internet, a blocked host, a
 * tile server down) the map switches to the built-in offline style, so a location can still be
 * picked; the user is told so.
 */
import type { Map as MapLibreMap, MapSourceDataEvent, StyleSpecification } from 'maplibre-gl';
import { runtimeConfig } from '../../lib/runtimeConfig.ts';
import { configuredStyleUrl, offlineStyle } from './mapStyle.ts';

export type BasemapKind = 'map' | 'satellite' | 'offline';

export const BASEMAP_LABELS: Record<BasemapKind, string> = {
  map: 'Map',
  satellite: 'Satellite',
  offline: 'Offline',
};

const SATELLITE_SOURCE = 'satellite';

export function satelliteTilesUrl(): string | null {
  const url = runtimeConfig().mapSatelliteUrl;
  return url && url.trim() ? url.trim() : null;
}

/** The basemaps a user can switch between: the ones configured, the offline one otherwise. */
export function availableBasemaps(): BasemapKind[] {
  const kinds: BasemapKind[] = [configuredStyleUrl() ? 'map' : 'offline'];
  if (satelliteTilesUrl()) kinds.push('satellite');
  return kinds;
}

/** A raster style of the satellite tiles, attribution included. */
export function satelliteStyle(tiles: string, attribution: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      [SATELLITE_SOURCE]: { type: 'raster', tiles: [tiles], tileSize: 256, maxzoom: 19, attribution },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#1b2631' } },
      { id: SATELLITE_SOURCE, type: 'raster', source: SATELLITE_SOURCE },
    ],
  };
}

export function basemapStyle(kind: BasemapKind): string | StyleSpecification {
  if (kind === 'satellite') {
    const tiles = satelliteTilesUrl();
    if (tiles) return satelliteStyle(tiles, runtimeConfig().mapSatelliteAttribution?.trim() || '');
  }
  if (kind === 'map') {
    const url = configuredStyleUrl();
    if (url) return url;
  }
  return offlineStyle();
}

export interface BasemapController {
  /** Shows a basemap (the offline one when it cannot load). */
  show: (kind: BasemapKind) => void;
}

/**
 * Watches the map's basemap: an error before the style has loaded (the style's URL) or before a
 * first satellite tile arrived swaps in the offline style and reports `fallback`. `onStyle` runs
 * after every style change (a new style drops the layers a screen added: it adds them again).
 */
export function controlBasemap(
  map: MapLibreMap,
  initial: BasemapKind,
  events: { onChange?: (kind: BasemapKind, fallback: boolean) => void; onStyle?: () => void } = {},
): BasemapController {
  let current: BasemapKind = initial;
  /** True once the current basemap has shown it can load (style read, first satellite tile). */
  let settled = initial === 'offline';

  map.on('style.load', () => {
    if (current === 'map') settled = true;
    events.onStyle?.();
  });
  map.on('sourcedata', (event: MapSourceDataEvent) => {
    if (current === 'satellite' && event.sourceId === SATELLITE_SOURCE && event.tile) settled = true;
  });
  map.on('error', () => {
    if (settled || current === 'offline') return;
    current = 'offline';
    settled = true;
    map.setStyle(offlineStyle(), { diff: false });
    events.onChange?.('offline', true);
  });

  return {
    show(kind) {
      if (kind === current) return;
      current = kind;
      settled = kind === 'offline';
      map.setStyle(basemapStyle(kind), { diff: false });
      events.onChange?.(kind, false);
    },
  };
}
