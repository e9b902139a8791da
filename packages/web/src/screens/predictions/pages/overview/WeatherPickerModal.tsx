/**
 * Picks a weather file for the prediction: the company's weather library (My Weather or All Weather,
 * searched by name, GET /Weather/WeatherOverview) or the files near the project (GET /Weather/Search,
 * 50 mi, spec 2 §9.2). Each row shows provider, period, interval, time zone and annual GHI in the
 * user's units; Select hands the file's full record (GET /Weather/{id}) to `onPick`.
 */
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { getWeather } from '../../../weather/api.ts';
import { formatDate, formatInterval, formatUtcOffset, providerLabel } from '../../../weather/model/format.ts';
import type { LibraryQuery } from '../../../weather/model/listParams.ts';
import type { WeatherListItem } from '../../../weather/model/types.ts';
import { useWeatherList, useWeatherPushes, useWeatherSearch } from '../../../weather/queries.ts';
import type { UnitSystemName } from '@sunfield/domain';
import { formatQuantity, type PickedWeather } from './model.ts';

/** Spec 2 §9.2: default weather search radius for a project [mi]. */
export const PROJECT_WEATHER_RADIUS_MILES = 50;
const PAGE_SIZE = 25;

type Source = 'mine' | 'all' | 'near';

interface Props {
  latitude: number;
  longitude: number;
  currentId: number | null;
  units: UnitSystemName;
  onPick: (weather: PickedWeather) => void;
  onClose: () => void;
}

export function WeatherPickerModal({ latitude, longitude, currentId, units, onPick, onClose }: Props) {
  const [source, setSource] = useState<Source>('mine');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [picking, setPicking] = useState<number | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  // A download that starts (progress 0) refreshes the lists once (spec 1 §4, spec 2 §9.4).
  useWeatherPushes();

  const query: LibraryQuery = {
    ownerOnly: source === 'mine',
    page,
    pageSize: PAGE_SIZE,
    sort: 'lastModified',
    order: 'desc',
    ...(debounced ? { search: debounced } : {}),
  };
  const library = useWeatherList(query);
  const near = useWeatherSearch(
    source === 'near' ? latitude : null,
    source === 'near' ? longitude : null,
    PROJECT_WEATHER_RADIUS_MILES,
  );
  const nearItems = (near.data ?? []).filter(
    (item) => !debounced || item.name.toLowerCase().includes(debounced.toLowerCase()),
  );
  const items: WeatherListItem[] = source === 'near' ? nearItems : (library.data?.items ?? []);
  const loading = source === 'near' ? near.isPending : library.isPending;
  const total = source === 'near' ? nearItems.length : (library.data?.total ?? 0);
  const pages = source === 'near' ? 1 : Math.max(1, Math.ceil(total / PAGE_SIZE));

  async function pick(item: WeatherListItem) {
    setPicking(item.id);
    setPickError(null);
    try {
      const weather = await getWeather(item.id);
      onPick({ ...(weather as unknown as PickedWeather), id: weather.id, name: weather.name });
    } catch (error) {
      setPickError(error instanceof Error ? error.message : 'The weather file could not be read.');
    } finally {
      setPicking(null);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Choose weather" size={1000}>
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Weather source"
            value={source}
            onChange={(value) => {
              setSource(value as Source);
              setPage(1);
            }}
            data={[
              { value: 'mine', label: 'My Weather' },
              { value: 'all', label: 'All Weather' },
              { value: 'near', label: `Near the project (${PROJECT_WEATHER_RADIUS_MILES} mi)` },
            ]}
          />
          <TextInput
            label="Search weather"
            placeholder="Name"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: 1, minWidth: 220 }}
          />
        </Group>
        {pickError && (
          <Alert color="red" title="The weather file could not be read">
            {pickError}
          </Alert>
        )}
        {loading ? (
          <Loader size="sm" aria-label="Loading weather" />
        ) : items.length === 0 ? (
          <Text c="dimmed">No weather files found.</Text>
        ) : (
          <Table.ScrollContainer minWidth={820} mah={480}>
            <Table highlightOnHover stickyHeader verticalSpacing={6} aria-label="Weather files">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Provider</Table.Th>
                  <Table.Th>Period</Table.Th>
                  <Table.Th>Interval</Table.Th>
                  <Table.Th>Time zone</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Annual GHI</Table.Th>
                  {source === 'near' && <Table.Th style={{ textAlign: 'right' }}>Distance</Table.Th>}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{item.name}</Table.Td>
                    <Table.Td>{providerLabel(item.dataProvider)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(item.startDate)} – {formatDate(item.endDate)}
                    </Table.Td>
                    <Table.Td>{formatInterval(item.timeInterval)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtcOffset(item.timeZone)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                      {formatQuantity(item.ghiAnnual, 'kilowattHourPerSquareMetre', units, 0)}
                    </Table.Td>
                    {source === 'near' && (
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                        {formatQuantity(item.distanceKm, 'kilometre', units, 1)}
                      </Table.Td>
                    )}
                    <Table.Td>
                      {item.id === currentId ? (
                        <Text size="sm" c="dimmed">
                          Chosen
                        </Text>
                      ) : (
                        <Button
                          size="xs"
                          variant="light"
                          aria-label={`Select ${item.name}`}
                          loading={picking === item.id}
                          disabled={picking !== null && picking !== item.id}
                          onClick={() => void pick(item)}
                        >
                          Select
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Page {page} of {pages} ({total} weather files)
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button size="xs" variant="default" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </Group>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
