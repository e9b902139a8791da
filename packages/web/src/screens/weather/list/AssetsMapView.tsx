/**
 * A MapLibre map of weather assets: one circle per asset with a location; clicking a circle opens
 * the asset. Uses the shared basemaps of components/map (switchable, offline when they cannot
 * load) and its place search, which moves the view.
 */
import { useEffect, useRef, useState } from 'react';
import { maplibregl } from '../../../components/map/maplibre.ts';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection, Point } from 'geojson';
import {
  availableBasemaps,
  basemapStyle,
  controlBasemap,
  type BasemapController,
} from '../../../components/map/basemap.ts';
import type { Place } from '../../../components/map/geocoder.ts';
import { MapControls } from '../../../components/map/MapControls.tsx';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '../../../components/map/mapStyle.ts';
import { MapUnavailable } from '../../../components/map/MapUnavailable.tsx';
import { useBasemapState } from '../../../components/map/useBasemapState.ts';

export interface AssetPoint {
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

export interface AssetsMapProps {
  points: AssetPoint[];
  height?: number;
  label?: string;
  onOpen?: (id: number) => void;
}

function toGeoJson(points: AssetPoint[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: points.map((p) => ({
      type: 'Feature',
      properties: { id: p.id, name: p.name },
      geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    })),
  };
}

export default function AssetsMapView({
  points,
  height = 320,
  label = 'Weather map',
  onOpen,
}: AssetsMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const basemaps = useBasemapState();
  const controllerRef = useRef<BasemapController | null>(null);
  const openRef = useRef(onOpen);
  const pointsRef = useRef(points);
  useEffect(() => {
    openRef.current = onOpen;
    pointsRef.current = points;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container,
        style: basemapStyle(basemaps.initial),
        center: DEFAULT_CENTER,
        zoom: DEFAULT_ZOOM,
        attributionControl: false,
        locale: { 'Map.Title': label },
      });
    } catch {
      setFailed(true);
      return;
    }
    // Every style (the first, a switched basemap, the offline fallback) starts without the assets.
    const addAssets = () => {
      if (map.getSource('assets')) return;
      map.addSource('assets', { type: 'geojson', data: toGeoJson(pointsRef.current) });
      map.addLayer({
        id: 'assets',
        type: 'circle',
        source: 'assets',
        paint: {
          'circle-radius': 6,
          'circle-color': '#e8590c',
          'circle-stroke-color': '#fff',
          'circle-stroke-width': 1.5,
        },
      });
      setLoaded(true);
    };
    controllerRef.current = controlBasemap(map, basemaps.initial, {
      onChange: basemaps.changed,
      onStyle: addAssets,
    });
    map.on('click', 'assets', (event) => {
      const id = Number(event.features?.[0]?.properties?.id);
      if (Number.isFinite(id)) openRef.current?.(id);
    });
    const popup = new maplibregl.Popup({ closeButton: false, closeOnClick: false });
    map.on('mouseenter', 'assets', (event) => {
      map.getCanvas().style.cursor = 'pointer';
      const feature = event.features?.[0];
      if (feature?.geometry.type === 'Point') {
        popup
          .setLngLat(feature.geometry.coordinates as [number, number])
          .setText(String(feature.properties?.name ?? ''))
          .addTo(map);
      }
    });
    map.on('mouseleave', 'assets', () => {
      map.getCanvas().style.cursor = '';
      popup.remove();
    });
    map.addControl(new maplibregl.AttributionControl({ compact: true }), 'bottom-right');
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    const resize = new ResizeObserver(() => map.resize());
    resize.observe(container);
    mapRef.current = map;
    return () => {
      resize.disconnect();
      mapRef.current = null;
      controllerRef.current = null;
      map.remove();
    };
    // The basemap in use is kept by the controller; a change of it must not rebuild the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded) return;
    const source = map.getSource('assets') as maplibregl.GeoJSONSource | undefined;
    source?.setData(toGeoJson(points));
    if (points.length) {
      const bounds = new maplibregl.LngLatBounds();
      for (const p of points) bounds.extend([p.longitude, p.latitude]);
      map.fitBounds(bounds, { padding: 40, maxZoom: 7, duration: 0 });
    }
  }, [points, loaded]);

  const goTo = (place: Place) => {
    const map = mapRef.current;
    if (!map) return;
    if (place.bounds) map.fitBounds(place.bounds, { maxZoom: 12, duration: 600 });
    else map.easeTo({ center: [place.longitude, place.latitude], zoom: Math.max(map.getZoom(), 10) });
  };

  if (failed) return <MapUnavailable height={height} />;
  return (
    <div style={{ position: 'relative', height, width: '100%', borderRadius: 4, overflow: 'hidden' }}>
      <div ref={containerRef} style={{ height: '100%', width: '100%' }} />
      <MapControls
        basemaps={availableBasemaps()}
        basemap={basemaps.kind}
        fallback={basemaps.fallback}
        onBasemap={(kind) => {
          basemaps.choose(kind);
          controllerRef.current?.show(kind);
        }}
        onPlace={goTo}
        mapLabel={label}
      />
    </div>
  );
}
