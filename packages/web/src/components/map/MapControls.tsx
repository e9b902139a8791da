/**
 * What sits on a map besides MapLibre's own controls: the place search (when a geocoder is
 * configured) and the basemap switch (Map / Satellite, when there is more than one), with a note
 * when the chosen basemap could not load and the offline one shows instead.
 */
import { useState } from 'react';
import { Autocomplete, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { BASEMAP_LABELS, type BasemapKind } from './basemap.ts';
import { MIN_QUERY_LENGTH, configuredGeocoder, searchPlaces, type Place } from './geocoder.ts';

/** Typing pauses this long before a search is sent (the public services ask for at most one a second). */
export const SEARCH_DEBOUNCE_MS = 400;

function PlaceSearch({ onPlace, label }: { onPlace: (place: Place) => void; label: string }) {
  const geocoder = configuredGeocoder();
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = geocoder !== null && query.length >= MIN_QUERY_LENGTH;
  const places = useQuery({
    queryKey: ['geocode', geocoder?.url, query],
    queryFn: ({ signal }) => searchPlaces(geocoder!, query, signal),
    enabled,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!geocoder) return null;
  const found = enabled ? (places.data ?? []) : [];
  return (
    <Autocomplete
      aria-label={label}
      placeholder="Search for a place"
      value={text}
      onChange={setText}
      data={found.map((p) => p.label)}
      filter={({ options }) => options}
      limit={found.length}
      size="xs"
      w={260}
      rightSection={places.isFetching ? <Loader size={12} /> : null}
      error={places.isError && enabled ? 'The place search is unavailable.' : undefined}
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
      onOptionSubmit={(value) => {
        const place = found.find((p) => p.label === value);
        if (place) onPlace(place);
      }}
    />
  );
}

export interface MapControlsProps {
  basemaps: BasemapKind[];
  basemap: BasemapKind;
  /** the chosen basemap could not load: the offline one shows */
  fallback: boolean;
  onBasemap: (kind: BasemapKind) => void;
  onPlace: (place: Place) => void;
  /** the map's name, for the search box's */
  mapLabel: string;
}

export function MapControls({ basemaps, basemap, fallback, onBasemap, onPlace, mapLabel }: MapControlsProps) {
  return (
    <Stack gap={6} style={{ position: 'absolute', top: 8, left: 8, zIndex: 2 }} align="flex-start">
      <PlaceSearch onPlace={onPlace} label={`Search places on the ${mapLabel.toLowerCase()}`} />
      {basemaps.length > 1 && (
        <Paper shadow="xs" radius="sm">
          <SegmentedControl
            size="xs"
            aria-label="Basemap"
            value={basemap}
            onChange={(value) => onBasemap(value as BasemapKind)}
            data={basemaps.map((kind) => ({ value: kind, label: BASEMAP_LABELS[kind] }))}
          />
        </Paper>
      )}
      {fallback && (
        <Paper shadow="xs" radius="sm" px={6} py={2} data-testid="basemap-fallback">
          <Text size="xs">The basemap could not load: showing the offline map.</Text>
        </Paper>
      )}
    </Stack>
  );
}
