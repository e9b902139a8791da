/**
 * A company's weather-vendor credentials (spec 1 §1, spec 2 §7.11): Clean Power Research
 * (SolarAnywhere) key, Solargis key, Meteonorm licence + user + password, and — beyond the three the
 * spec names — an NSRDB API key + e-mail and a Solcast key.
 *
 * Stored in `companies.default_settings.weatherAPISettings`, each secret (keys, licence, password)
 * encrypted with AES-256-GCM under a key derived (HKDF-SHA-256) from SUNFIELD_CREDENTIALS_KEY, the
 * environment's key for them, as `enc:v1:{iv}:{tag}:{ciphertext}` (base64url). Without it the key is
 * derived from the server secret (SUNFIELD_SECRET, or the generated one kept in system_settings: then
 * the key lives in the same database as the values, and encryption protects a copy of the settings
 * column, not a copy of the whole database). Values saved before the credentials key was set still
 * decrypt and move to it when saved again. Secrets
 * never leave through the API in full: `maskedVendorSettings` shows the last 4 characters. User names
 * and e-mails are not secret and are shown as they are.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { companies } from '../db/schema.ts';
import { resolveSecret } from '../lib/secret.ts';
import type { ProviderCredentials, ProviderId } from '../weatherProviders/types.ts';
import type { ProviderSettings } from '../weatherProviders/settings.ts';

/** The vendors with company credentials, their fields, and which fields are secret. */
export const VENDORS = {
  cleanPowerResearch: { fields: ['key'], secret: ['key'] },
  solarGIS: { fields: ['key'], secret: ['key'] },
  meteonorm: { fields: ['licence', 'user', 'password'], secret: ['licence', 'password'] },
  nsrdb: { fields: ['apiKey', 'email'], secret: ['apiKey'] },
  solcast: { fields: ['key'], secret: ['key'] },
} as const satisfies Record<string, { fields: readonly string[]; secret: readonly string[] }>;

export type VendorName = keyof typeof VENDORS;
export type VendorValues = Record<string, string | null>;

/** The settings key in companies.default_settings. */
export const WEATHER_API_SETTINGS = 'weatherAPISettings';

const PREFIX = 'enc:v1:';
export const MASK = '••••';

/**
 * Where the encryption key comes from: `SUNFIELD_CREDENTIALS_KEY` (config.credentialsKey), else the
 * server secret (SUNFIELD_SECRET, or the generated one kept in the database). A bare string is the
 * server secret.
 */
export type VendorKeySource =
  string | undefined | { readonly credentialsKey?: string | undefined; readonly secret?: string | undefined };

const deriveKey = (material: string): Buffer =>
  Buffer.from(
    crypto.hkdfSync(
      'sha256',
      Buffer.from(material, 'utf8'),
      Buffer.alloc(0),
      'sunfield weather-vendor credentials',
      32,
    ),
  );

/**
 * The key new values are encrypted with, then the keys older values may have been encrypted with:
 * with a credentials key set, values saved before it (under the server secret) still decrypt, and
 * are encrypted under the credentials key when next saved.
 */
export async function encryptionKeys(db: Db, source: VendorKeySource): Promise<Buffer[]> {
  const { credentialsKey, secret } =
    typeof source === 'object' ? source : { credentialsKey: undefined, secret: source };
  const fromSecret = deriveKey(await resolveSecret(db, secret));
  return credentialsKey ? [deriveKey(credentialsKey), fromSecret] : [fromSecret];
}

/** The plain secret under the first key that opens it, or null. */
export function decryptWithAny(keys: readonly Buffer[], stored: string): string | null {
  for (const key of keys) {
    const plain = decryptSecret(key, stored);
    if (plain !== null) return plain;
  }
  return null;
}

export function encryptSecret(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${iv.toString('base64url')}:${tag.toString('base64url')}:${ciphertext.toString('base64url')}`;
}

/** The plain secret, or null when it cannot be decrypted (server secret changed, value tampered). */
export function decryptSecret(key: Buffer, stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return null;
  const [iv, tag, ciphertext] = stored.slice(PREFIX.length).split(':');
  if (!iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** '••••abcd' for a secret of 8+ characters, '••••' for a shorter one. */
export function maskSecret(plain: string): string {
  return plain.length >= 8 ? `${MASK}${plain.slice(-4)}` : MASK;
}

type StoredVendors = Partial<Record<VendorName, Record<string, string>>>;

async function storedVendors(db: Db, companyId: string): Promise<StoredVendors> {
  const [row] = await db
    .select({ settings: companies.defaultSettings })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const value = row?.settings?.[WEATHER_API_SETTINGS];
  return value && typeof value === 'object' ? (value as StoredVendors) : {};
}

/** The vendor's settings as the API shows them: secrets masked, `has{Field}` flags. */
export function maskedVendor(
  vendor: VendorName,
  stored: Record<string, string> | undefined,
  keys: Buffer | readonly Buffer[],
) {
  const all = Array.isArray(keys) ? (keys as readonly Buffer[]) : [keys as Buffer];
  const spec = VENDORS[vendor];
  const out: Record<string, string | boolean | null> = {};
  for (const field of spec.fields) {
    const value = stored?.[field];
    const secret = (spec.secret as readonly string[]).includes(field);
    if (!value) out[field] = null;
    else if (secret) {
      const plain = decryptWithAny(all, value);
      out[field] = plain === null ? MASK : maskSecret(plain);
    } else out[field] = value;
    if (secret) out[`has${field[0]!.toUpperCase()}${field.slice(1)}`] = Boolean(value);
  }
  return out;
}

export async function readVendorSettings(
  db: Db,
  keySource: VendorKeySource,
  companyId: string,
  vendor: VendorName,
): Promise<Record<string, string | boolean | null>> {
  const [stored, key] = await Promise.all([storedVendors(db, companyId), encryptionKeys(db, keySource)]);
  return maskedVendor(vendor, stored[vendor], key);
}

/** Every vendor, masked (for DefaultSettings and the company page). */
export async function readAllVendorSettings(
  db: Db,
  keySource: VendorKeySource,
  companyId: string,
): Promise<Record<VendorName, Record<string, string | boolean | null>>> {
  const [stored, key] = await Promise.all([storedVendors(db, companyId), encryptionKeys(db, keySource)]);
  const out = {} as Record<VendorName, Record<string, string | boolean | null>>;
  for (const vendor of Object.keys(VENDORS) as VendorName[])
    out[vendor] = maskedVendor(vendor, stored[vendor], key);
  return out;
}

/**
 * Saves a vendor's fields: a string sets the field (secrets encrypted), '' or null clears it, and a
 * masked value ('••••…', what GET shows) or an absent field keeps what is stored. One UPDATE of the
 * one jsonb key, so concurrent saves of other settings are not lost.
 */
export async function writeVendorSettings(
  db: Db,
  keySource: VendorKeySource,
  companyId: string,
  vendor: VendorName,
  values: VendorValues,
): Promise<void> {
  const keys = await encryptionKeys(db, keySource);
  const key = keys[0]!;
  const current = (await storedVendors(db, companyId))[vendor] ?? {};
  const spec = VENDORS[vendor];
  const next: Record<string, string> = {};
  for (const field of spec.fields) {
    const value = values[field];
    const secret = (spec.secret as readonly string[]).includes(field);
    const keep = value === undefined || (typeof value === 'string' && value.startsWith(MASK));
    if (keep) {
      const stored = current[field];
      if (!stored) continue;
      // A kept secret moves to the current key (after SUNFIELD_CREDENTIALS_KEY was set).
      const plain = secret ? decryptWithAny(keys, stored) : null;
      next[field] =
        plain !== null && decryptSecret(key, stored) === null ? encryptSecret(key, plain) : stored;
      continue;
    }
    if (value === null || value.trim() === '') continue;
    next[field] = secret ? encryptSecret(key, value.trim()) : value.trim();
  }
  await db
    .update(companies)
    .set({
      defaultSettings: sql`jsonb_set(
        coalesce(${companies.defaultSettings}, '{}'::jsonb) || jsonb_build_object(${WEATHER_API_SETTINGS}::text,
          coalesce(${companies.defaultSettings} -> ${WEATHER_API_SETTINGS}, '{}'::jsonb)),
        ${`{${WEATHER_API_SETTINGS},${vendor}}`}::text[],
        ${JSON.stringify(next)}::jsonb)`,
      lastModified: new Date(),
    })
    .where(eq(companies.id, companyId));
}

const PROVIDER_VENDOR: Readonly<Record<ProviderId, VendorName>> = {
  NSRDB: 'nsrdb',
  Solcast: 'solcast',
  SolarGIS: 'solarGIS',
  Meteonorm: 'meteonorm',
  SolarAnywhere: 'cleanPowerResearch',
};

/**
 * The decrypted credentials a provider download uses: the company's own, else (NSRDB, Solcast) the
 * server's system key from the environment; null when there are none.
 */
export async function providerCredentials(
  db: Db,
  keySource: VendorKeySource,
  companyId: string,
  provider: ProviderId,
  settings: ProviderSettings,
): Promise<ProviderCredentials | null> {
  const vendor = PROVIDER_VENDOR[provider];
  const stored = (await storedVendors(db, companyId))[vendor] ?? {};
  const keys = await encryptionKeys(db, keySource);
  const plain = (field: string): string | undefined => {
    const value = stored[field];
    if (!value) return undefined;
    const secret = (VENDORS[vendor].secret as readonly string[]).includes(field);
    return secret ? (decryptWithAny(keys, value) ?? undefined) : value;
  };
  switch (provider) {
    case 'NSRDB': {
      const apiKey = plain('apiKey');
      const email = plain('email');
      if (apiKey && email) return { apiKey, email };
      if (settings.systemNsrdbApiKey && settings.systemNsrdbEmail) {
        return { apiKey: settings.systemNsrdbApiKey, email: settings.systemNsrdbEmail, usingSystemKey: true };
      }
      return null;
    }
    case 'Solcast': {
      const apiKey = plain('key');
      if (apiKey) return { apiKey };
      return settings.systemSolcastApiKey
        ? { apiKey: settings.systemSolcastApiKey, usingSystemKey: true }
        : null;
    }
    case 'SolarGIS':
    case 'SolarAnywhere': {
      const apiKey = plain('key');
      return apiKey ? { apiKey } : null;
    }
    case 'Meteonorm': {
      const licence = plain('licence');
      if (!licence) return null;
      const user = plain('user');
      const password = plain('password');
      return { licence, ...(user ? { user } : {}), ...(password ? { password } : {}) };
    }
  }
}
