/**
 * /weather-library/import: upload (overlay with Cancel Upload) → Parse detects the format → the
 * user confirms or corrects name, location, elevation, time zone and time stamp definition, and for
 * a generic CSV maps columns and units → Validate (warnings and errors) → Finalize → /weather/{id}.
 * Errors are shown here in full (e.g. 'Line 12: …'), never under the generic heading (spec 1 §5).
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  FileInput,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { TOAST } from '@sunfield/domain';
import { ApiError } from '../../../api/client.ts';
import { UploadCancelledError } from '../../../api/upload.ts';
import { LocationMap } from '../../../components/map/LocationMap.tsx';
import { toast } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { QuantityInput, useUnits } from '../../../lib/units.tsx';
import { finalizeImport, parseWeatherFile, runQualityCheck, validateImport } from '../api.ts';
import { QualityResult } from '../detail/QualityTab.tsx';
import { TIMESTAMP_DEFINITIONS } from '../model/format.ts';
import {
  buildSettings,
  checkForm,
  importErrorMessages,
  initialForm,
  validationMessages,
  type ImportForm,
} from '../model/importModel.ts';
import type { ParseResult, ValidationResult } from '../model/types.ts';
import { useWeatherCache } from '../queries.ts';
import { ColumnMapping } from './ColumnMapping.tsx';
import { FileInfo } from './FileInfo.tsx';
import { MessagesPanel } from './MessagesPanel.tsx';

export const IMPORT_FAILED = 'The weather could not be imported. Please try again';
export const MAX_WEATHER_FILE_MB = 100;

const errorsOf = (error: unknown): string[] =>
  error instanceof ApiError
    ? importErrorMessages(error.body, IMPORT_FAILED)
    : [error instanceof Error ? error.message : IMPORT_FAILED];

const asNumber = (value: number | string): number | '' => (typeof value === 'number' ? value : '');

export function ImportScreen() {
  usePageTitle('Import Weather');
  const navigate = useNavigate();
  const units = useUnits();
  const cache = useWeatherCache();
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<ParseResult | null>(null);
  const [form, setForm] = useState<ImportForm | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [validation, setValidation] = useState<ValidationResult | null>(null);
  const [failure, setFailure] = useState<string[]>([]);
  const generic = Boolean(parsed?.genericCsv);

  const parse = useMutation({
    mutationFn: (chosen: File) => parseWeatherFile(chosen).promise,
    onMutate: () => {
      setFailure([]);
      setParsed(null);
      setForm(null);
      setValidation(null);
    },
    onSuccess: (answer) => {
      setParsed(answer);
      setForm(initialForm(answer));
      setShowErrors(false);
    },
    onError: (error) => {
      if (error instanceof UploadCancelledError) return;
      setFailure(errorsOf(error));
    },
  });

  const errors = useMemo(
    () => (form ? checkForm(form, generic, units.system) : {}),
    [form, generic, units.system],
  );
  const valid = Object.keys(errors).length === 0;

  const update = (next: ImportForm) => {
    setForm(next);
    setValidation(null);
  };

  const validate = useMutation({
    mutationFn: () => validateImport(parsed!.importId, buildSettings(form!, generic)),
    onMutate: () => setFailure([]),
    onSuccess: setValidation,
    onError: (error) => setFailure(errorsOf(error)),
  });
  const finalize = useMutation({
    mutationFn: () => finalizeImport(parsed!.importId, buildSettings(form!, generic)),
    onMutate: () => setFailure([]),
    onSuccess: (answer) => {
      toast(TOAST.created(form!.name.trim()));
      cache.created();
      navigate(`/weather/${answer.id}`);
    },
    onError: (error) => setFailure(errorsOf(error)),
  });
  const quality = useMutation({
    mutationFn: () => runQualityCheck({ importId: parsed!.importId }),
    onError: (error) => setFailure(errorsOf(error)),
  });

  const submit = (action: 'validate' | 'finalize') => {
    setShowErrors(true);
    if (!valid) return;
    if (action === 'validate') validate.mutate();
    else finalize.mutate();
  };

  const messages = validationMessages(validation);
  const shown = showErrors ? errors : {};

  return (
    <Stack gap="md">
      <Title order={2}>Import Weather</Title>
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileInput
            label="Weather file"
            description={`TMY3, TMY2, EPW, NSRDB PSM, PVGIS, SolarAnywhere, SURFRAD or any CSV (at most ${MAX_WEATHER_FILE_MB} MB)`}
            placeholder="Choose a file"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              if (chosen) parse.mutate(chosen);
            }}
            accept=".csv,.txt,.epw,.tm2,.tmy,.json,.dat"
            clearable
            w={420}
          />
          {file && !parse.isPending && (
            <Button variant="default" onClick={() => parse.mutate(file)}>
              Upload again
            </Button>
          )}
        </Group>
      </Paper>

      <MessagesPanel errors={failure} warnings={[]} errorTitle="The file could not be imported" />

      {parsed && form && (
        <>
          <Paper withBorder p="md">
            <Title order={4} mb="sm">
              File
            </Title>
            <FileInfo info={parsed.weatherFileInfo} fileName={file?.name ?? ''} />
          </Paper>
          <Paper withBorder p="md">
            <Title order={4} mb="sm">
              Confirm or correct
            </Title>
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
                      error={shown.elevation}
                      decimalScale={2}
                    />
                    <NumberInput
                      label="Time zone (hours from UTC)"
                      required
                      value={form.timeZone}
                      onChange={(value) => update({ ...form, timeZone: asNumber(value) })}
                      error={shown.timeZone}
                      decimalScale={2}
                      step={0.5}
                      min={-12}
                      max={14}
                    />
                  </Group>
                  <Select
                    label="Time stamp definition"
                    data={TIMESTAMP_DEFINITIONS}
                    value={form.timestampDefinition}
                    onChange={(value) => update({ ...form, timestampDefinition: value ?? '1' })}
                    allowDeselect={false}
                  />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <LocationMap
                  latitude={form.latitude === '' ? null : form.latitude}
                  longitude={form.longitude === '' ? null : form.longitude}
                  onPick={(latitude, longitude) => update({ ...form, latitude, longitude })}
                  height={300}
                  label="Weather location map"
                />
              </Grid.Col>
            </Grid>
          </Paper>
          {parsed.genericCsv && (
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                Columns and units
              </Title>
              <ColumnMapping csv={parsed.genericCsv} form={form} onChange={update} error={shown.mapping} />
            </Paper>
          )}
          <MessagesPanel errors={messages.errors} warnings={messages.warnings} />
          {validation && !messages.errors.length && !messages.warnings.length && (
            <Alert color="teal" title="Validation passed">
              The file is ready to be saved.
            </Alert>
          )}
          {quality.data && (
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                Quality check
              </Title>
              <QualityResult result={quality.data} totalSteps={parsed.weatherFileInfo.rowCount ?? 0} />
            </Paper>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => navigate('/weather-library')}>
              Cancel
            </Button>
            <Group gap="xs">
              {!generic && (
                <Button variant="default" onClick={() => quality.mutate()} loading={quality.isPending}>
                  Check Quality
                </Button>
              )}
              <Button variant="light" onClick={() => submit('validate')} loading={validate.isPending}>
                Validate
              </Button>
              <Button
                onClick={() => submit('finalize')}
                loading={finalize.isPending}
                disabled={Boolean(messages.errors.length)}
              >
                Finalize
              </Button>
            </Group>
          </Group>
          {!valid && showErrors && (
            <Text size="sm" c="red">
              Correct the fields marked above.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
