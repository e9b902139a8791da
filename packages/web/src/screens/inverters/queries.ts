/** TanStack Query keys and hooks of the inverter screens. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { getInverter, listInverters } from './api.ts';
import type { LibraryQuery } from './model/listParams.ts';

export const inverterKeys = {
  /** Every list page: invalidate after a create, save, clone, delete or status change. */
  lists: ['inverters'] as const,
  list: (query: LibraryQuery) => ['inverters', query] as const,
  detail: (id: number) => ['inverter', id] as const,
  note: (id: number) => ['inverter', id, 'note'] as const,
};

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export function useInverterList(query: LibraryQuery) {
  return useQuery({
    queryKey: inverterKeys.list(query),
    queryFn: ({ signal }) => listInverters(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInverter(id: number | null) {
  return useQuery({
    queryKey: inverterKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getInverter(id!, signal),
    enabled: id !== null,
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
}

export function useInverterCache() {
  const client = useQueryClient();
  return {
    changed(id?: number) {
      if (id !== undefined) void client.invalidateQueries({ queryKey: inverterKeys.detail(id) });
      void client.invalidateQueries({ queryKey: inverterKeys.lists });
    },
    deleted(id: number) {
      client.removeQueries({ queryKey: inverterKeys.detail(id) });
      void client.invalidateQueries({ queryKey: inverterKeys.lists });
    },
  };
}
