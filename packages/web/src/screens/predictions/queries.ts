/**
 * TanStack Query keys and hooks of the prediction screens. Keys starting with 'predictions' (the
 * project's list) are made stale by every `predictionitem` push (realtime/invalidation.ts), so the
 * list follows runs live; the hydrated prediction and the results are refreshed explicitly (after a
 * save, and when a run of the prediction succeeds), so a progress push never reloads them.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import {
  getAverageEnergy,
  getHydratedPrediction,
  getResultDetails,
  getResultSummary,
  listPredictions,
} from './api.ts';
import type { ResultDetails, ResultSummary } from './results/types.ts';

export const predictionKeys = {
  list: (projectId: number) => ['predictions', projectId] as const,
  hydrated: (id: number) => ['predictionHydrated', id] as const,
  results: (id: number) => ['predictionResults', id] as const,
  summary: (id: number) => ['predictionResults', id, 'summary'] as const,
  details: (id: number) => ['predictionResults', id, 'details'] as const,
  averageEnergy: (id: number) => ['predictionResults', id, 'averageEnergy'] as const,
  nodal: (id: number, query: Record<string, unknown>) => ['predictionResults', id, 'nodal', query] as const,
  runLog: (id: number) => ['predictionResults', id, 'runLog'] as const,
};

export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);

export function usePredictionList(projectId: number | null) {
  return useQuery({
    queryKey: predictionKeys.list(projectId ?? 0),
    queryFn: ({ signal }) => listPredictions(projectId!, signal),
    enabled: projectId !== null,
  });
}

export function useHydratedPrediction(projectId: number | null, id: number | null) {
  return useQuery({
    queryKey: predictionKeys.hydrated(id ?? 0),
    queryFn: ({ signal }) => getHydratedPrediction(projectId!, id!, signal),
    enabled: projectId !== null && id !== null,
    retry: (count, error) => !isNotFound(error) && count < 2,
    refetchOnWindowFocus: false,
  });
}

/** The last successful run's summary; null before one (204). */
export function useResultSummary(projectId: number, id: number, enabled = true) {
  return useQuery({
    queryKey: predictionKeys.summary(id),
    queryFn: ({ signal }) => getResultSummary<ResultSummary>(projectId, id, signal),
    enabled,
    staleTime: 15 * 60_000,
  });
}

export function useResultDetails(projectId: number, id: number, enabled = true) {
  return useQuery({
    queryKey: predictionKeys.details(id),
    queryFn: ({ signal }) => getResultDetails<ResultDetails>(projectId, id, signal),
    enabled,
    staleTime: 15 * 60_000,
  });
}

export function useAverageEnergy(projectId: number, id: number, enabled = true) {
  return useQuery({
    queryKey: predictionKeys.averageEnergy(id),
    queryFn: ({ signal }) => getAverageEnergy(projectId, id, signal),
    enabled,
    staleTime: 15 * 60_000,
  });
}

export function usePredictionCache() {
  const client = useQueryClient();
  return {
    /** After a save or a status change: the prediction reloads and the project's list too. */
    saved(projectId: number, id: number) {
      void client.invalidateQueries({ queryKey: predictionKeys.hydrated(id) });
      void client.invalidateQueries({ queryKey: predictionKeys.list(projectId) });
      void client.invalidateQueries({ queryKey: ['project', projectId] });
    },
    /** A run finished: its results are new. */
    ran(projectId: number, id: number) {
      void client.invalidateQueries({ queryKey: predictionKeys.results(id) });
      void client.invalidateQueries({ queryKey: predictionKeys.list(projectId) });
      void client.invalidateQueries({ queryKey: ['project', projectId] });
    },
    deleted(projectId: number, id: number) {
      client.removeQueries({ queryKey: predictionKeys.hydrated(id) });
      client.removeQueries({ queryKey: predictionKeys.results(id) });
      void client.invalidateQueries({ queryKey: predictionKeys.list(projectId) });
      void client.invalidateQueries({ queryKey: ['project', projectId] });
    },
  };
}
