/** Configuration from the environment, read once. */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** postgres://… for a PostgreSQL server; undefined for embedded PGlite. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files (embedded mode). */
  dataDir: string;
  /** smtp://user:pass@host:port; undefined keeps mail in the outbox table (the log says only that). */
  smtpUrl: string | undefined;
  /**
   * Without SMTP, the folder where each mail is also written as an .eml file (SUNFIELD_MAIL_DIR;
   * default the data folder's `mail/` in embedded mode, where only the running server can open the
   * database; none with DATABASE_URL, where `sunfield outbox` reads the outbox at any time;
   * `SUNFIELD_MAIL_DIR=` turns it off).
   */
  mailDir: string | undefined;
  mailFrom: string;
  /** Where messages of the contact form (POST /api/contact) are sent. */
  contactEmail: string;
  /** Secret for signing access tokens; when unset, one is generated and kept in the database. */
  secret: string | undefined;
  /**
   * The key that encrypts the companies' weather-vendor credentials at rest (SUNFIELD_CREDENTIALS_KEY);
   * when unset they are encrypted under a key derived from `secret`.
   */
  credentialsKey: string | undefined;
  /** Public base URL used in emails and for Secure cookies. */
  publicUrl: string;
  /**
   * MapLibre style URL of the map's default basemap (MAP_STYLE_URL; default OpenFreeMap's public
   * "liberty" vector style, no key). `MAP_STYLE_URL=` (empty) keeps the built-in offline style,
   * which is also the fallback whenever the style cannot load.
   */
  mapStyleUrl: string;
  /**
   * Raster tile template ({z}/{y}/{x}) of the satellite basemap (MAP_SATELLITE_URL; default Esri
   * World Imagery); empty hides the switch. Its attribution: MAP_SATELLITE_ATTRIBUTION.
   */
  mapSatelliteUrl: string;
  mapSatelliteAttribution: string;
  /**
   * Place search on the maps (GEOCODER_URL, a Photon `/api` or Nominatim `/search` endpoint; default
   * Photon's public one); empty hides the search box. GEOCODER_FORMAT says which answer it gives
   * (photon | nominatim; guessed from the URL when unset).
   */
  geocoderUrl: string;
  geocoderFormat: 'photon' | 'nominatim';
  /** Further hosts the map style's tiles, glyphs or sprites come from (MAP_SOURCES; for the CSP). */
  mapSources: string[];
  /** Directory with the built web app. */
  webDist: string;
  /** Fastify trustProxy: false, a hop count, or addresses (TRUST_PROXY). */
  trustProxy: boolean | number | string;
  /**
   * Sign-ups accepted from one address in an hour (SIGN_UPS_PER_ADDRESS_PER_HOUR, default 10): more
   * where many people sign up from behind one address (an office's NAT, the browser tests).
   */
  signUpsPerAddressPerHour: number;
  /** Run queue workers inside the API process (embedded mode default). */
  embeddedWorkers: boolean;
  /**
   * Addresses of the external tools the menu opens (spec 1 §2: Design Pro, Voltage Pro, Terrain Pro,
   * PVRADAR), given to the web app at run time through /config.js; null hides a tool's link target.
   */
  externalTools: Record<'designPro' | 'voltagePro' | 'terrainPro' | 'pvradar', string | null>;
  /**
   * The billing provider's checkout page and self-service portal (BILLING_CHECKOUT_URL,
   * BILLING_PORTAL_URL; http(s) only; {companyId}, {tier}, {period} filled in), given to the web app
   * through /config.js; null hides the subscription page's links.
   */
  billing: { checkoutUrl: string | null; portalUrl: string | null };
  /** GET /metrics in Prometheus text (SUNFIELD_METRICS=1), with an optional bearer token. */
  metrics: { enabled: boolean; token: string | undefined };
  /**
   * Single sign-on providers may be reached over plain http (SUNFIELD_SSO_ALLOW_HTTP=1): for a
   * provider on the same machine in development and in the tests only; https otherwise.
   */
  ssoAllowHttp: boolean;
}

/** Sign-ups accepted from one address in an hour unless SIGN_UPS_PER_ADDRESS_PER_HOUR says otherwise. */
export const DEFAULT_SIGN_UPS_PER_ADDRESS_PER_HOUR = 10;

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Public services the maps use unless the deployment names its own (no key needed). */
export const DEFAULT_MAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
export const DEFAULT_MAP_SATELLITE_URL =
  'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}';
export const DEFAULT_MAP_SATELLITE_ATTRIBUTION =
  'Imagery © Esri, Maxar, Earthstar Geographics, and the GIS User Community';
export const DEFAULT_GEOCODER_URL = 'https://photon.komoot.io/api/';

function geocoderFormatOf(format: string | undefined, url: string): 'photon' | 'nominatim' {
  const named = (format ?? '').trim().toLowerCase();
  if (named === 'photon' || named === 'nominatim') return named;
  return /nominatim|\/search\b/i.test(url) ? 'nominatim' : 'photon';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number.isFinite(port) ? port : 3000,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.SUNFIELD_DATA_DIR ?? path.join(repoRoot, 'data')),
    smtpUrl: env.SMTP_URL || undefined,
    mailDir: mailDirOf(env, databaseUrl),
    mailFrom: env.MAIL_FROM ?? 'Sunfield <no-reply@sunfield.local>',
    contactEmail: env.CONTACT_EMAIL || 'support@sunfield.local',
    secret: env.SUNFIELD_SECRET || undefined,
    credentialsKey: env.SUNFIELD_CREDENTIALS_KEY || undefined,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${Number.isFinite(port) ? port : 3000}`,
    mapStyleUrl: env.MAP_STYLE_URL ?? DEFAULT_MAP_STYLE_URL,
    mapSatelliteUrl: env.MAP_SATELLITE_URL ?? DEFAULT_MAP_SATELLITE_URL,
    mapSatelliteAttribution: env.MAP_SATELLITE_ATTRIBUTION ?? DEFAULT_MAP_SATELLITE_ATTRIBUTION,
    geocoderUrl: env.GEOCODER_URL ?? DEFAULT_GEOCODER_URL,
    geocoderFormat: geocoderFormatOf(env.GEOCODER_FORMAT, env.GEOCODER_URL ?? DEFAULT_GEOCODER_URL),
    mapSources: (env.MAP_SOURCES ?? '').split(/[\s,]+/).filter(Boolean),
    webDist: path.resolve(env.SUNFIELD_WEB_DIST ?? path.join(repoRoot, 'packages/web/dist')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    signUpsPerAddressPerHour: positiveInteger(
      env.SIGN_UPS_PER_ADDRESS_PER_HOUR,
      DEFAULT_SIGN_UPS_PER_ADDRESS_PER_HOUR,
    ),
    embeddedWorkers: env.SUNFIELD_WORKERS ? env.SUNFIELD_WORKERS !== '0' : !databaseUrl,
    externalTools: {
      designPro: httpUrl(env.DESIGN_PRO_URL),
      voltagePro: httpUrl(env.VOLTAGE_PRO_URL),
      terrainPro: httpUrl(env.TERRAIN_PRO_URL),
      pvradar: httpUrl(env.PVRADAR_URL),
    },
    billing: {
      checkoutUrl: httpUrl(env.BILLING_CHECKOUT_URL),
      portalUrl: httpUrl(env.BILLING_PORTAL_URL),
    },
    metrics: {
      enabled: env.SUNFIELD_METRICS === '1' || env.SUNFIELD_METRICS === 'true',
      token: env.SUNFIELD_METRICS_TOKEN || undefined,
    },
    ssoAllowHttp: env.SUNFIELD_SSO_ALLOW_HTTP === '1' || env.SUNFIELD_SSO_ALLOW_HTTP === 'true',
  };
}

function mailDirOf(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): string | undefined {
  if (env.SUNFIELD_MAIL_DIR !== undefined)
    return env.SUNFIELD_MAIL_DIR ? path.resolve(env.SUNFIELD_MAIL_DIR) : undefined;
  if (databaseUrl) return undefined;
  return path.join(path.resolve(env.SUNFIELD_DATA_DIR ?? path.join(repoRoot, 'data')), 'mail');
}

/** A whole number ≥ 1 from the environment, or the default when unset or not one. */
function positiveInteger(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** An http(s) address, or null (unset, or anything a link must not open, such as javascript:). */
function httpUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  const hops = Number(value);
  return Number.isInteger(hops) ? hops : value;
}
