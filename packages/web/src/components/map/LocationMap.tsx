/** The location map, loaded on first use so the list screen never downloads MapLibre. */
import { Component, Suspense, lazy, type ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import type { LocationMapProps } from './LocationMapView.tsx';
import { MapUnavailable } from './MapUnavailable.tsx';

export type { LocationMapProps };

const LocationMapView = lazy(() => import('./LocationMapView.tsx'));

class MapBoundary extends Component<{ height: number | string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <MapUnavailable height={this.props.height} /> : this.props.children;
  }
}

export function LocationMap(props: LocationMapProps) {
  const height = props.height ?? 360;
  return (
    <MapBoundary height={height}>
      <Suspense fallback={<Skeleton h={height} />}>
        <LocationMapView {...props} />
      </Suspense>
    </MapBoundary>
  );
}
