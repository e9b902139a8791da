/**
 * TanStack Query keys and hooks of the weather screens. The keys deliberately do not start with
 * 'weather'/'weatherLibrary' (which the app-wide realtime bridge invalidates on every push): the
 * weather pushes are handled here (useWeatherPushes) so a download's progress updates its row in
 * place and only a push with progress 0 refreshes the lists once (spec 2 §9.4).
 */
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { useHubSubscription } from '../../realtime/index.ts';
import {
  getGenerateInfo,
  getProviders,
  getQualityCheck,
  getUncertainty,
  getWeather,
  getWeatherCharts,
  listWeather,
  searchWeather,
} from './api.ts';
import type { LibraryQuery } from './model/listParams.ts';
import type { Weather, WeatherListItem, WeatherListPage } from './model/types.ts';

export const weatherKeys = {
  lists: ['weatherList'] as const,
  list: (query: LibraryQuery) => ['weatherList', query] as const,
  search: (latitude: number, longitude: number, radius: number) =>
    ['weatherList', 'search', latitude, longitude, radius] as const,
  asset: (id: number) => ['weatherAsset', id] as const,
  charts: (id: number) => ['weatherAsset', id, 'charts'] as const,
  rows: (id: number) => ['weatherAsset', id, 'rows'] as const,
  quality: (id: number) => ['weatherAsset', id, 'quality'] as const,
  uncertainty: (id: number) => ['weatherAsset', id, 'uncertainty'] as const,
  generateInfo: ['weatherGenerateInfo'] as const,
  providers: ['weatherProviders'] as const,
};

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

const nullWhenNotFound = (error: unknown): null => {
  if (isNotFound(error)) return null;
  throw error;
};

export function useWeatherList(query: LibraryQuery) {
  return useQuery({
    queryKey: weatherKeys.list(query),
    queryFn: ({ signal }) => listWeather(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWeatherSearch(latitude: number | null, longitude: number | null, radius: number) {
  return useQuery({
    queryKey: weatherKeys.search(latitude ?? 0, longitude ?? 0, radius),
    queryFn: ({ signal }) => searchWeather(latitude!, longitude!, radius, signal),
    enabled: latitude !== null && longitude !== null,
  });
}

export function useWeather(id: number | null) {
  return useQuery({
    queryKey: weatherKeys.asset(id ?? 0),
    queryFn: ({ signal }) => getWeather(id!, signal),
    enabled: id !== null,
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
}

export function useWeatherCharts(id: number | null, enabled = true) {
  return useQuery({
    queryKey: weatherKeys.charts(id ?? 0),
    queryFn: ({ signal }) => getWeatherCharts(id!, signal),
    enabled: id !== null && enabled,
    staleTime: 5 * 60_000,
  });
}

export function useQualityCheck(id: number | null) {
  return useQuery({
    queryKey: weatherKeys.quality(id ?? 0),
    // Only "none stored" reads as null; an aborted or failed read stays an error (not "no check").
    queryFn: ({ signal }) => getQualityCheck(id!, signal).catch(nullWhenNotFound),
    enabled: id !== null,
  });
}

export function useUncertainty(id: number | null) {
  return useQuery({
    queryKey: weatherKeys.uncertainty(id ?? 0),
    queryFn: ({ signal }) => getUncertainty(id!, signal),
    enabled: id !== null,
    retry: false,
  });
}

export function useGenerateInfo() {
  return useQuery({
    queryKey: weatherKeys.generateInfo,
    queryFn: ({ signal }) => getGenerateInfo(signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useProviders() {
  return useQuery({ queryKey: weatherKeys.providers, queryFn: ({ signal }) => getProviders(signal) });
}

/** The weather item a push carries (its data, or data.weather). */
export function pushedItem(data: unknown): WeatherListItem | null {
  const value = (data ?? null) as { id?: unknown; weather?: { id?: unknown } } | null;
  const item = (value && typeof value.id === 'number' ? value : value?.weather) as
    WeatherListItem | undefined;
  return item && typeof item.id === 'number' ? item : null;
}

/**
 * Replaces the row with the same id in every cached list page (and search answer, a bare array);
 * true when one was found.
 */
export function mergeIntoLists(client: QueryClient, item: WeatherListItem): boolean {
  let found = false;
  const merge = (items: WeatherListItem[]): WeatherListItem[] | null => {
    const index = items.findIndex((row) => row.id === item.id);
    if (index < 0) return null;
    found = true;
    const copy = items.slice();
    copy[index] = { ...copy[index]!, ...item };
    return copy;
  };
  client.setQueriesData<WeatherListPage | WeatherListItem[]>({ queryKey: weatherKeys.lists }, (page) => {
    if (Array.isArray(page)) return merge(page) ?? page;
    if (!page?.items) return page;
    const items = merge(page.items);
    return items ? { ...page, items } : page;
  });
  return found;
}

/**
 * Weather pushes while the screen is mounted: addorupdate:weatheritem updates the row (and the
 * open asset); progress 0 (a new download) or an unknown row refreshes the lists once;
 * addorupdate:weatheritems refreshes the lists.
 */
export function useWeatherPushes(onItem?: (item: WeatherListItem) => void): void {
  const client = useQueryClient();
  useHubSubscription('addorupdate:weatheritem', (data) => {
    const item = pushedItem(data);
    if (!item) return;
    const progress = item.downloadInfo?.downloadPercentComplete;
    const known = mergeIntoLists(client, item);
    if (progress === 0 || !known) void client.invalidateQueries({ queryKey: weatherKeys.lists });
    const asset = client.getQueryData<Weather>(weatherKeys.asset(item.id));
    if (asset) {
      client.setQueryData<Weather>(weatherKeys.asset(item.id), { ...asset, ...item });
      if (progress === null || progress === undefined || progress >= 100)
        void client.invalidateQueries({ queryKey: weatherKeys.asset(item.id) });
    }
    onItem?.(item);
  });
  useHubSubscription('addorupdate:weatheritems', () => {
    void client.invalidateQueries({ queryKey: weatherKeys.lists });
  });
  useHubSubscription('delete:weatheritem', () => {
    void client.invalidateQueries({ queryKey: weatherKeys.lists });
  });
}

/** After a change: the asset and every list page reload. */
export function useWeatherCache() {
  const client = useQueryClient();
  return {
    changed(id: number) {
      void client.invalidateQueries({ queryKey: weatherKeys.asset(id) });
      void client.invalidateQueries({ queryKey: weatherKeys.lists });
    },
    created() {
      void client.invalidateQueries({ queryKey: weatherKeys.lists });
    },
    deleted(id: number) {
      client.removeQueries({ queryKey: weatherKeys.asset(id) });
      void client.invalidateQueries({ queryKey: weatherKeys.lists });
    },
  };
}
