/**
 * /weather/{weatherID} (spec 1 §2): title (editable), status, actions, facts; tabs Summary, Charts,
 * Raw data, Quality check and Tools (global tilted plane, horizon, uncertainty). Read-only by
 * status (spec 1 §4) or when the server says so.
 */
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isEditableAssetStatus } from '@sunfield/domain';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { AssetStatusBadge } from '../components/AssetStatusBadge.tsx';
import { downloadProgress } from '../model/format.ts';
import { parseWeatherId } from '../model/listParams.ts';
import { isNotFound, useWeather, useWeatherPushes } from '../queries.ts';
import { ChartsTab } from './ChartsTab.tsx';
import { QualityTab } from './QualityTab.tsx';
import { RawDataTab } from './RawDataTab.tsx';
import { SummaryTab } from './SummaryTab.tsx';
import { TitleEditor } from './TitleEditor.tsx';
import { ToolsTab } from './ToolsTab.tsx';
import { WeatherActions } from './WeatherActions.tsx';
import { WeatherFacts } from './WeatherFacts.tsx';

const TABS = ['summary', 'charts', 'data', 'quality', 'tools'] as const;
type Tab = (typeof TABS)[number];

/**
 * Each tab is a route of its own (spec 1 §2: /weather/{weatherID} "has charts and raw-data"), so a
 * link or a reload opens it: /weather/7/charts, /weather/7/raw-data, …; the summary is /weather/7.
 */
const TAB_PATHS: Record<Tab, string> = {
  summary: '',
  charts: 'charts',
  data: 'raw-data',
  quality: 'quality',
  tools: 'tools',
};

const tabOfPath = (segment: string | undefined): Tab | null =>
  segment === undefined
    ? 'summary'
    : ((Object.keys(TAB_PATHS) as Tab[]).find((t) => TAB_PATHS[t] === segment.toLowerCase()) ?? null);

export const weatherTabPath = (id: number, tab: Tab): string =>
  TAB_PATHS[tab] ? `/weather/${id}/${TAB_PATHS[tab]}` : `/weather/${id}`;

function NotFound() {
  return (
    <Stack align="center" p="xl" gap="sm">
      <Title order={2}>Weather not found</Title>
      <Text c="dimmed">This weather file does not exist or you do not have access to it.</Text>
      <Button component={Link} to="/weather-library" variant="light">
        Back to the Weather Library
      </Button>
    </Stack>
  );
}

export function WeatherScreen() {
  const params = useParams();
  const id = parseWeatherId(params.weatherID);
  const query = useWeather(id);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const pathTab = tabOfPath(params.tab);
  // Links of the earlier ?tab= form still open their tab.
  const legacyTab = (TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : null;
  const tab: Tab = pathTab ?? 'summary';
  const notFound = id === null || isNotFound(query.error);
  usePageTitle(query.data?.name ?? (notFound ? 'Weather not found' : 'Weather'));
  useWeatherPushes();

  if (notFound) return <NotFound />;
  if (legacyTab && params.tab === undefined) return <Navigate to={weatherTabPath(id, legacyTab)} replace />;
  if (pathTab === null) return <Navigate to={weatherTabPath(id, 'summary')} replace />;
  if (query.isPending)
    return (
      <Center p="xl">
        <Loader aria-label="Loading weather" />
      </Center>
    );
  if (query.isError)
    return (
      <Alert color="red" title="The weather file could not be loaded">
        <Text size="sm">{query.error.message}</Text>
        <Button mt="sm" size="xs" variant="light" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );

  const weather = query.data;
  const editable = !weather.isReadOnly && isEditableAssetStatus(weather.status);
  const progress = downloadProgress(weather.downloadInfo);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Group gap="sm">
            <TitleEditor id={weather.id} name={weather.name} editable={editable} />
            <AssetStatusBadge status={weather.status} />
          </Group>
          {weather.description && <Text c="dimmed">{weather.description}</Text>}
          {!editable && (
            <Text size="sm" c="dimmed">
              Read-only: change its status to edit it.
            </Text>
          )}
        </Stack>
        <WeatherActions weather={weather} />
      </Group>
      {progress !== null && (
        <Paper withBorder p="md">
          <Text size="sm" mb={4}>
            Downloading… {progress}%
          </Text>
          <Progress value={progress} animated aria-label="Download progress" />
        </Paper>
      )}
      <Paper withBorder p="md">
        <WeatherFacts weather={weather} editable={editable} />
      </Paper>
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : 'summary';
          void navigate(weatherTabPath(weather.id, next), { replace: true });
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="summary">Summary</Tabs.Tab>
          <Tabs.Tab value="charts">Charts</Tabs.Tab>
          <Tabs.Tab value="data">Raw data</Tabs.Tab>
          <Tabs.Tab value="quality">Quality check</Tabs.Tab>
          <Tabs.Tab value="tools">Tilted plane, horizon, uncertainty</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="summary" pt="md">
          <SummaryTab summary={weather.summary} />
        </Tabs.Panel>
        <Tabs.Panel value="charts" pt="md">
          <ChartsTab id={weather.id} />
        </Tabs.Panel>
        <Tabs.Panel value="data" pt="md">
          <RawDataTab id={weather.id} />
        </Tabs.Panel>
        <Tabs.Panel value="quality" pt="md">
          <QualityTab id={weather.id} totalSteps={weather.rowCount ?? 0} editable={editable} />
        </Tabs.Panel>
        <Tabs.Panel value="tools" pt="md">
          <ToolsTab weather={weather} editable={editable} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
