/**
 * The prediction's weather: the chosen file (name, provider, period, interval, time zone, what it
 * holds) and the picker. Picking sets the weather, the start and end dates and the meteo-POA,
 * decomposition and transposition choices (spec 1 §4, domain `weatherChoices`), and warns with the
 * texts of spec 2 §8.4 (dates adjusted; a time zone other than the project's).
 */
import { Anchor, Button, Group, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifyWarning } from '../../../../lib/notify.ts';
import {
  formatDate,
  formatInterval,
  formatPeriod,
  formatUtcOffset,
  providerLabel,
} from '../../../weather/model/format.ts';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import type { HydratedPrediction } from '../../model/types.ts';
import { FactTable } from './FactTable.tsx';
import { pickWeather, weatherFactsOf, type PickedWeather } from './model.ts';
import { WeatherPickerModal } from './WeatherPickerModal.tsx';

export function WeatherCard({ onPicked }: { onPicked?: () => void }) {
  const editor = usePredictionEditor();
  const { weather, prediction, project, readOnly, units } = editor;
  const [open, setOpen] = useState(false);
  const projectOffset = project.standardOffsetFromUTC as number | null | undefined;
  const picked = weather as PickedWeather | null;
  const facts = picked ? weatherFactsOf(picked) : null;
  const weatherError = editor.errors.weatherId?.[0];

  function onPick(chosen: PickedWeather) {
    const { warnings } = pickWeather(prediction, chosen, projectOffset);
    editor.setWeather(chosen as HydratedPrediction['weather']);
    editor.setPrediction((current) => pickWeather(current, chosen, projectOffset).prediction);
    for (const warning of warnings) notifyWarning(warning);
    setOpen(false);
    onPicked?.();
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="overview-weather">
      <Group justify="space-between" mb="sm">
        <Title order={4} id="overview-weather">
          Weather
        </Title>
        <Button variant="default" size="xs" disabled={readOnly} onClick={() => setOpen(true)}>
          {picked ? 'Change weather' : 'Choose weather'}
        </Button>
      </Group>
      {picked ? (
        <FactTable
          label="Weather file"
          rows={[
            [
              'Weather file',
              <Anchor key="w" component={Link} to={`/weather/${picked.id}`} size="sm">
                {picked.name}
              </Anchor>,
            ],
            ['Provider', providerLabel(picked.dataProvider as number | null | undefined)],
            ['Period', formatPeriod(picked)],
            ['Prediction period', `${formatDate(prediction.start)} – ${formatDate(prediction.end)}`],
            ['Interval', formatInterval(picked.timeInterval as number | null | undefined)],
            ['Time zone', formatUtcOffset(picked.timeZone)],
            ['Plane-of-array irradiance', facts?.hasPoa ? 'In the file' : 'Not in the file'],
          ]}
        />
      ) : (
        <Text c="dimmed" size="sm">
          No weather file chosen yet.
        </Text>
      )}
      {weatherError && (
        <Text c="red" size="sm" mt="xs">
          {weatherError}
        </Text>
      )}
      {open && (
        <WeatherPickerModal
          latitude={project.latitude}
          longitude={project.longitude}
          currentId={picked?.id ?? null}
          units={units}
          onPick={onPick}
          onClose={() => setOpen(false)}
        />
      )}
    </Paper>
  );
}
