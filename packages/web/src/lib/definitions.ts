/**
 * GET /definitions (public enumerations), loaded once and kept in localStorage under the 15-minute
 * rule (spec 2 §7.2, §9.1). `useDefinitions()` gives the list; `loadDefinitions()` the same outside React.
 */
import type { Definition } from '@sunfield/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { CACHE_LIFETIME_MS, cacheRefreshDelay, isFresh, readCache, writeCache } from './cache.ts';

/** One enumeration as GET /definitions serves it (domain's Definition). */
export type DefinitionEntry = Definition;

export const DEFINITIONS_STORAGE_KEY = 'sunfield.definitions';
export const definitionsQueryKey = ['definitions'] as const;

async function fetchDefinitions(): Promise<DefinitionEntry[]> {
  const data = await api<DefinitionEntry[]>('/definitions', {
    background: true,
    silent: true,
    noAuthRetry: true,
  });
  const list = Array.isArray(data) ? data : [];
  writeCache(DEFINITIONS_STORAGE_KEY, list);
  return list;
}

let loading: Promise<DefinitionEntry[]> | null = null;

/** The cached list when fresh, otherwise one fetch (shared by concurrent callers). */
export function loadDefinitions(now = Date.now()): Promise<DefinitionEntry[]> {
  const cached = readCache<DefinitionEntry[]>(DEFINITIONS_STORAGE_KEY);
  if (cached && isFresh(cached.savedAt, now)) return Promise.resolve(cached.data);
  loading ??= fetchDefinitions().finally(() => {
    loading = null;
  });
  return loading;
}

export function useDefinitions() {
  const cached = readCache<DefinitionEntry[]>(DEFINITIONS_STORAGE_KEY);
  return useQuery({
    queryKey: definitionsQueryKey,
    queryFn: fetchDefinitions,
    staleTime: CACHE_LIFETIME_MS,
    initialData: cached?.data,
    initialDataUpdatedAt: cached?.savedAt,
    refetchInterval: (query) => cacheRefreshDelay(query.state.dataUpdatedAt || Date.now(), Date.now()),
    retry: 1,
  });
}

/** The values of one enumeration by type name or alias (case-insensitive). */
export function findEnumeration(
  list: readonly DefinitionEntry[] | undefined,
  type: string,
): DefinitionEntry | undefined {
  const wanted = type.toLowerCase();
  return list?.find(
    (entry) =>
      entry.type.toLowerCase() === wanted || entry.aliases?.some((alias) => alias.toLowerCase() === wanted),
  );
}
