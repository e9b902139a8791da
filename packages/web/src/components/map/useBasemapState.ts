/** The basemap a map shows, as React state: the user's choice and whether it fell back to offline. */
import { useCallback, useRef, useState } from 'react';
import { availableBasemaps, type BasemapKind } from './basemap.ts';

export interface BasemapState {
  /** the basemap the map starts with */
  initial: BasemapKind;
  kind: BasemapKind;
  fallback: boolean;
  choose: (kind: BasemapKind) => void;
  /** what the map's basemap controller reports */
  changed: (kind: BasemapKind, fallback: boolean) => void;
}

export function useBasemapState(): BasemapState {
  const initial = useRef(availableBasemaps()[0]!).current;
  const [kind, setKind] = useState<BasemapKind>(initial);
  const [fallback, setFallback] = useState(false);
  const choose = useCallback((next: BasemapKind) => {
    setKind(next);
    setFallback(false);
  }, []);
  const changed = useCallback((_kind: BasemapKind, fellBack: boolean) => setFallback(fellBack), []);
  return { initial, kind, fallback, choose, changed };
}
