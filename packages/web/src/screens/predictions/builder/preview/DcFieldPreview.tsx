/**
 * Instant previews of one DC field, computed in the browser by the engine (model.ts): the string's
 * voltage window against its inverter's, and one clear-sky day of the field's POA irradiance and DC
 * power. They follow the edits ~150 ms after the last keystroke (one day is a few milliseconds).
 *
 * Usage (the builder's DC-field panel):
 *   <DcFieldPreview field={dcField} inverter={inverterNode} prediction={editor.prediction}
 *                   project={editor.project} />
 * The module and inverter records are found in this order: the `moduleRecord` / `inverterRecord`
 * props when given (null: none); the record the API embeds in the plant (`field.module`,
 * `inverter.inverter`) when its id is the node's `moduleId` / `inverterId`; else GET /api/Module/{id}
 * and /api/Inverter/{id} (TanStack Query, cached with the library screens' keys).
 */
import { memo, useMemo, useState } from 'react';
import { Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MONTH_ABBREVIATIONS } from '@sunfield/engine';
import { formatNumber, toUserUnits, type UnitSystemName } from '@sunfield/domain';
import { useUnitSystem } from '../../../../auth/hooks.ts';
import { EChart } from '../../../weather/charts/EChart.tsx';
import { useInverter } from '../../../inverters/queries.ts';
import { useModule } from '../../../modules/queries.ts';
import type { HydratedPrediction, Json, Prediction } from '../../model/types.ts';
import { clearSkyDayOption, stringWindowOption } from './chartOptions.ts';
import {
  clearSkyDay,
  defaultPreviewMonth,
  mppRangeNote,
  siteTimeZone,
  STRING_WINDOW_MISSING_TEXT,
  stringWindowPreview,
  PREVIEW_TEMP_AIR,
  PREVIEW_WIND_SPEED,
  type ClearSkyDay,
  type StringWindowPreview,
} from './model.ts';

/** Props of {@link DcFieldPreview}. */
export interface DcFieldPreviewProps {
  /** the DC field (spec 3 `PVDCField`) as in `editor.plant`; its `module` record is used when it matches `moduleId` */
  field: Json;
  /** the inverter node (spec 3 `PVInverter`) holding the field; its `inverter` record is used when it matches `inverterId` */
  inverter: Json | null;
  /** the library inverter when the caller has it (null: none); absent → from the node or fetched */
  inverterRecord?: Json | null;
  /** the library module when the caller has it (null: none); absent → from the field or fetched */
  moduleRecord?: Json | null;
  prediction: Prediction;
  project: HydratedPrediction['project'];
}

const numberId = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** The record to use: given, else embedded with the same id, else fetched (see the file comment). */
function useRecord(
  kind: 'module' | 'inverter',
  id: number | null,
  embedded: unknown,
  given: Json | null | undefined,
): Json | null {
  const embeddedRecord =
    embedded && typeof embedded === 'object' && (embedded as Json).id === id ? (embedded as Json) : null;
  const needFetch = given === undefined && id !== null && !embeddedRecord;
  const module = useModule(kind === 'module' && needFetch ? id : null);
  const inverter = useInverter(kind === 'inverter' && needFetch ? id : null);
  if (given !== undefined) return given;
  if (id === null) return null;
  if (embeddedRecord) return embeddedRecord;
  return ((kind === 'module' ? module.data : inverter.data) as Json | undefined) ?? null;
}

export const DcFieldPreview = memo(function DcFieldPreview(props: DcFieldPreviewProps) {
  const units = useUnitSystem();
  const { field, inverter, prediction, project } = props;
  const module = useRecord('module', numberId(field.moduleId), field.module, props.moduleRecord);
  const inverterRecord = useRecord(
    'inverter',
    numberId(inverter?.inverterId),
    inverter?.inverter,
    props.inverterRecord,
  );
  const latitude = typeof project.latitude === 'number' ? project.latitude : 0;
  const [month, setMonth] = useState(() => defaultPreviewMonth(latitude));
  const inputs = useMemo(
    () => ({ field, module, inverterRecord, prediction, project, month }),
    [field, module, inverterRecord, prediction, project, month],
  );
  const [debounced] = useDebouncedValue(inputs, 150);

  const window = useMemo(
    () =>
      stringWindowPreview({
        field: debounced.field,
        module: debounced.module,
        inverter: debounced.inverterRecord,
        site: { min50Year: debounced.prediction.min50Year, cool996: debounced.prediction.cool996 },
      }),
    [debounced],
  );
  const day = useMemo(() => {
    const p = debounced.project;
    const elevation =
      typeof debounced.prediction.elevation === 'number'
        ? debounced.prediction.elevation
        : typeof p.elevation === 'number'
          ? p.elevation
          : 0;
    return clearSkyDay({
      site: {
        latitude: p.latitude,
        longitude: p.longitude,
        elevation,
        timeZone: siteTimeZone(debounced.prediction, p),
      },
      month: debounced.month,
      field: debounced.field,
      module: debounced.module,
      prediction: debounced.prediction,
    });
  }, [debounced]);

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="dc-field-preview">
      <Paper withBorder p="sm">
        <Title order={5} mb="xs">
          String voltage window
        </Title>
        {'missing' in window ? (
          <Text size="sm" c="dimmed" role="status" aria-label="String voltage window">
            {STRING_WINDOW_MISSING_TEXT[window.missing]}
          </Text>
        ) : (
          <StringWindowPanel window={window} units={units} />
        )}
      </Paper>
      <Paper withBorder p="sm">
        <Group justify="space-between" align="flex-end" mb="xs">
          <Title order={5}>Clear-sky day</Title>
          <Select
            label="Preview day"
            size="xs"
            w={120}
            allowDeselect={false}
            data={MONTH_ABBREVIATIONS.map((m, i) => ({ value: String(i + 1), label: `21 ${m}` }))}
            value={String(month)}
            onChange={(value) => value && setMonth(Number(value))}
          />
        </Group>
        <ClearSkyDayPanel day={day} units={units} />
      </Paper>
    </SimpleGrid>
  );
});

function StringWindowPanel({ window: w, units }: { window: StringWindowPreview; units: UnitSystemName }) {
  const option = useMemo(() => stringWindowOption(w), [w]);
  const t = (celsius: number) => {
    const u = toUserUnits(celsius, 'celsius', units);
    return `${formatNumber(u.value, 1)} ${u.symbol}`;
  };
  const v = (volts: number) => `${formatNumber(volts, 0)} V`;
  const note = mppRangeNote(w);
  const ok = w.status === 'ok';
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} c={ok ? 'green.8' : 'red.8'} role="status" aria-label="String voltage window">
        {ok ? 'OK: ' : 'Out of window: '}
        {w.message}
      </Text>
      <EChart option={option} height={170} label="String voltage window chart" />
      <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
        <Text size="xs">
          Voc at 50-year minimum ({t(w.limits.tempCellCold)}): <b>{v(w.stringVocCold)}</b>{' '}
          {w.stringVocCold <= w.limits.maxAbsoluteVoltage ? '≤' : '>'} max {v(w.limits.maxAbsoluteVoltage)}
        </Text>
        <Text size="xs">
          Vmp at 99.6 % cooling (cells {t(w.limits.tempCellHot)}): <b>{v(w.stringVmpHot)}</b>{' '}
          {w.stringVmpHot >= w.limits.minVoltage ? '≥' : '<'} min {v(w.limits.minVoltage)}
        </Text>
        <Text size="xs">
          Modules in series: <b>{w.modulesWiredInSeries}</b> (fits {w.limits.minModulesInSeries} to{' '}
          {w.limits.maxModulesInSeries})
        </Text>
        <Text size="xs">
          Per module: Voc {formatNumber(w.limits.vocAtMin, 2)} V cold, Vmp{' '}
          {formatNumber(w.limits.vmpAtHot, 2)} V hot (
          {w.limits.method === 'singleDiode' ? 'single-diode model' : 'temperature coefficients'})
        </Text>
      </SimpleGrid>
      {note && (
        <Text size="xs" c="orange.8">
          {note}
        </Text>
      )}
    </Stack>
  );
}

function ClearSkyDayPanel({ day, units }: { day: ClearSkyDay; units: UnitSystemName }) {
  const option = useMemo(() => clearSkyDayOption(day, units), [day, units]);
  const insolation = (kwh: number) => {
    const u = toUserUnits(kwh, 'kilowattHourPerSquareMetre', units);
    return `${formatNumber(u.value, 2)} ${u.symbol}`;
  };
  const air = toUserUnits(PREVIEW_TEMP_AIR, 'celsius', units);
  const wind = toUserUnits(PREVIEW_WIND_SPEED, 'metrePerSecond', units);
  const m = day.mounting;
  const orientation =
    m.type === 'fixed'
      ? `fixed tilt ${formatNumber(m.surfaceTilt, 1)}°, azimuth ${formatNumber(m.surfaceAzimuth, 1)}°`
      : `tracker ±${formatNumber(m.maxAngle, 0)}° on a ${formatNumber(m.axisAzimuth, 0)}° axis, ` +
        `${m.backtrack ? 'backtracking' : 'true tracking'} at GCR ${formatNumber(m.gcr, 2)}` +
        (m.gcrAssumed ? ' (assumed)' : '') +
        (m.timeSeriesControl ? '; angles from the time series are not previewed' : '');
  return (
    <Stack gap={6}>
      <EChart option={option} height={220} label="Clear-sky day chart" />
      <Group gap="lg">
        <Text size="xs" aria-label="POA insolation">
          POA: <b>{insolation(day.poaInsolation)}</b> (GHI {insolation(day.ghiInsolation)})
        </Text>
        {day.method !== 'none' && day.moduleCount > 0 ? (
          <>
            <Text size="xs" aria-label="DC energy">
              DC energy: <b>{formatNumber(day.dcEnergy, 0)} kWh</b>
            </Text>
            <Text size="xs" aria-label="DC peak">
              Peak: <b>{formatNumber(day.dcPeak, 1)} kW</b>
            </Text>
          </>
        ) : (
          <Text size="xs" c="dimmed">
            {day.method === 'none'
              ? 'Pick a module to see the DC power.'
              : 'Enter modules in series and strings to see the DC power.'}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        21 {MONTH_ABBREVIATIONS[day.date.month - 1]}, standard time; {orientation}; Ineichen clear sky,{' '}
        {day.transposition === 'perez' ? 'Perez' : 'Hay–Davies'} transposition, albedo{' '}
        {formatNumber(day.albedo, 2)}, soiling {formatNumber(day.soilingLoss, 1)} %; air{' '}
        {formatNumber(air.value, 0)} {air.symbol}, wind {formatNumber(wind.value, 1)} {wind.symbol}. DC power
        at the modules&apos; maximum power point, before DC losses, clipping and the inverter.
      </Text>
    </Stack>
  );
}
