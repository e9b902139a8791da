/**
 * /weather-library (spec 1 §2): 'My Weather' by default (spec 1 §6), status filter, search, a map of
 * the assets, a virtualized table; Import, Generate, Add weather data, Compare (selected) and Change
 * Status (selected). Rows follow weatheritem pushes; a download shows its progress in its row.
 */
import { useMemo, useState } from 'react';
import { Button, Collapse, Group, MultiSelect, Paper, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { ASSET_STATUS } from '@sunfield/domain';
import { ListBody } from '../../../components/list/ListBody.tsx';
import { ListFooter } from '../../../components/list/ListFooter.tsx';
import { ListSearch } from '../../../components/list/ListSearch.tsx';
import { SegmentFilter } from '../../../components/list/SegmentFilter.tsx';
import { useListParams } from '../../../components/list/useListParams.ts';
import { useSelection } from '../../../components/list/useSelection.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { statusLabel } from '../model/format.ts';
import {
  OWNER_FILTER_LABELS,
  OWNER_FILTERS,
  PAGE_SIZE,
  WEATHER_NOUN,
  buildLibraryQuery,
  readLibraryParams,
  toggleSort,
  writeLibraryParams,
} from '../model/listParams.ts';
import { useWeatherList, useWeatherPushes } from '../queries.ts';
import { AssetsMap } from './AssetsMap.tsx';
import { LocationSearch } from './LocationSearch.tsx';
import { WeatherTable } from './WeatherTable.tsx';

const STATUS_OPTIONS = Object.values(ASSET_STATUS as Record<string, number>)
  .filter((value, index, all) => typeof value === 'number' && all.indexOf(value) === index)
  .map((value) => ({ value: String(value), label: statusLabel(value) }));

export function WeatherLibraryScreen() {
  usePageTitle('Weather Library');
  const navigate = useNavigate();
  const [params, setParams] = useListParams(readLibraryParams, writeLibraryParams);
  const list = useWeatherList(buildLibraryQuery(params));
  const selection = useSelection();
  const selected = selection.ids;
  const setSelected = selection.set;
  const [showMap, setShowMap] = useState(true);
  const [showSearch, setShowSearch] = useState(false);
  useWeatherPushes();

  const items = useMemo(() => list.data?.items ?? [], [list.data]);
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
          <SegmentFilter
            ariaLabel="Weather filter"
            options={OWNER_FILTERS}
            labels={OWNER_FILTER_LABELS}
            value={params.owner}
            onChange={(owner) => setParams({ ...params, owner, page: 1 })}
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
          <ListSearch
            ariaLabel="Search weather"
            value={params.search}
            onCommit={(search) => setParams({ ...params, search, page: 1 }, { replace: true })}
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
      <Collapse expanded={showSearch}>
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
      <Paper withBorder>
        <ListBody
          isPending={list.isPending}
          error={list.error}
          hasData={list.data !== undefined}
          empty={!items.length}
          loadingLabel="Loading weather files"
          errorTitle="The weather files could not be loaded"
          emptyText={
            params.search.trim()
              ? `No weather files match "${params.search.trim()}".`
              : 'No weather files yet. Import, generate or download one to get started.'
          }
        >
          <WeatherTable
            items={items}
            params={params}
            onSort={(key) => setParams(toggleSort(params, key))}
            selected={selected}
            onSelect={setSelected}
          />
        </ListBody>
      </Paper>
      <ListFooter
        total={list.data?.total}
        page={params.page}
        pageSize={PAGE_SIZE}
        noun={WEATHER_NOUN}
        onPage={(page) => setParams({ ...params, page })}
      />
    </Stack>
  );
}
