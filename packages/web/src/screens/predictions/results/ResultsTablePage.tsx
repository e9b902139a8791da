/**
 * results/table: every hour of the first year (ResultDetails HourlyDetails; sub-hourly, daily and
 * monthly rows too), virtualized, with a column chooser, headers in the user's units, a CSV of the
 * shown columns built in the browser, and the 8760 workbook.
 */
import {
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { VirtualTable, type VirtualColumn } from '../../weather/components/VirtualTable.tsx';
import { saveBlob } from '../api.ts';
import { usePredictionEditor } from '../editor/editorContext.ts';
import { useResultDetails } from '../queries.ts';
import { WorkbookButton } from './components/ResultDownloads.tsx';
import {
  availableSteps,
  cellText,
  csvFileName,
  detailColumns,
  detailsCsv,
  STEP_LABELS,
  stepRows,
  type DetailStep,
} from './model/table.ts';
import type { DetailRow } from './types.ts';

/** A column wide enough for its header (bold 14 px, about 8 px a character, and the padding). */
const columnWidth = (header: string): number => Math.max(110, header.length * 8 + 20);

export function ResultsTablePage() {
  const editor = usePredictionEditor();
  const details = useResultDetails(editor.projectId, editor.predictionId);
  const steps = useMemo(() => availableSteps(details.data), [details.data]);
  const [chosenStep, setStep] = useState<DetailStep>('hourly');
  const step = steps.includes(chosenStep) ? chosenStep : (steps[0] ?? 'hourly');
  const rows = useMemo(() => stepRows(details.data, step), [details.data, step]);
  const all = useMemo(() => detailColumns(editor.units, step), [editor.units, step]);
  const [chosen, setChosen] = useState<string[]>(() =>
    detailColumns(editor.units, 'hourly')
      .filter((c) => c.defaultShown)
      .map((c) => c.id),
  );
  const columns = useMemo(
    () => all.filter((c) => c.id === 'TimeStamp' || chosen.includes(c.id)),
    [all, chosen],
  );
  const virtualColumns: VirtualColumn<DetailRow>[] = useMemo(
    () =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        width: c.id === 'TimeStamp' ? '150px' : `minmax(${columnWidth(c.header)}px, 1fr)`,
        align: c.id === 'TimeStamp' ? 'left' : 'right',
        cell: (row: DetailRow) => cellText(c, row),
      })),
    [columns],
  );

  function downloadCsv() {
    const csv = detailsCsv(rows, columns);
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), csvFileName(editor.saved.name, step));
  }

  if (details.isPending)
    return (
      <Center p="xl">
        <Loader aria-label="Loading the results table" />
      </Center>
    );
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        This result has no time series.
      </Text>
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={3}>Table</Title>
          <Text size="sm" c="dimmed">
            {rows.length.toLocaleString('en-US')} rows of the first year, in the project&apos;s standard time;
            losses in % of the stage before them (− loss, + gain).
          </Text>
        </Stack>
        <Group gap="xs">
          {steps.length > 1 && (
            <SegmentedControl
              aria-label="Time step"
              data={steps.map((s) => ({ value: s, label: STEP_LABELS[s] }))}
              value={step}
              onChange={(v) => setStep(v as DetailStep)}
            />
          )}
          <Popover position="bottom-end" shadow="md" withArrow>
            <Popover.Target>
              <Button variant="default">Columns</Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Checkbox.Group label="Columns shown" value={chosen} onChange={setChosen}>
                <Stack gap={6} mt="xs">
                  {all
                    .filter((c) => c.id !== 'TimeStamp')
                    .map((c) => (
                      <Checkbox key={c.id} value={c.id} label={c.header} />
                    ))}
                </Stack>
              </Checkbox.Group>
            </Popover.Dropdown>
          </Popover>
          <Button variant="light" onClick={downloadCsv}>
            Download CSV
          </Button>
          <WorkbookButton />
        </Group>
      </Group>
      <VirtualTable<DetailRow>
        label="Results table"
        columns={virtualColumns}
        count={rows.length}
        getRow={(index) => rows[index]}
        height={560}
        minWidth={columns.reduce((sum, c) => sum + (c.id === 'TimeStamp' ? 150 : columnWidth(c.header)), 0)}
        rowHeight={32}
      />
    </Stack>
  );
}
