/**
 * /projects/{projectID}/compare?ids=1,2,… (spec 1 §2): 2 to 6 predictions of the project side by
 * side — the inputs that differ highlighted (prediction fields and the plant flattened, each DC
 * field by its place), the results (energy, yield, PR, P-values), the loss trees and the monthly
 * energy of all of them. The picker changes the ids in the address.
 */
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useUnitSystem } from '../../../auth/hooks.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { EChart } from '../../weather/charts/EChart.tsx';
import { getHydratedPrediction, getResultSummary } from '../api.ts';
import { parseId } from '../editor/PredictionScreen.tsx';
import { COMPARE_MAX, compareHref, overviewHref } from '../list/model.ts';
import type { HydratedPrediction } from '../model/types.ts';
import { isNotFound, predictionKeys, usePredictionList } from '../queries.ts';
import { compareMonthlyOption } from '../results/model/charts.ts';
import { monthlyEnergySums, summaryYears } from '../results/model/summary.ts';
import type { ResultSummary } from '../results/types.ts';
import { CompareTable, type ComparedPrediction } from './CompareTable.tsx';
import {
  compareCountProblem,
  dcFieldRows,
  inputSections,
  lossRows,
  parseCompareIds,
  resultRows,
  type CompareRow,
} from './model.ts';

/** DC fields listed at most (a 300-block plant has 1,200): the differing ones first. */
const DC_FIELD_ROWS_SHOWN = 300;
/** Up to this many DC fields are listed at once; more wait for 'Show the DC fields'. */
const DC_FIELDS_OPEN = 12;

export function CompareScreen() {
  usePageTitle('Compare Predictions');
  const params = useParams();
  const projectId = parseId(params.projectID);
  const [search, setSearch] = useSearchParams();
  const ids = parseCompareIds(search.get('ids'));
  const problem = compareCountProblem(ids.length);
  const units = useUnitSystem();
  const list = usePredictionList(projectId);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const [fieldsOpen, setFieldsOpen] = useState(false);

  const enabled = projectId !== null && problem === null;
  // `combine` results are structurally shared: stable while the answers do not change, so the rows of
  // a large plant are not recomputed on every render.
  const hydrated = useQueries({
    queries: ids.map((id) => ({
      queryKey: predictionKeys.hydrated(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getHydratedPrediction(projectId!, id, signal),
      enabled,
      retry: (count: number, error: unknown) => !isNotFound(error) && count < 2,
      refetchOnWindowFocus: false,
    })),
    combine: (results) => ({
      data: results.map((r) => r.data ?? null),
      failed: results.map((r) => r.isError),
      pending: results.some((r) => r.isPending),
    }),
  });
  const summaries = useQueries({
    queries: ids.map((id) => ({
      queryKey: predictionKeys.summary(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getResultSummary<ResultSummary>(projectId!, id, signal),
      enabled,
      staleTime: 15 * 60_000,
    })),
    combine: (results) => ({
      data: results.map((r) => r.data ?? null),
      pending: results.some((r) => r.isPending),
    }),
  });

  const loaded = useMemo(
    () =>
      hydrated.data
        .map((data, k) => ({ data, summary: summaries.data[k] ?? null }))
        .filter((x): x is { data: HydratedPrediction; summary: ResultSummary | null } => x.data !== null),
    [hydrated.data, summaries.data],
  );
  const predictions = useMemo(() => loaded.map((x) => x.data), [loaded]);
  const summaryList = useMemo(() => loaded.map((x) => x.summary), [loaded]);
  const missing = ids.filter((_, k) => hydrated.failed[k]);
  const pending = hydrated.pending && enabled;
  const summariesPending = summaries.pending && enabled;

  const columns: ComparedPrediction[] = predictions.map((p) => ({
    id: p.id,
    name: p.name,
    href: overviewHref(projectId ?? p.projectId, p.id),
  }));
  const sections = useMemo(() => inputSections(predictions, units), [predictions, units]);
  const fields = useMemo(() => dcFieldRows(predictions, units), [predictions, units]);
  const results = useMemo(() => resultRows(summaryList, units), [summaryList, units]);
  const losses = useMemo(() => lossRows(summaryList), [summaryList]);
  const monthly = useMemo(
    () =>
      compareMonthlyOption(
        loaded
          .filter((x) => x.summary)
          .map((x) => ({ name: x.data.name, values: monthlyEnergySums(summaryYears(x.summary)[0]) })),
      ),
    [loaded],
  );
  const shown = (rows: CompareRow[]) => (onlyDifferences ? rows.filter((r) => r.differs) : rows);
  const differing = sections.reduce((n, s) => n + s.rows.filter((r) => r.differs).length, 0);
  const fieldDiffering = fields.filter((r) => r.differs);
  const fieldShown = (
    onlyDifferences ? fieldDiffering : [...fieldDiffering, ...fields.filter((r) => !r.differs)]
  ).slice(0, DC_FIELD_ROWS_SHOWN);
  const withResults = loaded.filter((x) => x.summary).length;

  const projectName = predictions[0]?.project?.name;
  const options = (list.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  for (const id of ids)
    if (!options.some((o) => o.value === String(id)))
      options.push({ value: String(id), label: `Prediction ${id}` });

  return (
    <Stack gap="md">
      <Stack gap={2}>
        {projectId !== null && (
          <Anchor component={Link} to={`/projects/${projectId}`} size="sm">
            {projectName ?? 'Back to the project'}
          </Anchor>
        )}
        <Title order={2}>Compare Predictions</Title>
      </Stack>
      <MultiSelect
        label="Predictions"
        placeholder={ids.length ? undefined : 'Choose 2 to 6 predictions'}
        data={options}
        value={ids.map(String)}
        maxValues={COMPARE_MAX}
        searchable
        clearable
        onChange={(values) => {
          const next = values.map(Number);
          const href = compareHref(projectId ?? 0, next);
          setSearch(new URLSearchParams(href.split('?')[1] ?? ''), { replace: true });
        }}
        maw={900}
      />
      {problem ? (
        <Alert color="yellow" title="Nothing to compare yet">
          <Text size="sm">{problem}</Text>
        </Alert>
      ) : pending && !predictions.length ? (
        <Center p="xl">
          <Loader aria-label="Loading predictions" />
        </Center>
      ) : (
        <>
          {missing.length > 0 && (
            <Alert color="red" title="Some predictions could not be loaded">
              <Text size="sm">
                {missing.map((id) => `Prediction ${id}`).join(', ')}: not found in this project, or you cannot
                see {missing.length > 1 ? 'them' : 'it'}.
              </Text>
            </Alert>
          )}
          {predictions.length < 2 ? (
            !pending && (
              <Alert color="yellow">
                <Text size="sm">{compareCountProblem(predictions.length)}</Text>
              </Alert>
            )
          ) : (
            <>
              <Paper withBorder p="md">
                <Group justify="space-between" mb="xs">
                  <Stack gap={0}>
                    <Title order={3}>Inputs</Title>
                    <Text size="sm" c="dimmed">
                      {differing === 0
                        ? 'The inputs are the same.'
                        : `${differing} input${differing > 1 ? 's' : ''} differ${differing > 1 ? '' : 's'}, highlighted.`}
                    </Text>
                  </Stack>
                  <Switch
                    label="Only differences"
                    checked={onlyDifferences}
                    onChange={(e) => setOnlyDifferences(e.currentTarget.checked)}
                  />
                </Group>
                <Stack gap="md">
                  {sections.map((section) => {
                    const rows = shown(section.rows);
                    if (!rows.length) return null;
                    return (
                      <Stack key={section.title} gap={4}>
                        <Title order={5}>{section.title}</Title>
                        <CompareTable
                          label={`${section.title} comparison`}
                          rows={rows}
                          predictions={columns}
                        />
                      </Stack>
                    );
                  })}
                  <Stack gap={4}>
                    <Title order={5}>DC fields</Title>
                    <Text size="xs" c="dimmed">
                      {fields.length} DC field{fields.length === 1 ? '' : 's'} by place,{' '}
                      {fieldDiffering.length} differ{fieldDiffering.length === 1 ? 's' : ''}
                      {fieldShown.length < (onlyDifferences ? fieldDiffering.length : fields.length)
                        ? `; the first ${fieldShown.length} shown, differing ones first`
                        : ''}
                      .
                    </Text>
                    {fieldShown.length > 0 && fields.length > DC_FIELDS_OPEN && (
                      <Button
                        variant="subtle"
                        size="xs"
                        w="fit-content"
                        onClick={() => setFieldsOpen((open) => !open)}
                      >
                        {fieldsOpen ? 'Hide the DC fields' : 'Show the DC fields'}
                      </Button>
                    )}
                    {fieldShown.length > 0 && (fieldsOpen || fields.length <= DC_FIELDS_OPEN) && (
                      <CompareTable label="DC fields comparison" rows={fieldShown} predictions={columns} />
                    )}
                  </Stack>
                </Stack>
              </Paper>

              <Paper withBorder p="md">
                <Title order={3}>Results</Title>
                <Text size="sm" c="dimmed" mb="xs">
                  First year; specific yield, PR and capacity factor at P50.{' '}
                  {withResults < predictions.length && !summariesPending
                    ? `${predictions.length - withResults} of the predictions ha${predictions.length - withResults > 1 ? 've' : 's'} no results yet.`
                    : ''}
                </Text>
                <CompareTable
                  label="Results comparison"
                  rows={results}
                  predictions={columns}
                  highlight={false}
                />
              </Paper>

              <Paper withBorder p="md">
                <Title order={3}>Loss trees</Title>
                <Text size="sm" c="dimmed" mb="xs">
                  First year, from the horizontal irradiation times the DC rating to the energy at the point
                  of interconnection; each step in % of the one before it (− loss, + gain).
                </Text>
                <CompareTable label="Loss tree comparison" rows={losses} predictions={columns} />
              </Paper>

              <Paper withBorder p="md">
                <Title order={3}>Monthly energy</Title>
                <Text size="sm" c="dimmed" mb="xs">
                  First year, energy delivered (MWh).
                </Text>
                {withResults ? (
                  <EChart option={monthly} label="Monthly energy comparison" height={340} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {summariesPending ? 'Loading the results…' : 'None of the predictions has results yet.'}
                  </Text>
                )}
              </Paper>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
