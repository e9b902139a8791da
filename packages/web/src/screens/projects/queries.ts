/** TanStack Query keys and hooks of the project screens. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { getGeoLocation, getGeoTimeZone, getProjectOverview, listProjects } from './api.ts';
import type { ListQuery } from './model/params.ts';
import type { Project } from './model/types.ts';

export const projectKeys = {
  /** Every list page: invalidate after a create, save or delete. */
  lists: ['projects'] as const,
  list: (query: ListQuery) => ['projects', query] as const,
  detail: (id: number) => ['project', id] as const,
  geo: (kind: 'location' | 'timezone', latitude: number, longitude: number) =>
    ['geo', kind, latitude, longitude] as const,
};

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

export function useProjectList(query: ListQuery) {
  return useQuery({
    queryKey: projectKeys.list(query),
    queryFn: ({ signal }) => listProjects(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProject(id: number | null) {
  return useQuery({
    queryKey: projectKeys.detail(id ?? 0),
    queryFn: ({ signal }) => getProjectOverview(id!, signal),
    enabled: id !== null,
    retry: (count, error) => !isNotFound(error) && count < 2,
  });
}

/** Country and time zone of a picked point (background calls); disabled until the point is valid. */
export function useGeoInfo(latitude: number | null, longitude: number | null) {
  const valid = latitude !== null && longitude !== null;
  const lat = latitude ?? 0;
  const lng = longitude ?? 0;
  const location = useQuery({
    queryKey: projectKeys.geo('location', lat, lng),
    queryFn: ({ signal }) => getGeoLocation(lat, lng, signal),
    enabled: valid,
    staleTime: Infinity,
    retry: false,
  });
  const timeZone = useQuery({
    queryKey: projectKeys.geo('timezone', lat, lng),
    queryFn: ({ signal }) => getGeoTimeZone(lat, lng, signal),
    enabled: valid,
    staleTime: Infinity,
    retry: false,
  });
  return { location, timeZone };
}

/** After a save: the detail shows the new values at once and every list page reloads. */
export function useProjectCache() {
  const client = useQueryClient();
  return {
    saved(project: Project) {
      client.setQueryData(projectKeys.detail(project.id), project);
      void client.invalidateQueries({ queryKey: projectKeys.detail(project.id) });
      void client.invalidateQueries({ queryKey: projectKeys.lists });
    },
    created() {
      void client.invalidateQueries({ queryKey: projectKeys.lists });
    },
    deleted(id: number) {
      client.removeQueries({ queryKey: projectKeys.detail(id) });
      void client.invalidateQueries({ queryKey: projectKeys.lists });
    },
  };
}
