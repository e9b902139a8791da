/** The weather assets map, loaded on first use (MapLibre is a large download). */
import { Component, Suspense, lazy, type ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import { MapUnavailable } from '../../../components/map/MapUnavailable.tsx';
import type { AssetsMapProps } from './AssetsMapView.tsx';

const AssetsMapView = lazy(() => import('./AssetsMapView.tsx'));

class Boundary extends Component<{ height: number; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <MapUnavailable height={this.props.height} /> : this.props.children;
  }
}

export function AssetsMap(props: AssetsMapProps) {
  const height = props.height ?? 320;
  return (
    <Boundary height={height}>
      <Suspense fallback={<Skeleton h={height} />}>
        <AssetsMapView {...props} />
      </Suspense>
    </Boundary>
  );
}
