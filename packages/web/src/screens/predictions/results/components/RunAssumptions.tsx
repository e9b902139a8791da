/**
 * What the latest finished run assumed where the prediction said nothing (the time-stamp convention of
 * its weather, model defaults) and what it warned of, from the run log (issue 17: "show what was
 * assumed in the run's log").
 */
import { List, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRunLog } from '../../api.ts';
import { predictionKeys } from '../../queries.ts';

interface RunLogEntry {
  processingStatus: number;
  assumptions?: string[];
  warnings?: string[];
}

/** The run log's newest successful run (processing status 3). */
export function latestFinishedRun(log: readonly RunLogEntry[] | undefined): RunLogEntry | undefined {
  return log?.find((entry) => entry.processingStatus === 3);
}

export function RunAssumptions({ projectId, predictionId }: { projectId: number; predictionId: number }) {
  const log = useQuery({
    queryKey: predictionKeys.runLog(predictionId),
    queryFn: ({ signal }) => getRunLog<RunLogEntry[]>(projectId, predictionId, signal),
    staleTime: 60_000,
  });
  const run = latestFinishedRun(log.data);
  if (!run) return null;
  const assumptions = run.assumptions ?? [];
  const warnings = run.warnings ?? [];
  return (
    <Paper withBorder p="md" role="region" aria-label="Assumptions of this run">
      <Title order={4} mb="xs">
        Assumptions of this run
      </Title>
      {assumptions.length ? (
        <List size="sm" spacing={2}>
          {assumptions.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          The prediction stated every choice of the run.
        </Text>
      )}
      {warnings.length > 0 && (
        <>
          <Title order={5} mt="sm" mb={4}>
            Warnings
          </Title>
          <List size="sm" spacing={2}>
            {warnings.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </>
      )}
    </Paper>
  );
}
