/**
 * Downloads of a result: the 8760 workbook, and the reports (generate, progress while they are made,
 * then one download each). The workbook is `{name}_PlantSummary8760[_Draft].xlsx`.
 */
import { Badge, Button, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { notifyError } from '../../../../lib/notify.ts';
import { usePredictionEditor } from '../../editor/editorContext.ts';
import { downloadReport, downloadWorkbook } from '../api.ts';
import { formatDateTime } from '../model/format.ts';
import { reportLabel, STATUS_TEXT, type ReportState } from '../model/reports.ts';
import { useReports } from '../useReports.ts';

const STATUS_COLOR: Record<string, string> = {
  None: 'gray',
  Queued: 'blue',
  Running: 'blue',
  Success: 'teal',
  Error: 'red',
};

/** The 'Download 8760 workbook' button. */
export function WorkbookButton({ variant = 'light' }: { variant?: 'light' | 'filled' | 'default' }) {
  const editor = usePredictionEditor();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadWorkbook(editor.projectId, editor.predictionId, editor.saved.name, editor.saved.status);
    } catch (error) {
      notifyError(error, 'The workbook could not be downloaded');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant={variant} loading={busy} onClick={() => void download()}>
      Download 8760 workbook
    </Button>
  );
}

function ReportRow({ state }: { state: ReportState }) {
  const editor = usePredictionEditor();
  const [busy, setBusy] = useState(false);
  const label = reportLabel(state.reportType);
  async function download() {
    setBusy(true);
    try {
      await downloadReport(editor.projectId, editor.predictionId, state);
    } catch (error) {
      notifyError(error, `${label} could not be downloaded`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[state.status] ?? 'gray'} variant="light">
          {STATUS_TEXT[state.status] ?? state.status}
        </Badge>
        {state.status === 'Error' && state.message && (
          <Text size="xs" c="red">
            {state.message}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{formatDateTime(state.generatedDate)}</Table.Td>
      <Table.Td>
        {state.status === 'Success' && (
          <Button
            size="xs"
            variant="light"
            loading={busy}
            onClick={() => void download()}
            aria-label={`Download ${label}`}
          >
            Download
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The reports: generate, follow, download. */
export function ReportsPanel() {
  const editor = usePredictionEditor();
  const { states, progress, generate, query } = useReports(editor.projectId, editor.predictionId);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Reports</Title>
          <Group gap="xs">
            <WorkbookButton />
            <Button
              onClick={() => generate.mutate()}
              loading={generate.isPending}
              disabled={progress.polling || query.isPending}
            >
              Generate reports
            </Button>
          </Group>
        </Group>
        {progress.polling && (
          <Stack gap={4}>
            <Text size="sm">
              Generating reports: {progress.ready} of {progress.total} ready
            </Text>
            <Progress
              value={Math.max(progress.percent, 5)}
              animated
              aria-label="Report generation progress"
            />
          </Stack>
        )}
        {states && states.length > 0 ? (
          <Table verticalSpacing={4} aria-label="Reports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Report</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Generated</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {states.map((state) => (
                <ReportRow key={state.reportType} state={state} />
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {query.isPending ? 'Loading the reports…' : 'No reports yet.'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
