/**
 * A company's single sign-on settings (table company_sso, domains in company_sso_domains): its
 * OpenID Connect provider (issuer), the client registered there (id, and secret AES-256-GCM
 * encrypted under the same key as the weather-vendor credentials, SUNFIELD_CREDENTIALS_KEY), the
 * email domains it signs in, whether unknown users of those domains are created with the User role,
 * and whether the company's users may still sign in with a password.
 *
 * The secret never leaves through the API: reads show it masked ('••••' and its last 4 characters),
 * and a save that sends the masked value back (or no value) keeps it.
 */
import { eq, inArray } from 'drizzle-orm';
import type { PresentedSsoSettings } from '@sunfield/domain';
import type { Db } from '../db/index.ts';
import { companySso, companySsoDomains } from '../db/schema.ts';
import {
  MASK,
  decryptSecret,
  decryptWithAny,
  encryptSecret,
  encryptionKeys,
  maskSecret,
  type VendorKeySource,
} from './weatherVendorSettings.ts';

export interface SsoSettingsInput {
  enabled: boolean;
  issuer: string;
  clientId: string;
  /** A new secret; undefined or the masked value keeps the stored one; null or '' clears it. */
  clientSecret?: string | null | undefined;
  allowedDomains: string[];
  allowAutoCreate: boolean;
  passwordSignInDisabled: boolean;
}

export type { PresentedSsoSettings };

/** The settings a sign-in uses, the secret decrypted (null when it cannot be). */
export interface SsoLoginSettings {
  companyId: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  allowedDomains: string[];
  allowAutoCreate: boolean;
}

type SsoRow = typeof companySso.$inferSelect;

async function rowOf(db: Db, companyId: string): Promise<SsoRow | undefined> {
  const [row] = await db.select().from(companySso).where(eq(companySso.companyId, companyId)).limit(1);
  return row;
}

async function domainsOf(db: Db, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: companySsoDomains.domain })
    .from(companySsoDomains)
    .where(eq(companySsoDomains.companyId, companyId));
  return rows.map((r) => r.domain).sort();
}

export async function readSsoSettings(
  db: Db,
  keySource: VendorKeySource,
  companyId: string,
  redirectUri: string,
): Promise<PresentedSsoSettings> {
  const [row, allowedDomains] = await Promise.all([rowOf(db, companyId), domainsOf(db, companyId)]);
  let clientSecret: string | null = null;
  if (row?.clientSecret) {
    const plain = decryptWithAny(await encryptionKeys(db, keySource), row.clientSecret);
    clientSecret = plain === null ? MASK : maskSecret(plain);
  }
  return {
    companyId,
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    clientSecret,
    hasClientSecret: Boolean(row?.clientSecret),
    allowedDomains,
    allowAutoCreate: row?.allowAutoCreate ?? false,
    passwordSignInDisabled: row?.passwordSignInDisabled ?? false,
    redirectUri,
  };
}

/** Whether the stored settings (before a save) already hold a client secret. */
export async function hasStoredClientSecret(db: Db, companyId: string): Promise<boolean> {
  return Boolean((await rowOf(db, companyId))?.clientSecret);
}

/** The domains of `domains` that another company's single sign-on holds. */
export async function domainsOfOtherCompanies(
  db: Db,
  companyId: string,
  domains: readonly string[],
): Promise<string[]> {
  if (!domains.length) return [];
  const rows = await db
    .select()
    .from(companySsoDomains)
    .where(inArray(companySsoDomains.domain, [...domains]));
  return rows.filter((r) => r.companyId !== companyId).map((r) => r.domain);
}

/**
 * Saves the settings in one transaction (the row and the domain list). A domain another company
 * took meanwhile fails on the domain's primary key (the caller answers 400 from its check before).
 */
export async function writeSsoSettings(
  db: Db,
  keySource: VendorKeySource,
  companyId: string,
  input: SsoSettingsInput,
): Promise<void> {
  const keys = await encryptionKeys(db, keySource);
  const key = keys[0]!;
  const current = await rowOf(db, companyId);
  let clientSecret: string | null;
  const given = input.clientSecret;
  if (given === undefined || (typeof given === 'string' && given.startsWith(MASK))) {
    const stored = current?.clientSecret ?? null;
    // A kept secret moves to the current key (after SUNFIELD_CREDENTIALS_KEY was set).
    const plain = stored ? decryptWithAny(keys, stored) : null;
    clientSecret =
      stored && plain !== null && decryptSecret(key, stored) === null ? encryptSecret(key, plain) : stored;
  } else if (given === null || given.trim() === '') clientSecret = null;
  else clientSecret = encryptSecret(key, given.trim());

  const values = {
    enabled: input.enabled,
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecret,
    allowAutoCreate: input.allowAutoCreate,
    passwordSignInDisabled: input.passwordSignInDisabled,
    lastModified: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(companySso)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: companySso.companyId, set: values });
    await tx.delete(companySsoDomains).where(eq(companySsoDomains.companyId, companyId));
    if (input.allowedDomains.length) {
      await tx
        .insert(companySsoDomains)
        .values(input.allowedDomains.map((domain) => ({ domain, companyId })));
    }
  });
}

/** The company whose single sign-on (turned on) signs in this email domain, with its settings. */
export async function ssoSettingsForDomain(
  db: Db,
  keySource: VendorKeySource,
  domain: string,
): Promise<SsoLoginSettings | undefined> {
  const [hit] = await db
    .select({ companyId: companySsoDomains.companyId })
    .from(companySsoDomains)
    .where(eq(companySsoDomains.domain, domain.toLowerCase()))
    .limit(1);
  return hit ? ssoLoginSettings(db, keySource, hit.companyId) : undefined;
}

/** The company's single sign-on settings for a sign-in, or undefined when it is off. */
export async function ssoLoginSettings(
  db: Db,
  keySource: VendorKeySource,
  companyId: string,
): Promise<SsoLoginSettings | undefined> {
  const row = await rowOf(db, companyId);
  if (!row?.enabled || !row.issuer || !row.clientId) return undefined;
  const clientSecret = row.clientSecret
    ? decryptWithAny(await encryptionKeys(db, keySource), row.clientSecret)
    : null;
  return {
    companyId,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret,
    allowedDomains: await domainsOf(db, companyId),
    allowAutoCreate: row.allowAutoCreate,
  };
}

/** Whether the company turned password sign-in off (its single sign-on being on). */
export async function passwordSignInDisabled(db: Db, companyId: string): Promise<boolean> {
  const row = await rowOf(db, companyId);
  return Boolean(row?.enabled && row.passwordSignInDisabled);
}
