/**
 * /weather-library/generate: a synthetic hourly year from 12 monthly GHI sums and mean temperatures
 * for a location (map click or inputs) → preview charts → Validate → Finalize → /weather/{id}.
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TOAST } from '@sunfield/domain';
import { ApiError } from '../../../api/client.ts';
import { LocationMap } from '../../../components/map/LocationMap.tsx';
import { toast } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { QuantityInput, useUnits } from '../../../lib/units.tsx';
import { finalizeGeneratedWeather, generateWeather, validateGeneratedWeather } from '../api.ts';
import { EChart } from '../charts/EChart.tsx';
import { firstHoursOption } from '../charts/options.ts';
import { MessagesPanel } from '../import/MessagesPanel.tsx';
import { MONTHS, formatNumber } from '../model/format.ts';
import {
  buildGenerateRequest,
  checkGenerate,
  defaultMonthly,
  timeZoneFromLongitude,
  type GenerateForm,
} from '../model/generateModel.ts';
import { importErrorMessages, validationMessages } from '../model/importModel.ts';
import type { GenerateResult, ValidationResult } from '../model/types.ts';
import { useGenerateInfo, useWeatherCache } from '../queries.ts';

const FAILED = 'The weather could not be generated. Please try again';
const errorsOf = (error: unknown): string[] =>
  error instanceof ApiError
    ? importErrorMessages(error.body, FAILED)
    : [error instanceof Error ? error.message : FAILED];
const asNumber = (value: number | string): number | '' => (typeof value === 'number' ? value : '');

function initial(info: Parameters<typeof defaultMonthly>[0]): GenerateForm {
  const monthly = defaultMonthly(info, null);
  return {
    name: '',
    latitude: '',
    longitude: '',
    elevation: '',
    timeZone: '',
    monthlyGhi: monthly.ghi,
    monthlyTemp: monthly.temp,
    seed: '',
  };
}

export function GenerateScreen() {
  usePageTitle('Generate Weather');
  const navigate = useNavigate();
  const cache = useWeatherCache();
  const info = useGenerateInfo();
  const units = useUnits();
  const [form, setForm] = useState<GenerateForm>(() => initial(undefined));
  const [touched, setTouched] = useState(false);
  const [monthlyEdited, setMonthlyEdited] = useState(false);
  const [result, setResult] = useState<GenerateResult | null>(null);
  const [validation, setValidation] = useState<ValidationResult | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const errors = useMemo(() => checkGenerate(form, units.system), [form, units.system]);
  const shown = touched ? errors : {};

  const update = (next: GenerateForm) => {
    setForm(next);
    setResult(null);
    setValidation(null);
  };
  const pick = (latitude: number, longitude: number) => {
    const next = { ...form, latitude, longitude };
    if (form.timeZone === '') next.timeZone = timeZoneFromLongitude(longitude);
    if (!monthlyEdited) {
      const monthly = defaultMonthly(info.data, latitude);
      next.monthlyGhi = monthly.ghi;
      next.monthlyTemp = monthly.temp;
    }
    update(next);
  };

  const generate = useMutation({
    mutationFn: () => generateWeather(buildGenerateRequest(form)),
    onMutate: () => setFailure([]),
    onSuccess: setResult,
    onError: (error) => setFailure(errorsOf(error)),
  });
  const validate = useMutation({
    mutationFn: () => validateGeneratedWeather(result!.importId, form.name.trim()),
    onMutate: () => setFailure([]),
    onSuccess: setValidation,
    onError: (error) => setFailure(errorsOf(error)),
  });
  const finalize = useMutation({
    mutationFn: () => finalizeGeneratedWeather(result!.importId, form.name.trim()),
    onMutate: () => setFailure([]),
    onSuccess: (answer) => {
      toast(TOAST.created(form.name.trim()));
      cache.created();
      navigate(`/weather/${answer.id}`);
    },
    onError: (error) => setFailure(errorsOf(error)),
  });

  const preview = useMemo(() => {
    if (!result) return null;
    const rows = result.weatherDetails ?? [];
    const annual = result.weather?.globalHorizontalIrradianceSum ?? null;
    return { option: firstHoursOption(rows), annual, rows: result.weather?.rowCount ?? rows.length };
  }, [result]);
  const messages = validationMessages(validation);

  const setMonthly = (field: 'monthlyGhi' | 'monthlyTemp', index: number, value: number | string) => {
    setMonthlyEdited(true);
    const list = form[field].slice();
    list[index] = asNumber(value);
    update({ ...form, [field]: list });
  };

  return (
    <Stack gap="md">
      <Title order={2}>Generate Weather</Title>
      <Paper withBorder p="md">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              <TextInput
                label="Name"
                required
                value={form.name}
                onChange={(event) => update({ ...form, name: event.currentTarget.value })}
                error={shown.name}
                maxLength={200}
              />
              <Group grow>
                <NumberInput
                  label="Latitude"
                  required
                  value={form.latitude}
                  onChange={(value) => update({ ...form, latitude: asNumber(value) })}
                  error={shown.latitude}
                  decimalScale={6}
                  min={-90}
                  max={90}
                />
                <NumberInput
                  label="Longitude"
                  required
                  value={form.longitude}
                  onChange={(value) => update({ ...form, longitude: asNumber(value) })}
                  error={shown.longitude}
                  decimalScale={6}
                  min={-180}
                  max={180}
                />
              </Group>
              <Group grow>
                <QuantityInput
                  kind="elevation"
                  label="Elevation"
                  unitIn="parentheses"
                  value={form.elevation}
                  onChange={(value) => update({ ...form, elevation: value })}
                />
                <NumberInput
                  label="Time zone (hours from UTC)"
                  value={form.timeZone}
                  onChange={(value) => update({ ...form, timeZone: asNumber(value) })}
                  error={shown.timeZone}
                  step={0.5}
                  decimalScale={2}
                />
                <NumberInput
                  label="Seed"
                  description="Optional, repeats a year"
                  value={form.seed}
                  onChange={(value) => update({ ...form, seed: asNumber(value) })}
                  allowDecimal={false}
                />
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <LocationMap
              latitude={form.latitude === '' ? null : form.latitude}
              longitude={form.longitude === '' ? null : form.longitude}
              onPick={pick}
              height={260}
              label="Generate location map"
            />
          </Grid.Col>
        </Grid>
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="xs">
          Monthly values
        </Title>
        <Table.ScrollContainer minWidth={900}>
          <Table withTableBorder aria-label="Monthly values">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {MONTHS.map((month) => (
                  <Table.Th key={month}>{month}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>GHI (kWh/m²)</Table.Td>
                {MONTHS.map((month, i) => (
                  <Table.Td key={month}>
                    <NumberInput
                      aria-label={`GHI ${month}`}
                      value={form.monthlyGhi[i]}
                      onChange={(value) => setMonthly('monthlyGhi', i, value)}
                      hideControls
                      min={0}
                      size="xs"
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
              <Table.Tr>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {units.label('Temperature', 'temperature')}
                </Table.Td>
                {MONTHS.map((month, i) => (
                  <Table.Td key={month}>
                    <QuantityInput
                      kind="temperature"
                      unitIn="none"
                      aria-label={`Temperature ${month}`}
                      value={form.monthlyTemp[i]}
                      onChange={(value) => setMonthly('monthlyTemp', i, value)}
                      hideControls
                      size="xs"
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {(shown.monthlyGhi || shown.monthlyTemp) && (
          <Text c="red" size="sm" mt="xs">
            {shown.monthlyGhi ?? shown.monthlyTemp}
          </Text>
        )}
        <Text size="sm" c="dimmed" mt="xs">
          Annual GHI:{' '}
          {formatNumber(
            form.monthlyGhi.reduce<number>((sum, v) => sum + (v === '' ? 0 : v), 0),
            0,
          )}{' '}
          kWh/m²
        </Text>
      </Paper>
      <MessagesPanel errors={failure} warnings={[]} errorTitle="The weather could not be generated" />
      {preview && (
        <Paper withBorder p="md">
          <Title order={4} mb="xs">
            Preview (first days)
          </Title>
          <SimpleGrid cols={2} mb="xs">
            <Text size="sm" data-testid="generated-rows">
              {formatNumber(preview.rows, 0)} hourly rows
            </Text>
            <Text size="sm" data-testid="generated-annual-ghi">
              Annual GHI {formatNumber(preview.annual, 1)} kWh/m²
            </Text>
          </SimpleGrid>
          <EChart option={preview.option} label="Generated first days chart" height={280} />
        </Paper>
      )}
      <MessagesPanel errors={messages.errors} warnings={messages.warnings} />
      {validation && !messages.errors.length && !messages.warnings.length && (
        <Alert color="teal" title="Validation passed">
          The generated year is ready to be saved.
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => navigate('/weather-library')}>
          Cancel
        </Button>
        <Group gap="xs">
          <Button
            onClick={() => {
              setTouched(true);
              if (!Object.keys(errors).length) generate.mutate();
            }}
            loading={generate.isPending}
            variant={result ? 'default' : 'filled'}
          >
            Generate
          </Button>
          <Button
            variant="light"
            disabled={!result}
            onClick={() => validate.mutate()}
            loading={validate.isPending}
          >
            Validate
          </Button>
          <Button
            disabled={!result || Boolean(messages.errors.length)}
            onClick={() => finalize.mutate()}
            loading={finalize.isPending}
          >
            Finalize
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
