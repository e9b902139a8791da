/**
 * The reports of a prediction's result: their states (`GET …/ReportInfo`), polled every 3 s while
 * one is queued or being generated (spec 2 §9.1), and `generate()` (`POST …/GenerateReports`).
 * The key lives under the prediction's results, so a new run makes it stale.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../../lib/notify.ts';
import { predictionKeys } from '../queries.ts';
import { generateReports, getReportInfo } from './api.ts';
import { reportProgress } from './model/reports.ts';

export const REPORT_POLL_MS = 3000;

export const reportsKey = (id: number) => [...predictionKeys.results(id), 'reports'] as const;

export function useReports(projectId: number, id: number) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: reportsKey(id),
    queryFn: ({ signal }) => getReportInfo(projectId, id, signal),
    refetchInterval: (q) => (reportProgress(q.state.data).polling ? REPORT_POLL_MS : false),
    refetchOnWindowFocus: false,
  });
  const generate = useMutation({
    mutationFn: () => generateReports(projectId, id),
    onSuccess: (states) => client.setQueryData(reportsKey(id), states),
    onError: (error) => notifyError(error, 'The reports could not be generated'),
  });
  return { query, states: query.data ?? null, progress: reportProgress(query.data), generate };
}
