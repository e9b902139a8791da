/** /weather-library/compare?ids=1,2: the summaries side by side and a monthly chart of the assets. */
import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { getWeather } from '../api.ts';
import { EChart } from '../charts/EChart.tsx';
import { compareMonthlyOption } from '../charts/options.ts';
import {
  formatPeriod,
  formatInterval,
  formatNumber,
  formatUtcOffset,
  providerLabel,
  seriesLabel,
  statusLabel,
} from '../model/format.ts';
import { parseIds } from '../model/listParams.ts';
import { useUnits } from '../../../lib/units.tsx';
import { summaryColumns, summaryValue } from '../model/summary.ts';
import type { Weather } from '../model/types.ts';
import { weatherKeys } from '../queries.ts';

export function CompareScreen() {
  usePageTitle('Compare Weather');
  const [search] = useSearchParams();
  const ids = parseIds(search.get('ids'));
  const queries = useQueries({
    queries: ids.map((id) => ({
      queryKey: weatherKeys.asset(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getWeather(id, signal),
    })),
  });
  const units = useUnits();
  const { system } = units;
  const [key, setKey] = useState('ghi');
  const assets = queries.map((q) => q.data).filter((w): w is Weather => Boolean(w));
  const pending = queries.some((q) => q.isPending);
  const failed = queries.filter((q) => q.isError).length;
  const columns = useMemo(() => {
    const seen = new Map<string, ReturnType<typeof summaryColumns>[number]>();
    for (const asset of assets)
      for (const column of summaryColumns(asset.summary, system)) seen.set(column.key, column);
    return [...seen.values()];
  }, [assets, system]);
  const option = useMemo(
    () =>
      compareMonthlyOption(
        assets.map((a) => ({ name: a.name, monthly: a.summary?.monthly ?? [] })),
        key,
        system,
      ),
    [assets, key, system],
  );
  const chartKeys = columns
    .filter((c) => ['ghi', 'dni', 'dhi', 'poa', 'tempAir'].includes(c.key))
    .map((c) => c.key);

  if (ids.length === 0)
    return (
      <Stack gap="md">
        <Title order={2}>Compare Weather</Title>
        <Text c="dimmed">Select weather files in the library to compare them.</Text>
        <Button component={Link} to="/weather-library" variant="light" w="fit-content">
          Back to the Weather Library
        </Button>
      </Stack>
    );

  const rows: { label: string; value: (w: Weather) => string }[] = [
    { label: 'Provider', value: (w) => providerLabel(w.dataProvider) },
    { label: 'Status', value: (w) => statusLabel(w.status) },
    { label: 'Location', value: (w) => `${formatNumber(w.latitude, 4)}, ${formatNumber(w.longitude, 4)}` },
    { label: 'Elevation', value: (w) => units.format('elevation', w.elevation) },
    { label: 'Time zone', value: (w) => formatUtcOffset(w.timeZone) },
    { label: 'Period', value: (w) => formatPeriod(w) },
    { label: 'Interval', value: (w) => formatInterval(w.timeInterval) },
    ...columns.map((c) => ({
      label: `${c.label} (${c.kind === 'sum' ? 'annual sum' : 'annual mean'}, ${c.unit})`,
      value: (w: Weather) =>
        formatNumber(summaryValue(c.key, w.summary?.annual?.[c.key], system), c.kind === 'sum' ? 1 : 2),
    })),
  ];

  return (
    <Stack gap="md">
      <Title order={2}>Compare Weather</Title>
      {failed > 0 && (
        <Alert color="yellow">{failed} of the selected weather files could not be loaded.</Alert>
      )}
      {pending && !assets.length ? (
        <Center p="xl">
          <Loader aria-label="Loading weather" />
        </Center>
      ) : (
        <>
          <Paper withBorder>
            <Table.ScrollContainer minWidth={400 + assets.length * 180}>
              <Table striped verticalSpacing="xs" aria-label="Weather comparison">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th />
                    {assets.map((w) => (
                      <Table.Th key={w.id}>
                        <Anchor component={Link} to={`/weather/${w.id}`}>
                          {w.name}
                        </Anchor>
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.label}>
                      <Table.Td fw={500}>{row.label}</Table.Td>
                      {assets.map((w) => (
                        <Table.Td key={w.id}>{row.value(w)}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <Paper withBorder p="md">
            <Group justify="space-between" mb="xs">
              <Title order={4}>Monthly {seriesLabel(key)}</Title>
              {chartKeys.length > 1 && (
                <SegmentedControl
                  size="xs"
                  aria-label="Compared quantity"
                  data={chartKeys.map((k) => ({ value: k, label: seriesLabel(k) }))}
                  value={key}
                  onChange={setKey}
                />
              )}
            </Group>
            <EChart option={option} label="Monthly comparison chart" height={320} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
