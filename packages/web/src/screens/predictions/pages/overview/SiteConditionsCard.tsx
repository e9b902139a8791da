/**
 * The prediction's site conditions (spec 1 §3 "Site data"): the ASHRAE station and the design
 * temperatures the string sizing and the run check use (50-year minimum, 99.6 % cooling, 50-year
 * maximum, mean annual minimum) and the site elevation, editable in the user's units (°C/°F, m/ft).
 *
 * "Look up ASHRAE station" asks GET /ASHRAE for the project's location (50 mi, spec 2 §9.2; Sunfield
 * derives the values from the nearest weather file with a year of air temperatures, see
 * docs/site-conditions.md) and fills the fields; a 404 says that none lies near. The lookup also runs
 * by itself when a weather file is picked (`weatherPicks` counts the picks) and when the page opens
 * on an editable prediction without any site conditions.
 *
 * A new 50-year minimum or cooling temperature (typed, then the field left; or filled by a lookup)
 * runs the builder's rules again on every DC field of the plant (modules wired in series and modules
 * wide, unless locked) and, with the cooling temperature option, on each inverter's kVA, with the
 * notices of spec 2 §8.4. Read-only predictions show every input disabled.
 */
import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatNumber, toUserUnits } from '@sunfield/domain';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../../../api/client.ts';
import { notifyWarning } from '../../../../lib/notify.ts';
import { useRuleContext } from '../../builder/useBuilderData.ts';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import { NumberField } from '../settings/NumberField.tsx';
import { formatQuantity } from './model.ts';
import {
  ASHRAE_SEARCH_RADIUS_MILES,
  ASHRAE_VERSION_2021,
  ASHRAE_VERSION_OPTIONS,
  ashraeQuery,
  designTemperaturesOf,
  hasNoSiteConditions,
  missingRecords,
  reapplySiteRules,
  sitePatch,
  SITE_RANGES,
  takesAnswer,
  temperaturesChanged,
  withTemperatures,
  type AshraeAnswer,
  type DesignTemperatures,
  type LookupTrigger,
} from './siteConditions.ts';

type Lookup =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'found'; answer: AshraeAnswer; taken: boolean }
  | { state: 'none' }
  | { state: 'error'; message: string };

const KM_PER_MILE = 1.609344;

/** The design temperatures of the card, in their order. */
const TEMPERATURE_FIELDS = [
  { key: 'min50Year', label: '50-year minimum temperature' },
  { key: 'cool996', label: '99.6 % cooling temperature' },
  { key: 'max50Year', label: '50-year maximum temperature' },
  { key: 'minAnnualMeanDBTemp', label: 'Mean annual minimum temperature' },
] as const;

export function SiteConditionsCard({ weatherPicks }: { weatherPicks: number }) {
  const editor = usePredictionEditor();
  const { prediction, project, readOnly, units, errors } = editor;
  const { ctx, loadModule, loadInverter } = useRuleContext(editor);
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const [notices, setNotices] = useState<string[]>([]);

  // The latest draft for the async steps (a lookup answers after renders).
  const latest = useRef({ editor, ctx });
  latest.current = { editor, ctx };
  /** The temperatures the plant was last sized with (the loaded ones until a change is committed). */
  const applied = useRef<DesignTemperatures>(designTemperaturesOf(prediction));

  /** Runs the builder's rules on the plant when the design temperatures changed since last time. */
  async function commitTemperatures(next: DesignTemperatures): Promise<void> {
    if (!temperaturesChanged(applied.current, next)) return;
    applied.current = next;
    const start = latest.current;
    if (!start.editor.plant) return;
    const missing = missingRecords(start.editor.plant, start.ctx);
    await Promise.allSettled([
      ...missing.moduleIds.map((id) => loadModule(id)),
      ...missing.inverterIds.map((id) => loadInverter(id)),
    ]);
    const { editor: now, ctx: context } = latest.current;
    const rules = withTemperatures(context, next);
    const base = now.plant;
    if (!base) return;
    const result = reapplySiteRules(base, rules);
    if (result.plant !== base)
      now.setPlant((current) =>
        current === base ? result.plant : current ? reapplySiteRules(current, rules).plant : current,
      );
    setNotices(result.notices);
    for (const notice of result.notices) notifyWarning(notice);
  }

  async function lookUp(trigger: LookupTrigger): Promise<void> {
    setLookup({ state: 'loading' });
    try {
      const current = latest.current.editor.prediction;
      const answer = await api<AshraeAnswer>('/ASHRAE', {
        query: { ...ashraeQuery(project.latitude, project.longitude, current.ashraeVersion) },
        background: trigger !== 'button',
        silent: true,
      });
      const draft = latest.current.editor.prediction;
      const taken = takesAnswer(draft, answer, trigger);
      setLookup({ state: 'found', answer, taken });
      if (!taken) return;
      const patch = sitePatch(answer, draft, project.elevation);
      latest.current.editor.setPrediction((p) => ({ ...p, ...patch }));
      await commitTemperatures(designTemperaturesOf({ ...draft, ...patch }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setLookup({ state: 'none' });
      else
        setLookup({
          state: 'error',
          message: error instanceof Error ? error.message : 'The ASHRAE station could not be looked up.',
        });
    }
  }

  // On opening an editable prediction without any site conditions (once per page visit).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (!readOnly && hasNoSiteConditions(prediction)) void lookUp('open');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the draft as the page opens
  }, []);
  // After a weather file was picked.
  const picks = useRef(weatherPicks);
  useEffect(() => {
    if (picks.current === weatherPicks) return;
    picks.current = weatherPicks;
    if (!readOnly) void lookUp('weather');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new pick only
  }, [weatherPicks]);

  const set = (key: string) => (value: number | null) =>
    editor.setPrediction((current) => ({ ...current, [key]: value }));
  const commitOnLeave = () => void commitTemperatures(designTemperaturesOf(latest.current.editor.prediction));
  const radius = toUserUnits(ASHRAE_SEARCH_RADIUS_MILES * KM_PER_MILE, 'kilometre', units);
  const radiusText = `${formatNumber(radius.value, units === 'imperial' ? 0 : 1)} ${radius.symbol}`;
  const station = typeof prediction.ashraeStation === 'string' ? prediction.ashraeStation : '';
  const version = prediction.ashraeVersion === 0 ? '0' : String(ASHRAE_VERSION_2021);
  const error = (key: string) => errors[key]?.[0] ?? null;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="overview-site">
      <Group justify="space-between" mb="sm">
        <Title order={4} id="overview-site">
          Site conditions
        </Title>
        <Button
          variant="default"
          size="xs"
          disabled={readOnly}
          loading={lookup.state === 'loading'}
          onClick={() => void lookUp('button')}
        >
          Look up ASHRAE station
        </Button>
      </Group>
      <Stack gap="sm">
        <LookupMessage lookup={lookup} radiusText={radiusText} units={units} />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextInput
              label="ASHRAE station"
              value={station}
              disabled={readOnly}
              error={error('ashraeStation')}
              onChange={(event) => {
                const name = event.currentTarget.value;
                editor.setPrediction((current) => ({ ...current, ashraeStation: name === '' ? null : name }));
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 2 }}>
            <Select
              label="ASHRAE version"
              data={ASHRAE_VERSION_OPTIONS.map((o) => ({ ...o }))}
              value={version}
              allowDeselect={false}
              disabled={readOnly}
              onChange={(value) =>
                editor.setPrediction((current) => ({ ...current, ashraeVersion: Number(value ?? 1) }))
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, md: 4 }}>
            <Text size="sm" fw={500}>
              Station distance
            </Text>
            <Text size="sm" mt={6} aria-label="Station distance">
              {formatQuantity(prediction.ashraeDistance as number | null | undefined, 'kilometre', units, 1)}
              {typeof prediction.ashraeWMO === 'string' && prediction.ashraeWMO
                ? ` · WMO ${prediction.ashraeWMO}`
                : ''}
            </Text>
          </Grid.Col>
        </Grid>
        <Grid gap="sm" onBlur={commitOnLeave}>
          {TEMPERATURE_FIELDS.map(({ key, label }) => (
            <Grid.Col key={key} span={{ base: 12, sm: 6, md: 4 }}>
              <NumberField
                label={label}
                value={prediction[key]}
                unit="celsius"
                units={units}
                decimals={1}
                range={SITE_RANGES[key]}
                disabled={readOnly}
                error={error(key)}
                onValue={set(key)}
              />
            </Grid.Col>
          ))}
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <NumberField
              label="Site elevation"
              value={prediction.elevation}
              unit="metre"
              units={units}
              decimals={0}
              range={SITE_RANGES.elevation}
              placeholder={
                typeof project.elevation === 'number'
                  ? `${formatQuantity(project.elevation, 'metre', units, 0)} (project)`
                  : undefined
              }
              disabled={readOnly}
              error={error('elevation')}
              onValue={set('elevation')}
            />
          </Grid.Col>
        </Grid>
        {!readOnly && (prediction.min50Year === null || prediction.cool996 === null) && (
          <Text size="sm" c="orange">
            Without the 50-year minimum and 99.6 % cooling temperatures the strings cannot be sized for the
            site and the run is refused.
          </Text>
        )}
        {notices.length > 0 && (
          <Alert color="yellow" title="The plant was updated" role="status">
            {notices.map((notice) => (
              <Text key={notice} size="sm">
                {notice}
              </Text>
            ))}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function LookupMessage({
  lookup,
  radiusText,
  units,
}: {
  lookup: Lookup;
  radiusText: string;
  units: Parameters<typeof formatQuantity>[2];
}) {
  if (lookup.state === 'none')
    return (
      <Alert color="yellow" title="No ASHRAE station near the project" role="status">
        <Text size="sm">
          No weather file with a year of air temperatures lies within {radiusText} of the project, so the
          design temperatures cannot be derived. Enter them below, or add weather near the site to the library
          and look up again.
        </Text>
      </Alert>
    );
  if (lookup.state === 'error')
    return (
      <Alert color="red" title="The ASHRAE station could not be looked up" role="status">
        <Text size="sm">{lookup.message}</Text>
      </Alert>
    );
  if (lookup.state !== 'found') return null;
  const { answer, taken } = lookup;
  const km = typeof answer.distance === 'number' ? answer.distance / 1000 : null;
  const source = answer.weatherName ?? answer.stationName ?? 'the nearest weather file';
  return (
    <Text size="sm" c="dimmed" role="status">
      {taken ? 'Filled from' : 'Found'} {source}, {formatQuantity(km, 'kilometre', units, 1)} away
      {answer.yearsOfRecord === 1
        ? ' (one year of record: the 50-year values are that year’s own extremes)'
        : typeof answer.yearsOfRecord === 'number'
          ? ` (${answer.yearsOfRecord} years of record)`
          : ''}
      {taken ? '.' : '; the values entered were kept (Look up ASHRAE station to use it).'}
    </Text>
  );
}
