/**
 * /weather-library (spec 1 §2): 'My Weather' by default (spec 1 §6), status filter, search, a map of
 * the assets, a virtualized table; Import, Generate, Add weather data, Compare (selected) and Change
 * Status (selected). Rows follow weatheritem pushes; a download shows its progress in its row.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Collapse,
  Group,
  Loader,
  MultiSelect,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { ASSET_STATUS } from '@sunfield/domain';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { statusLabel } from '../model/format.ts';
import {
  OWNER_FILTER_LABELS,
  OWNER_FILTERS,
  buildLibraryQuery,
  pageCount,
  rangeLabel,
  toggleSort,
  type OwnerFilter,
} from '../model/listParams.ts';
import { useWeatherList, useWeatherPushes } from '../queries.ts';
import { AssetsMap } from './AssetsMap.tsx';
import { LocationSearch } from './LocationSearch.tsx';
import { useLibraryParams } from './useLibraryParams.ts';
import { WeatherTable } from './WeatherTable.tsx';

const STATUS_OPTIONS = Object.values(ASSET_STATUS as Record<string, number>)
  .filter((value, index, all) => typeof value === 'number' && all.indexOf(value) === index)
  .map((value) => ({ value: String(value), label: statusLabel(value) }));

export function WeatherLibraryScreen() {
  usePageTitle('Weather Library');
  const navigate = useNavigate();
  const [params, setParams] = useLibraryParams();
  const list = useWeatherList(buildLibraryQuery(params));
  const [selected, setSelected] = useState<number[]>([]);
  const [showMap, setShowMap] = useState(true);
  const [showSearch, setShowSearch] = useState(false);
  useWeatherPushes();

  const [text, setText] = useState(params.search);
  const [debounced] = useDebouncedValue(text, 300);
  const sent = useRef(params.search);
  const latest = useRef({ params, setParams });
  useEffect(() => {
    latest.current = { params, setParams };
  });
  useEffect(() => {
    if (debounced === sent.current) return;
    sent.current = debounced;
    latest.current.setParams({ ...latest.current.params, search: debounced, page: 1 }, { replace: true });
  }, [debounced]);

  const items = useMemo(() => list.data?.items ?? [], [list.data]);
  const total = list.data?.total ?? 0;
  const points = useMemo(
    () =>
      items
        .filter((item) => Number.isFinite(item.latitude) && Number.isFinite(item.longitude))
        .map((item) => ({
          id: item.id,
          name: item.name,
          latitude: item.latitude!,
          longitude: item.longitude!,
        })),
    [items],
  );

  let body;
  if (list.isPending) {
    body = (
      <Center p="xl">
        <Loader aria-label="Loading weather files" />
      </Center>
    );
  } else if (list.isError && !list.data) {
    body = (
      <Alert color="red" title="The weather files could not be loaded">
        {list.error.message}
      </Alert>
    );
  } else if (!items.length) {
    body = (
      <Text c="dimmed" ta="center" p="xl">
        {params.search.trim()
          ? `No weather files match "${params.search.trim()}".`
          : 'No weather files yet. Import, generate or download one to get started.'}
      </Text>
    );
  } else {
    body = (
      <WeatherTable
        items={items}
        params={params}
        onSort={(key) => setParams(toggleSort(params, key))}
        selected={selected}
        onSelect={setSelected}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Weather Library</Title>
        <Group gap="xs">
          <Button component={Link} to="/weather-library/import">
            Import
          </Button>
          <Button component={Link} to="/weather-library/generate" variant="light">
            Generate
          </Button>
          <Button component={Link} to="/weather-library/add-weather-data" variant="light">
            Add weather data
          </Button>
        </Group>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SegmentedControl
            aria-label="Weather filter"
            data={OWNER_FILTERS.map((value) => ({ value, label: OWNER_FILTER_LABELS[value] }))}
            value={params.owner}
            onChange={(value) => setParams({ ...params, owner: value as OwnerFilter, page: 1 })}
          />
          <MultiSelect
            aria-label="Status"
            placeholder={params.statuses.length ? undefined : 'Any status'}
            data={STATUS_OPTIONS}
            value={params.statuses.map(String)}
            onChange={(values) => setParams({ ...params, statuses: values.map(Number), page: 1 })}
            clearable
            w={260}
          />
          <TextInput
            aria-label="Search weather"
            placeholder="Search weather"
            type="search"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            w={240}
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            disabled={selected.length < 2}
            onClick={() => navigate(`/weather-library/compare?ids=${selected.join(',')}`)}
          >
            Compare{selected.length ? ` (${selected.length})` : ''}
          </Button>
          <Button
            variant="default"
            disabled={!selected.length}
            onClick={() => navigate(`/change-status/weather?ids=${selected.join(',')}`)}
          >
            Change Status
          </Button>
          <Button variant="subtle" onClick={() => setShowSearch((v) => !v)}>
            {showSearch ? 'Hide location search' : 'Search by location'}
          </Button>
          <Button variant="subtle" onClick={() => setShowMap((v) => !v)}>
            {showMap ? 'Hide map' : 'Show map'}
          </Button>
        </Group>
      </Group>
      <Collapse in={showSearch}>
        {showSearch && <LocationSearch selected={selected} onSelect={setSelected} />}
      </Collapse>
      {showMap && (
        <Paper withBorder>
          <AssetsMap
            points={points}
            height={280}
            label="Weather map"
            onOpen={(id) => navigate(`/weather/${id}`)}
          />
        </Paper>
      )}
      <Paper withBorder>{body}</Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {list.data ? rangeLabel(params.page, total) : ''}
        </Text>
        {pageCount(total) > 1 && (
          <Pagination
            total={pageCount(total)}
            value={Math.min(params.page, pageCount(total))}
            onChange={(page) => setParams({ ...params, page })}
            aria-label="Pages"
          />
        )}
      </Group>
    </Stack>
  );
}
