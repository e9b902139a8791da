/**
 * Calls of the subscription and manage-accounts pages (spec 2 §7.11, §7.12): the companies of a
 * super admin (GET /Company/Accounts), creating, changing and deleting a company, and promotion codes.
 */
import {
  fillBillingUrl,
  type CompanyCreateInput,
  type PromotionCodeCreateInput,
  type CompanyAccount,
} from '@sunfield/domain';
import { api } from '../../api/client.ts';
import type { CurrentUser } from '../../auth/types.ts';

export type { CompanyAccount };

export interface CompanyPlanChange {
  subscriptionType?: number;
  isSubscriptionActive?: boolean;
  isAlphaTester?: boolean;
  allowPVRADARExtension?: boolean;
  freeTrialExpirationDate?: string | null;
}

export interface PromotionCode {
  id: number;
  code: string;
  subscriptionType: number;
  durationDays: number;
  maxRedemptions: number;
  redemptionCount: number;
  expiresAt: string | null;
  createdDate: string;
}

export interface CompanyDeletion {
  users: number;
  projects: number;
  predictions: number;
  modules: number;
  inverters: number;
  weather: number;
}

export const listAccounts = (signal?: AbortSignal) =>
  api<CompanyAccount[]>('/Company/Accounts', { signal, background: true });

export const createCompany = (body: CompanyCreateInput) =>
  api<CompanyAccount>('/Company', { method: 'POST', body, silent: true });

export const updateCompanyPlan = (id: string, body: CompanyPlanChange) =>
  api<{ changesMade: boolean }>(`/Company/${encodeURIComponent(id)}`, { method: 'PUT', body, silent: true });

export const deleteCompany = (id: string) =>
  api<CompanyDeletion & { deleted: true }>(`/Company/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const listPromotionCodes = (signal?: AbortSignal) =>
  api<PromotionCode[]>('/PromotionCode', { signal, background: true });

export const createPromotionCode = (body: PromotionCodeCreateInput) =>
  api<PromotionCode>('/PromotionCode', { method: 'POST', body, silent: true });

export const redeemPromotionCode = (code: string) =>
  api<{ promotionCode: PromotionCode; user: CurrentUser }>('/PromotionCode/Redemption', {
    method: 'POST',
    body: { code },
    silent: true,
  });

/** The billing provider's address (BILLING_CHECKOUT_URL, BILLING_PORTAL_URL via /config.js), filled in. */
export function billingLink(
  template: string | null | undefined,
  companyId: string,
  choice: { tier?: number; period?: number } = {},
): string | null {
  return template ? fillBillingUrl(template, { companyId, ...choice }) : null;
}
