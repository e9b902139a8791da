/** Monthly bars (GHI, DNI, DHI), mean daily profiles by month, and the hour × day heat map. */
import { useMemo, useState } from 'react';
import {
  Alert,
  Center,
  Chip,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useUnits } from '../../../lib/units.tsx';
import { EChart } from '../charts/EChart.tsx';
import {
  dailyProfilesOption,
  heatMapOption,
  monthlyBarsOption,
  normalizeProfiles,
} from '../charts/options.ts';
import { MONTHS, seriesLabel } from '../model/format.ts';
import { useWeatherCharts } from '../queries.ts';

const PROFILE_KEYS = ['ghi', 'dni', 'dhi', 'poa', 'tempAir', 'windSpeed'];

export function ChartsTab({ id }: { id: number }) {
  const charts = useWeatherCharts(id);
  const { system } = useUnits();
  const [profileKey, setProfileKey] = useState('ghi');
  const [months, setMonths] = useState<string[]>(['1', '4', '7', '10']);
  const profiles = useMemo(() => normalizeProfiles(charts.data?.dailyProfiles ?? []), [charts.data]);
  const keys = PROFILE_KEYS.filter((key) => profiles.has(key));
  const monthly = useMemo(
    () => (charts.data ? monthlyBarsOption(charts.data.monthly ?? []) : null),
    [charts.data],
  );
  const daily = useMemo(
    () =>
      dailyProfilesOption(
        profiles,
        keys.includes(profileKey) ? profileKey : (keys[0] ?? 'ghi'),
        months.map(Number),
        system,
      ),
    [profiles, profileKey, months, keys, system],
  );
  const heat = useMemo(
    () => (charts.data?.heatMap ? heatMapOption(charts.data.heatMap, system) : null),
    [charts.data, system],
  );

  if (charts.isPending)
    return (
      <Center p="xl">
        <Loader aria-label="Loading charts" />
      </Center>
    );
  if (charts.isError)
    return (
      <Alert color="red" title="The charts could not be loaded">
        {charts.error.message}
      </Alert>
    );

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Title order={4} mb="xs">
          Monthly irradiation
        </Title>
        {monthly && <EChart option={monthly} label="Monthly irradiation chart" height={300} />}
      </Paper>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="xs" wrap="wrap">
          <Title order={4}>Daily profiles</Title>
          {keys.length > 0 && (
            <SegmentedControl
              aria-label="Profile quantity"
              data={keys.map((key) => ({ value: key, label: seriesLabel(key) }))}
              value={keys.includes(profileKey) ? profileKey : keys[0]!}
              onChange={setProfileKey}
              size="xs"
            />
          )}
        </Group>
        <Chip.Group multiple value={months} onChange={setMonths}>
          <Group gap={4} mb="xs">
            {MONTHS.map((label, i) => (
              <Chip key={label} value={String(i + 1)} size="xs">
                {label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {profiles.size ? (
          <EChart option={daily} label="Daily profiles chart" height={300} />
        ) : (
          <Text c="dimmed">No daily profiles.</Text>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="xs">
          Hour × day{charts.data?.heatMap ? ` (${seriesLabel(charts.data.heatMap.key)})` : ''}
        </Title>
        {heat ? (
          <EChart option={heat} label="Heat map chart" height={360} />
        ) : (
          <Text c="dimmed">No heat map.</Text>
        )}
      </Paper>
    </Stack>
  );
}
