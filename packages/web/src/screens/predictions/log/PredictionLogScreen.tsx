/**
 * /prediction-log (spec 1 §2): every run of the user's company, newest first, 50 a page: prediction
 * (link to its overview), project, status (an error with its reason), progress while queued or
 * running, who ran it, when it was queued, started and completed, and how long it took. Live over the
 * hub: progress pushes patch the page in place, a new run or a status change reloads it (at most
 * twice a second); while the hub is down the page polls every 3 s when a run is active. Cancel for
 * queued and running runs; Dismiss for one's own ended runs (hidden from one's queue and log).
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { notifyError } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/pageTitle.ts';
import { hub, useHubSubscription } from '../../../realtime/index.ts';
import { userQueueKey } from '../../../realtime/queue.ts';
import { cancelPrediction } from '../api.ts';
import { isProcessing, processingLabel } from '../model/types.ts';
import { dismissRun, getPredictionLog } from './api.ts';
import {
  applyPredictionPush,
  applyQueuePush,
  formatDuration,
  formatRunTime,
  pageCount,
  parsePage,
  rangeLabel,
  rowActions,
  runDuration,
  userName,
  type PredictionLogItem,
  type PredictionLogPage,
} from './model.ts';

export const predictionLogKeys = {
  all: ['predictionLog'] as const,
  page: (page: number) => ['predictionLog', page] as const,
};

const POLL_MS = 3000;
const RELOAD_DELAY_MS = 500;
const STATUS_COLORS: Record<number, string> = { 1: 'blue', 2: 'blue', 3: 'green', 4: 'red', 5: 'orange' };

/** Reloads the log once after a burst of pushes. */
function useDeferredReload(client: QueryClient): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void client.invalidateQueries({ queryKey: predictionLogKeys.all });
    }, RELOAD_DELAY_MS);
  };
}

function usePredictionLogPushes(page: number) {
  const client = useQueryClient();
  const reload = useDeferredReload(client);
  const patch = (apply: typeof applyPredictionPush, data: unknown) => {
    const current = client.getQueryData<PredictionLogPage>(predictionLogKeys.page(page));
    if (!current) return reload();
    const next = apply(current, data);
    if (next.page !== current) client.setQueryData(predictionLogKeys.page(page), next.page);
    if (next.reload) reload();
  };
  useHubSubscription('addorupdate:predictionitem', (data) => patch(applyPredictionPush, data));
  useHubSubscription('addorupdate:queueitem', (data) => patch(applyQueuePush, data));
  useHubSubscription('addorupdate:queueitems', () => reload());
  useHubSubscription('delete:queueitem', () => reload());
  useHubSubscription('delete:predictionitem', () => reload());
  return reload;
}

function RunRow({ item, onChanged }: { item: PredictionLogItem; onChanged: () => void }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<'cancel' | 'dismiss' | null>(null);
  const actions = rowActions(item);
  const active = isProcessing(item.processingStatus);

  async function cancel() {
    setBusy('cancel');
    try {
      await cancelPrediction(item.projectId, item.predictionId);
    } catch {
      // api() has shown the reason (e.g. the run has already completed)
    } finally {
      setBusy(null);
      onChanged();
    }
  }

  async function dismiss() {
    setBusy('dismiss');
    try {
      await dismissRun(item.id);
      void client.invalidateQueries({ queryKey: userQueueKey });
    } catch (error) {
      notifyError(error, 'The run could not be dismissed');
    } finally {
      setBusy(null);
      onChanged();
    }
  }

  return (
    <Table.Tr data-testid={`run-${item.id}`}>
      <Table.Td>
        <Anchor
          component={Link}
          to={`/projects/${item.projectId}/prediction/${item.predictionId}/overview`}
          fw={500}
          size="sm"
        >
          {item.predictionName}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/projects/${item.projectId}`} size="sm">
          {item.projectName}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ minWidth: 110 }}>
        <Stack gap={2}>
          <Badge variant="light" color={STATUS_COLORS[item.processingStatus] ?? 'gray'}>
            {processingLabel(item.processingStatus)}
          </Badge>
          {item.message && item.processingStatus !== 3 && (
            <Text size="xs" c={item.processingStatus === 4 ? 'red' : 'dimmed'} maw={260}>
              {item.message}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {active ? (
          <Group gap={6} wrap="nowrap">
            <Progress
              value={item.percentComplete}
              w={90}
              animated
              aria-label={`${item.predictionName} run progress`}
            />
            <Text size="xs">{Math.round(item.percentComplete)} %</Text>
          </Group>
        ) : (
          <Text size="sm">{item.processingStatus === 3 ? '100 %' : '--'}</Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{userName(item)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRunTime(item.queuedDate)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRunTime(item.startedDate)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRunTime(item.completedDate)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>
        {formatDuration(runDuration(item))}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {actions.cancel && (
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              loading={busy === 'cancel'}
              aria-label={`Cancel the run of ${item.predictionName}`}
              onClick={() => void cancel()}
            >
              Cancel
            </Button>
          )}
          {actions.dismiss && (
            <Button
              size="compact-xs"
              variant="default"
              loading={busy === 'dismiss'}
              aria-label={`Dismiss the run of ${item.predictionName}`}
              onClick={() => void dismiss()}
            >
              Dismiss
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function PredictionLogScreen() {
  usePageTitle('Prediction Log');
  const [search, setSearch] = useSearchParams();
  const page = parsePage(search.get('page'));
  const query = useQuery({
    queryKey: predictionLogKeys.page(page),
    queryFn: ({ signal }) => getPredictionLog(page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      !hub.connected && q.state.data?.items.some((item) => isProcessing(item.processingStatus))
        ? POLL_MS
        : false,
  });
  const reload = usePredictionLogPushes(page);
  const total = query.data?.total ?? 0;
  const pages = pageCount(total);
  const goTo = (next: number) => setSearch(next > 1 ? { page: String(next) } : {});

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>Prediction Log</Title>
        <Text c="dimmed" size="sm">
          Every prediction run of your company, newest first.
        </Text>
      </Stack>
      <Paper withBorder p="md">
        {query.isPending ? (
          <Center p="lg">
            <Loader aria-label="Loading the prediction log" />
          </Center>
        ) : query.isError ? (
          <Alert color="red" title="The prediction log could not be loaded">
            <Text size="sm">{query.error.message}</Text>
            <Button mt="sm" size="xs" variant="light" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : query.data.items.length === 0 ? (
          <Text c="dimmed">No prediction has been run yet.</Text>
        ) : (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={960}>
              <Table highlightOnHover verticalSpacing="xs" aria-label="Prediction runs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Prediction</Table.Th>
                    <Table.Th>Project</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Progress</Table.Th>
                    <Table.Th>Run by</Table.Th>
                    <Table.Th>Queued</Table.Th>
                    <Table.Th>Started</Table.Th>
                    <Table.Th>Completed</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>Duration</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.items.map((item) => (
                    <RunRow key={item.id} item={item} onChanged={reload} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {rangeLabel(page, total)}
              </Text>
              {pages > 1 && (
                <Group gap="xs">
                  <Button size="xs" variant="default" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                    Previous
                  </Button>
                  <Text size="sm">
                    Page {page} of {pages}
                  </Text>
                  <Button size="xs" variant="default" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                    Next
                  </Button>
                </Group>
              )}
            </Group>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
