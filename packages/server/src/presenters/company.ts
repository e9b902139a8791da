/**
 * The company as the API shows it (spec 1 §3 Company). The only path from a company row to JSON:
 * weather-vendor secrets are replaced by their masked view (models/weatherVendorSettings.ts).
 */
import type { CompanyRow } from '../auth/context.ts';
import { WEATHER_API_SETTINGS } from '../models/weatherVendorSettings.ts';

/** The stored default settings without the weather-vendor credentials, plus their masked view. */
export function presentDefaultSettings(
  company: CompanyRow,
  maskedVendors: Record<string, unknown>,
): Record<string, unknown> {
  const { [WEATHER_API_SETTINGS]: _stored, ...rest } = company.defaultSettings ?? {};
  return { ...rest, [WEATHER_API_SETTINGS]: maskedVendors };
}

export function presentCompany(
  company: CompanyRow,
  maskedVendors: Record<string, unknown>,
): Record<string, unknown> {
  return {
    id: company.id,
    name: company.name,
    companyType: company.companyType,
    subscriptionType: company.subscriptionType,
    isSubscriptionActive: company.isSubscriptionActive,
    isAlphaTester: company.isAlphaTester,
    freeTrialExpirationDate: company.freeTrialExpirationDate?.toISOString() ?? null,
    allowPVRADARExtension: company.allowPVRADARExtension,
    status: company.status,
    createdDate: company.createdDate.toISOString(),
    lastModified: company.lastModified.toISOString(),
    defaultSettings: presentDefaultSettings(company, maskedVendors),
  };
}
