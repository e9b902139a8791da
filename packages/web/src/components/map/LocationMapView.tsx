/**
 * A MapLibre map with one marker. With `onPick`, a click places the marker and the marker can be
 * dragged, and a place found by the search box is picked; without it the map only shows the point
 * (the search then only moves the view). The basemap is switchable (basemap.ts) and falls back to
 * the offline style when it cannot load. When WebGL is missing the map says so and the screen around
 * it keeps working.
 */
import { useEffect, useRef, useState } from 'react';
import { maplibregl } from './maplibre.ts';
import 'maplibre-gl/dist/maplibre-gl.css';
import { availableBasemaps, basemapStyle, controlBasemap, type BasemapController } from './basemap.ts';
import type { Place } from './geocoder.ts';
import { MapControls } from './MapControls.tsx';
import { DEFAULT_CENTER, DEFAULT_ZOOM, POINT_ZOOM, formatPointer, normalizePoint } from './mapStyle.ts';
import { MapUnavailable } from './MapUnavailable.tsx';
import { useBasemapState } from './useBasemapState.ts';

export interface LocationMapProps {
  latitude: number | null;
  longitude: number | null;
  onPick?: (latitude: number, longitude: number) => void;
  height?: number | string;
  /** Accessible name of the map region. */
  label?: string;
}

const READOUT_STYLE = {
  position: 'absolute',
  left: 8,
  bottom: 8,
  padding: '0 6px',
  fontSize: 12,
  background: 'rgba(255, 255, 255, 0.85)',
  borderRadius: 4,
  pointerEvents: 'none',
} as const;

const isPoint = (lat: number | null, lng: number | null): lat is number =>
  lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng);

export default function LocationMapView({
  latitude,
  longitude,
  onPick,
  height = 360,
  label = 'Map',
}: LocationMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const readoutRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const markerRef = useRef<maplibregl.Marker | null>(null);
  const onPickRef = useRef(onPick);
  const [failed, setFailed] = useState(false);
  const basemaps = useBasemapState();
  const controllerRef = useRef<BasemapController | null>(null);
  const pickable = Boolean(onPick);
  const start = useRef({ latitude, longitude });

  useEffect(() => {
    onPickRef.current = onPick;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { latitude: lat, longitude: lng } = start.current;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container,
        style: basemapStyle(basemaps.initial),
        center: isPoint(lat, lng) ? [lng!, lat] : DEFAULT_CENTER,
        zoom: isPoint(lat, lng) ? POINT_ZOOM : DEFAULT_ZOOM,
        attributionControl: false,
        locale: { 'Map.Title': label },
        cooperativeGestures: false,
      });
    } catch {
      setFailed(true);
      return;
    }
    controllerRef.current = controlBasemap(map, basemaps.initial, { onChange: basemaps.changed });
    map.addControl(new maplibregl.AttributionControl({ compact: true }), 'bottom-right');
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    if (pickable) {
      map.getCanvas().style.cursor = 'crosshair';
      map.on('click', (event) => {
        const point = normalizePoint(event.lngLat.lat, event.lngLat.lng);
        onPickRef.current?.(point.latitude, point.longitude);
      });
      // Where the pointer is, so a point can be picked on the plain offline grid too.
      map.on('mousemove', (event) => {
        const point = normalizePoint(event.lngLat.lat, event.lngLat.lng);
        if (readoutRef.current)
          readoutRef.current.textContent = formatPointer(point.latitude, point.longitude);
      });
      map.on('mouseout', () => {
        if (readoutRef.current) readoutRef.current.textContent = '';
      });
    }
    const resize = new ResizeObserver(() => map.resize());
    resize.observe(container);
    mapRef.current = map;
    return () => {
      resize.disconnect();
      markerRef.current = null;
      mapRef.current = null;
      controllerRef.current = null;
      map.remove();
    };
    // The basemap in use is kept by the controller; a change of it must not rebuild the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pickable, label]);

  const goTo = (place: Place) => {
    if (pickable) {
      const point = normalizePoint(place.latitude, place.longitude);
      onPickRef.current?.(point.latitude, point.longitude);
    }
    const map = mapRef.current;
    if (!map) return;
    if (place.bounds) map.fitBounds(place.bounds, { maxZoom: 14, duration: 600 });
    else map.easeTo({ center: [place.longitude, place.latitude], zoom: Math.max(map.getZoom(), 12) });
  };

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!isPoint(latitude, longitude)) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const lngLat: [number, number] = [longitude!, latitude];
    if (!markerRef.current) {
      const marker = new maplibregl.Marker({ draggable: pickable, color: '#e8590c' })
        .setLngLat(lngLat)
        .addTo(map);
      if (pickable) {
        marker.on('dragend', () => {
          const point = normalizePoint(marker.getLngLat().lat, marker.getLngLat().lng);
          onPickRef.current?.(point.latitude, point.longitude);
        });
      }
      markerRef.current = marker;
    } else {
      markerRef.current.setLngLat(lngLat);
    }
    if (!map.getBounds().contains(lngLat))
      map.easeTo({ center: lngLat, zoom: Math.max(map.getZoom(), DEFAULT_ZOOM) });
  }, [latitude, longitude, pickable, label]);

  if (failed) return <MapUnavailable height={height} />;
  return (
    <div style={{ position: 'relative', height, width: '100%' }}>
      <div
        ref={containerRef}
        style={{ height: '100%', width: '100%', borderRadius: 4, overflow: 'hidden' }}
      />
      {pickable && <div ref={readoutRef} aria-hidden style={READOUT_STYLE} />}
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
