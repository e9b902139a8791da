/**
 * /weather-library/add-weather-data and /api-weather-import: choose a provider (NSRDB PSM, Solcast,
 * Solargis, Meteonorm, SolarAnywhere, … as GET /Weather/Providers lists them with availability), a
 * location and the provider's options → Validate → Download (a queued job) → a progress bar driven
 * by the weatheritem pushes (downloadInfo.downloadPercentComplete) → open the weather at 100.
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  Progress,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { LocationMap } from '../../../components/map/LocationMap.tsx';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { getWeather, startDownload, validateDownload, type DownloadRequest } from '../api.ts';
import { MessagesPanel } from '../import/MessagesPanel.tsx';
import { importErrorMessages, validationMessages } from '../model/importModel.ts';
import type { ValidationResult, WeatherProvider } from '../model/types.ts';
import { useProviders, useWeatherPushes } from '../queries.ts';

const FAILED = 'The weather could not be downloaded. Please try again';
const errorsOf = (error: unknown): string[] =>
  error instanceof ApiError
    ? importErrorMessages(error.body, FAILED)
    : [error instanceof Error ? error.message : FAILED];
const asNumber = (value: number | string): number | '' => (typeof value === 'number' ? value : '');
const providerKey = (p: WeatherProvider): string => String(p.key ?? p.id);

/** Poll the asset every 3 s as a fallback when no push arrives (spec 2 §9.1 polling period). */
const POLL_MS = 3000;

export function AddWeatherDataScreen({ title = 'Add Weather Data' }: { title?: string }) {
  usePageTitle(title);
  const providers = useProviders();
  const [provider, setProvider] = useState<string | null>(null);
  const [latitude, setLatitude] = useState<number | ''>('');
  const [longitude, setLongitude] = useState<number | ''>('');
  const [name, setName] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [options, setOptions] = useState<Record<string, string>>({});
  const [validation, setValidation] = useState<ValidationResult | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const [downloadId, setDownloadId] = useState<number | null>(null);
  const [pushed, setPushed] = useState<number | null>(null);

  const list = useMemo(() => providers.data ?? [], [providers.data]);
  const chosen = list.find((p) => providerKey(p) === provider) ?? null;
  const ready = Boolean(chosen?.available) && latitude !== '' && longitude !== '' && name.trim() !== '';

  useWeatherPushes((item) => {
    if (item.id === downloadId && typeof item.downloadInfo?.downloadPercentComplete === 'number')
      setPushed(item.downloadInfo.downloadPercentComplete);
  });
  const asset = useQuery({
    queryKey: ['weatherAsset', downloadId ?? 0],
    queryFn: ({ signal }) => getWeather(downloadId!, signal),
    enabled: downloadId !== null,
    refetchInterval: (query) => {
      const p = query.state.data?.downloadInfo?.downloadPercentComplete;
      return typeof p === 'number' && p >= 100 ? false : POLL_MS;
    },
  });
  const polled = asset.data?.downloadInfo?.downloadPercentComplete;
  const progress = Math.max(pushed ?? 0, typeof polled === 'number' ? polled : 0);
  const failedStatus =
    asset.data?.downloadInfo?.message &&
    String(asset.data.downloadInfo.status ?? '').toLowerCase() === 'error';

  const request = (): DownloadRequest => ({
    Latitude: Number(latitude),
    Longitude: Number(longitude),
    name: name.trim(),
    ...(apiKey ? { apiKey } : {}),
    ...options,
  });
  const validate = useMutation({
    mutationFn: () => validateDownload(provider!, request()),
    onMutate: () => setFailure([]),
    onSuccess: setValidation,
    onError: (error) => setFailure(errorsOf(error)),
  });
  const download = useMutation({
    mutationFn: () => startDownload(provider!, request()),
    onMutate: () => {
      setFailure([]);
      setPushed(0);
    },
    onSuccess: (answer) => setDownloadId(answer.id),
    onError: (error) => setFailure(errorsOf(error)),
  });
  const messages = validationMessages(validation);
  const reset = () => {
    setValidation(null);
  };

  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Paper withBorder p="md">
        <Title order={4} mb="xs">
          Provider
        </Title>
        {providers.isError && <Alert color="red">{providers.error.message}</Alert>}
        <Radio.Group
          value={provider}
          onChange={(value) => {
            setProvider(value);
            setOptions({});
            reset();
          }}
          aria-label="Provider"
        >
          <Stack gap="xs">
            {list.map((p) => (
              <Radio
                key={providerKey(p)}
                value={providerKey(p)}
                label={p.name}
                disabled={!p.available}
                description={
                  p.available
                    ? (p.message ?? undefined)
                    : (p.message ?? 'Not available: ask your company admin to add the credentials.')
                }
              />
            ))}
            {providers.isPending && <Text c="dimmed">Loading providers…</Text>}
          </Stack>
        </Radio.Group>
      </Paper>
      <Paper withBorder p="md">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <TextInput
                label="Name"
                required
                value={name}
                onChange={(e) => (setName(e.currentTarget.value), reset())}
              />
              <Group grow>
                <NumberInput
                  label="Latitude"
                  required
                  value={latitude}
                  onChange={(v) => (setLatitude(asNumber(v)), reset())}
                  min={-90}
                  max={90}
                  decimalScale={6}
                />
                <NumberInput
                  label="Longitude"
                  required
                  value={longitude}
                  onChange={(v) => (setLongitude(asNumber(v)), reset())}
                  min={-180}
                  max={180}
                  decimalScale={6}
                />
              </Group>
              {chosen?.requiresApiKey && (
                <PasswordInput
                  label="API key"
                  value={apiKey}
                  onChange={(e) => (setApiKey(e.currentTarget.value), reset())}
                />
              )}
              {(chosen?.options ?? []).map((option) =>
                option.values?.length ? (
                  <Select
                    key={option.name}
                    label={option.label ?? option.name}
                    data={option.values.map(String)}
                    value={options[option.name] ?? null}
                    onChange={(v) => (setOptions({ ...options, [option.name]: v ?? '' }), reset())}
                  />
                ) : (
                  <TextInput
                    key={option.name}
                    label={option.label ?? option.name}
                    value={options[option.name] ?? ''}
                    onChange={(e) => (
                      setOptions({ ...options, [option.name]: e.currentTarget.value }),
                      reset()
                    )}
                  />
                ),
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <LocationMap
              latitude={latitude === '' ? null : latitude}
              longitude={longitude === '' ? null : longitude}
              onPick={(lat, lng) => {
                setLatitude(lat);
                setLongitude(lng);
                reset();
              }}
              height={260}
              label="Download location map"
            />
          </Grid.Col>
        </Grid>
      </Paper>
      <MessagesPanel errors={[...failure, ...messages.errors]} warnings={messages.warnings} />
      {downloadId !== null && (
        <Paper withBorder p="md">
          <Text size="sm" mb={4}>
            {progress >= 100 ? 'Download complete.' : `Downloading… ${Math.round(progress)}%`}
          </Text>
          <Progress value={progress} animated={progress < 100} aria-label="Download progress" />
          {failedStatus && (
            <Text c="red" size="sm" mt="xs">
              {asset.data?.downloadInfo?.message}
            </Text>
          )}
          {progress >= 100 && (
            <Anchor component={Link} to={`/weather/${downloadId}`} mt="xs" display="block">
              Open the weather file
            </Anchor>
          )}
        </Paper>
      )}
      <Group justify="space-between">
        <Button component={Link} to="/weather-library" variant="default">
          Cancel
        </Button>
        <Group gap="xs">
          <Button
            variant="light"
            disabled={!ready}
            onClick={() => validate.mutate()}
            loading={validate.isPending}
          >
            Validate
          </Button>
          <Button
            disabled={!ready || Boolean(messages.errors.length) || (downloadId !== null && progress < 100)}
            onClick={() => download.mutate()}
            loading={download.isPending}
          >
            Download
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
