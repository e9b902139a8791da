/**
 * Quality check (QualityCheck, FinalizeQualityCheck): counts per check, the flagged steps in a
 * table and as points on a chart.
 */
import { useMemo } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/notify.ts';
import { finalizeQualityCheck, getQualityCheck, runQualityCheck } from '../api.ts';
import { EChart } from '../charts/EChart.tsx';
import { flaggedPointsOption } from '../charts/options.ts';
import { VirtualTable } from '../components/VirtualTable.tsx';
import { formatDateTime, formatNumber, formatTimestamp } from '../model/format.ts';
import type { FlaggedStep, QualityCheckResult } from '../model/types.ts';
import { useQualityCheck, weatherKeys } from '../queries.ts';

const SEVERITY_COLOR: Record<string, string> = { error: 'red', warning: 'yellow', info: 'blue' };

export function QualityResult({ result, totalSteps }: { result: QualityCheckResult; totalSteps: number }) {
  const names = useMemo(() => new Map(result.checks.map((c) => [c.id, c.name])), [result]);
  const option = useMemo(
    () => flaggedPointsOption(result.flaggedSteps ?? [], result.rowCount ?? totalSteps, names),
    [result, totalSteps, names],
  );
  const steps = result.flaggedSteps ?? [];
  return (
    <Stack gap="md">
      <Text fw={600} data-testid="flagged-count">
        {result.flaggedCount} flagged {result.flaggedCount === 1 ? 'step' : 'steps'}
      </Text>
      <Table withTableBorder striped aria-label="Quality checks" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Check</Table.Th>
            <Table.Th>Severity</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Flagged steps</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.checks.map((check) => (
            <Table.Tr key={check.id}>
              <Table.Td>
                {check.name}
                {check.description && (
                  <Text size="xs" c="dimmed">
                    {check.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {check.severity && (
                  <Badge variant="light" color={SEVERITY_COLOR[check.severity] ?? 'gray'}>
                    {check.severity}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{formatNumber(check.count, 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {steps.length > 0 && steps.length < result.flaggedCount && (
        <Text size="sm" c="dimmed">
          The first {steps.length} flagged steps are listed (irradiance in W/m²).
        </Text>
      )}
      {steps.length > 0 && (
        <>
          <EChart option={option} label="Flagged steps chart" height={280} />
          <VirtualTable<FlaggedStep>
            label="Flagged steps"
            count={steps.length}
            getRow={(i) => steps[i]}
            rowHeight={32}
            height={Math.min(360, 40 + steps.length * 32)}
            columns={[
              { id: 'index', width: '80px', align: 'right', header: 'Step', cell: (row) => row.index },
              {
                id: 'time',
                width: '160px',
                header: 'Time stamp',
                cell: (row) => formatTimestamp(row.timeStamp),
              },
              {
                id: 'checks',
                width: 'minmax(200px, 2fr)',
                header: 'Checks',
                cell: (row) => (row.checks ?? [row.check ?? '']).map((id) => names.get(id) ?? id).join(', '),
              },
              {
                id: 'ghi',
                width: '90px',
                align: 'right',
                header: 'GHI',
                cell: (row) => formatNumber(row.ghi ?? row.value ?? null, 1),
              },
              {
                id: 'dni',
                width: '90px',
                align: 'right',
                header: 'DNI',
                cell: (row) => formatNumber(row.dni ?? null, 1),
              },
              {
                id: 'dhi',
                width: '90px',
                align: 'right',
                header: 'DHI',
                cell: (row) => formatNumber(row.dhi ?? null, 1),
              },
              {
                id: 'clear',
                width: '120px',
                align: 'right',
                header: 'Clear-sky GHI',
                cell: (row) => formatNumber(row.clearSkyGhi ?? null, 1),
              },
            ]}
          />
        </>
      )}
    </Stack>
  );
}

export function QualityTab({
  id,
  totalSteps,
  editable,
}: {
  id: number;
  totalSteps: number;
  editable: boolean;
}) {
  const client = useQueryClient();
  const stored = useQualityCheck(id);
  const run = useMutation({ mutationFn: () => runQualityCheck({ weatherId: id }) });
  /*
   * The accepted check is read back before the run's answer is dropped: resetting first and
   * refetching after left the tab on "No quality check has been finalized" (the stored answer was
   * still the earlier null, and an invalidation of the asset cancelled the quality refetch, whose
   * abort read as "none"). The asset is refreshed without touching the quality entry.
   */
  const finalize = useMutation({
    mutationFn: async () => {
      await finalizeQualityCheck(id);
      return getQualityCheck(id);
    },
    onSuccess: (accepted) => {
      toast('The quality check was finalized.');
      client.setQueryData(weatherKeys.quality(id), accepted);
      run.reset();
      void client.invalidateQueries({ queryKey: weatherKeys.asset(id), exact: true });
    },
  });
  const accepted = stored.data ?? null;
  const result = run.data ?? accepted;

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Quality check</Title>
          <Group gap="xs">
            <Button onClick={() => run.mutate()} loading={run.isPending}>
              Run Quality Check
            </Button>
            {editable && run.data && (
              <Button variant="light" onClick={() => finalize.mutate()} loading={finalize.isPending}>
                Finalize Quality Check
              </Button>
            )}
          </Group>
        </Group>
        {run.isError && <Alert color="red">{run.error.message}</Alert>}
        {!run.data && accepted?.acceptedAt && (
          <Text size="sm" c="dimmed">
            Finalized {formatDateTime(accepted.acceptedAt)}.
          </Text>
        )}
        {result ? (
          <QualityResult result={result} totalSteps={totalSteps} />
        ) : (
          <Text c="dimmed">No quality check has been finalized for this weather file yet.</Text>
        )}
      </Stack>
    </Paper>
  );
}
