/**
 * The weather series row by row (virtualized), fetched from GET /Weather/{id}/Detail in pages of
 * 500 as they scroll into view.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Center, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useUnits } from '../../../lib/units.tsx';
import { getWeatherDetail } from '../api.ts';
import { VirtualTable, type VirtualColumn } from '../components/VirtualTable.tsx';
import { DETAIL_PAGE_SIZE, pagesFor, presentDetailFields } from '../model/detailColumns.ts';
import { formatNumber, formatTimestamp, seriesUnit, seriesValue } from '../model/format.ts';
import type { WeatherDetail } from '../model/types.ts';
import { weatherKeys } from '../queries.ts';

export function RawDataTab({ id, highlight }: { id: number; highlight?: ReadonlySet<number> }) {
  const client = useQueryClient();
  const { system } = useUnits();
  const [pages, setPages] = useState<Map<number, WeatherDetail[]>>(new Map());
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const loading = useRef(new Set<number>());

  const load = useCallback(
    (page: number) => {
      if (loading.current.has(page)) return;
      loading.current.add(page);
      void client
        .fetchQuery({
          queryKey: [...weatherKeys.rows(id), page],
          queryFn: ({ signal }) => getWeatherDetail(id, page * DETAIL_PAGE_SIZE, DETAIL_PAGE_SIZE, signal),
          staleTime: 5 * 60_000,
        })
        .then((answer) => {
          setTotal(answer.total);
          setPages((map) => new Map(map).set(page, answer.weatherDetails ?? []));
        })
        .catch((e: unknown) => {
          loading.current.delete(page);
          setError(e instanceof Error ? e.message : String(e));
        });
    },
    [client, id],
  );

  useEffect(() => load(0), [load]);

  const firstPage = pages.get(0);
  if (error && !firstPage)
    return (
      <Alert color="red" title="The data could not be loaded">
        {error}
      </Alert>
    );
  if (!firstPage || total === null)
    return (
      <Center p="xl">
        <Loader aria-label="Loading data" />
      </Center>
    );
  if (!total) return <Text c="dimmed">This weather file has no rows.</Text>;

  const fields = presentDetailFields(firstPage);
  const getRow = (index: number) =>
    pages.get(Math.floor(index / DETAIL_PAGE_SIZE))?.[index % DETAIL_PAGE_SIZE];
  const columns: VirtualColumn<WeatherDetail>[] = [
    { id: 'index', width: '70px', align: 'right', header: '#', cell: (_row, index) => index + 1 },
    { id: 'time', width: '170px', header: 'Time stamp', cell: (row) => formatTimestamp(row.timeStamp) },
    ...fields.map((f) => ({
      id: f.field,
      width: 'minmax(90px, 1fr)',
      align: 'right' as const,
      header: `${f.label} (${seriesUnit(f.series, system)})`,
      cell: (row: WeatherDetail) =>
        formatNumber(seriesValue(f.series, row[f.field] as number | null, system, f.stored), f.decimals),
    })),
  ];
  return (
    <VirtualTable
      label="Weather data"
      columns={columns}
      count={total}
      getRow={getRow}
      rowHeight={32}
      height={560}
      minWidth={260 + fields.length * 100}
      rowStyle={(_row, index) =>
        highlight?.has(index) ? { background: 'var(--mantine-color-red-0)' } : undefined
      }
      onRangeChange={(start, end) => {
        for (const page of pagesFor(start, end)) if (!pages.has(page)) load(page);
      }}
    />
  );
}
