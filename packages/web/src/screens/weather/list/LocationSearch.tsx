/**
 * Weather/Search: assets within a radius of a point, nearest first. The radius and the distances are
 * shown in the user's unit system (km by default, miles for imperial); the API takes miles.
 */
import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { useUnitSystem } from '../../../auth/hooks.ts';
import { DEFAULT_SEARCH_RADIUS, distanceUnitOf, radiusInMiles } from '../model/locationSearch.ts';
import { useWeatherSearch } from '../queries.ts';
import { WeatherTable } from './WeatherTable.tsx';

export function LocationSearch({
  selected,
  onSelect,
}: {
  selected: number[];
  onSelect: (ids: number[]) => void;
}) {
  const unit = distanceUnitOf(useUnitSystem());
  const [latitude, setLatitude] = useState<number | string>('');
  const [longitude, setLongitude] = useState<number | string>('');
  const [radius, setRadius] = useState<number | string>(DEFAULT_SEARCH_RADIUS[unit]);
  const [query, setQuery] = useState<{ lat: number; lng: number; radius: number } | null>(null);
  const search = useWeatherSearch(
    query?.lat ?? null,
    query?.lng ?? null,
    radiusInMiles(query?.radius ?? DEFAULT_SEARCH_RADIUS[unit], unit),
  );
  const valid =
    typeof latitude === 'number' &&
    Math.abs(latitude) <= 90 &&
    typeof longitude === 'number' &&
    Math.abs(longitude) <= 180;
  const items = search.data ?? [];

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label="Latitude"
            value={latitude}
            onChange={setLatitude}
            min={-90}
            max={90}
            decimalScale={6}
            w={140}
          />
          <NumberInput
            label="Longitude"
            value={longitude}
            onChange={setLongitude}
            min={-180}
            max={180}
            decimalScale={6}
            w={140}
          />
          <NumberInput
            label={`Radius (${unit})`}
            value={radius}
            onChange={setRadius}
            min={1}
            max={unit === 'km' ? 2000 : 1250}
            w={120}
          />
          <Button
            disabled={!valid}
            loading={search.isFetching}
            onClick={() =>
              valid &&
              setQuery({
                lat: latitude,
                lng: longitude,
                radius: typeof radius === 'number' ? radius : DEFAULT_SEARCH_RADIUS[unit],
              })
            }
          >
            Search by location
          </Button>
        </Group>
        {search.isError && <Alert color="red">{search.error.message}</Alert>}
        {query && search.data && !items.length && (
          <Text c="dimmed" size="sm">
            No weather files within {query.radius} {unit}.
          </Text>
        )}
        {items.length > 0 && (
          <WeatherTable
            items={items}
            selected={selected}
            onSelect={onSelect}
            showDistance
            distanceUnit={unit}
            label="Weather files near the location"
          />
        )}
      </Stack>
    </Paper>
  );
}
