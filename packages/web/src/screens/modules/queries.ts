/** TanStack Query keys and hooks of the module screens. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { getModule, listModules } from './api.ts';
import type { ModuleListQuery } from './model/listParams.ts';
import type { Module } from './model/types.ts';

export const moduleKeys = {
  lists: ['modules'] as const,
  list: (query: ModuleListQuery) => ['modules', query] as const,
  detail: (id: number) => ['module', id] as const,
};

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** One page of the overview (paged as the inverter library is; the previous page stays while the next loads). */
export function useModuleList(query: ModuleListQuery) {
  return useQuery({
    queryKey: moduleKeys.list(query),
    queryFn: ({ signal }) => listModules(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useModule(id: number | null) {
  return useQuery({
    queryKey: moduleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getModule(id!, signal),
    enabled: id !== null,
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
}

export function useModuleCache() {
  const client = useQueryClient();
  return {
    saved(module: Module) {
      client.setQueryData(moduleKeys.detail(module.id), module);
      void client.invalidateQueries({ queryKey: moduleKeys.lists });
    },
    changed(id: number) {
      void client.invalidateQueries({ queryKey: moduleKeys.detail(id) });
      void client.invalidateQueries({ queryKey: moduleKeys.lists });
    },
    deleted(id: number) {
      client.removeQueries({ queryKey: moduleKeys.detail(id) });
      void client.invalidateQueries({ queryKey: moduleKeys.lists });
    },
  };
}
