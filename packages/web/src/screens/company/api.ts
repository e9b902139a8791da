/** The company calls of the company pages (spec 2 §7.11) and their TanStack Query hooks. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useCurrentUser } from '../../auth/hooks.ts';
import { useCompanyDefaults as useOwnCompanyDefaults } from '../predictions/builder/useBuilderData.ts';
import { newRowStatusOf } from './model.ts';

type Json = Record<string, unknown>;

export interface CompanyView {
  id: string;
  name: string;
  companyType: number | null;
  subscriptionType: number;
  isSubscriptionActive: boolean;
  isAlphaTester: boolean;
  freeTrialExpirationDate: string | null;
  allowPVRADARExtension: boolean;
  status: number;
  defaultSettings: Json;
}

export const companyKeys = {
  company: (id: string) => ['company', id] as const,
  defaults: (id: string) => ['company', id, 'defaultSettings'] as const,
  vendor: (id: string, path: string) => ['company', id, 'vendor', path] as const,
  /** The builder's key (predictions/builder/useBuilderData.ts): the signed-in user's company. */
  builderDefaults: ['companyDefaultSettings'] as const,
};

export function useCompany(id: string) {
  return useQuery({
    queryKey: companyKeys.company(id),
    queryFn: ({ signal }) => api<CompanyView>(`/Company/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

export function useCompanyDefaults(id: string) {
  return useQuery({
    queryKey: companyKeys.defaults(id),
    queryFn: ({ signal }) => api<Json>('/Company/DefaultSettings', { query: { CompanyId: id }, signal }),
    retry: false,
  });
}

export function saveCompanyDefaults(id: string, body: Json): Promise<Json> {
  return api<Json>('/Company/DefaultSettings', {
    method: 'PUT',
    query: { CompanyId: id },
    body,
    silent: true,
  });
}

export function useVendorSettings(id: string, path: string) {
  return useQuery({
    queryKey: companyKeys.vendor(id, path),
    queryFn: ({ signal }) => api<Json>(path, { query: { CompanyId: id }, signal }),
    retry: false,
  });
}

export function saveVendorSettings(id: string, path: string, body: Json): Promise<Json> {
  return api<Json>(path, { method: 'PUT', query: { CompanyId: id }, body, silent: true });
}

/**
 * The status the user's next new module, inverter or weather gets (shown on the new form; the server
 * decides it on create); undefined while the company's settings load.
 */
export function useNewRowStatus(
  field: 'moduleStatus' | 'inverterStatus' | 'weatherStatus',
): number | undefined {
  const user = useCurrentUser();
  const settings = useOwnCompanyDefaults();
  if (settings.isPending) return undefined;
  return newRowStatusOf(settings.data ?? null, field, user?.roles ?? []);
}
