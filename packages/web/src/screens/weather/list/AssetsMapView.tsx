/**
 * A MapLibre map of weather assets: one circle per asset with a location; clicking a circle opens
 * the asset. Uses the shared style of components/map (offline grid when no style is configured).
 */
import { useEffect, useRef, useState } from 'react';
import maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection, Point } from 'geojson';
import { DEFAULT_CENTER, DEFAULT_ZOOM, mapStyle, offlineStyle } from '../../../components/map/mapStyle.ts';
import { MapUnavailable } from '../../../components/map/MapUnavailable.tsx';

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
  const openRef = useRef(onOpen);
  useEffect(() => {
    openRef.current = onOpen;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container,
        style: mapStyle(),
        center: DEFAULT_CENTER,
        zoom: DEFAULT_ZOOM,
        attributionControl: false,
        locale: { 'Map.Title': label },
      });
    } catch {
      setFailed(true);
      return;
    }
    let styleLoaded = false;
    map.on('error', () => {
      if (styleLoaded) return;
      styleLoaded = true;
      map.setStyle(offlineStyle());
    });
    map.on('load', () => {
      styleLoaded = true;
      map.addSource('assets', { type: 'geojson', data: toGeoJson([]) });
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
      setLoaded(true);
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    const resize = new ResizeObserver(() => map.resize());
    resize.observe(container);
    mapRef.current = map;
    return () => {
      resize.disconnect();
      mapRef.current = null;
      map.remove();
    };
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

  if (failed) return <MapUnavailable height={height} />;
  return (
    <div style={{ height, width: '100%', borderRadius: 4, overflow: 'hidden' }}>
      <div ref={containerRef} style={{ height: '100%', width: '100%' }} />
    </div>
  );
}
