/** TanStack Query keys and hooks of the company-users screens. */
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { getUser, listCompanyUsers, listOwnedAssets, ownedAssets } from './api.ts';

export const companyUserKeys = {
  all: ['companyUsers'] as const,
  list: (companyId: string) => ['companyUsers', 'list', companyId] as const,
  user: (id: string) => ['companyUsers', 'user', id] as const,
  assets: (id: string) => ['companyUsers', 'assets', id] as const,
  assetList: (id: string) => ['companyUsers', 'assets', id, 'list'] as const,
};

/** The message of a failed query. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const noRetryOn4xx = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

export function useCompanyUsers(companyId: string | undefined) {
  return useQuery({
    queryKey: companyUserKeys.list(companyId ?? ''),
    queryFn: ({ signal }) => listCompanyUsers(companyId!, signal),
    enabled: !!companyId,
    retry: noRetryOn4xx,
  });
}

export function useCompanyUser(id: string | undefined) {
  return useQuery({
    queryKey: companyUserKeys.user(id ?? ''),
    queryFn: ({ signal }) => getUser(id!, signal),
    enabled: !!id,
    retry: noRetryOn4xx,
  });
}

export function useOwnedAssets(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: companyUserKeys.assets(id ?? ''),
    queryFn: ({ signal }) => ownedAssets(id!, signal),
    enabled: !!id && enabled,
    retry: noRetryOn4xx,
  });
}

export function useOwnedAssetList(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: companyUserKeys.assetList(id ?? ''),
    queryFn: ({ signal }) => listOwnedAssets(id!, signal),
    enabled: !!id && enabled,
    retry: noRetryOn4xx,
  });
}
