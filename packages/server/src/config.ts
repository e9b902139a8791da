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
   * default the data folder's `mail/` in embedded mode, where only the server can open the
   * database; none with DATABASE_URL, where psql reads the outbox; `SUNFIELD_MAIL_DIR=` turns it off).
   */
  mailDir: string | undefined;
  mailFrom: string;
  /** Where messages of the contact form (POST /api/contact) are sent. */
  contactEmail: string;
  /** Secret for signing access tokens; when unset, one is generated and kept in the database. */
  secret: string | undefined;
  /** Public base URL used in emails and for Secure cookies. */
  publicUrl: string;
  /** MapLibre style URL for the map; empty uses a plain offline style. */
  mapStyleUrl: string;
  /** Further hosts the map style's tiles, glyphs or sprites come from (MAP_SOURCES; for the CSP). */
  mapSources: string[];
  /** Directory with the built web app. */
  webDist: string;
  /** Fastify trustProxy: false, a hop count, or addresses (TRUST_PROXY). */
  trustProxy: boolean | number | string;
  /** Run queue workers inside the API process (embedded mode default). */
  embeddedWorkers: boolean;
  /**
   * Addresses of the external tools the menu opens (spec 1 §2: Design Pro, Voltage Pro, Terrain Pro,
   * PVRADAR), given to the web app at run time through /config.js; null hides a tool's link target.
   */
  externalTools: Record<'designPro' | 'voltagePro' | 'terrainPro' | 'pvradar', string | null>;
  /** GET /metrics in Prometheus text (SUNFIELD_METRICS=1), with an optional bearer token. */
  metrics: { enabled: boolean; token: string | undefined };
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

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
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${Number.isFinite(port) ? port : 3000}`,
    mapStyleUrl: env.MAP_STYLE_URL ?? '',
    mapSources: (env.MAP_SOURCES ?? '').split(/[\s,]+/).filter(Boolean),
    webDist: path.resolve(env.SUNFIELD_WEB_DIST ?? path.join(repoRoot, 'packages/web/dist')),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    embeddedWorkers: env.SUNFIELD_WORKERS ? env.SUNFIELD_WORKERS !== '0' : !databaseUrl,
    externalTools: {
      designPro: httpUrl(env.DESIGN_PRO_URL),
      voltagePro: httpUrl(env.VOLTAGE_PRO_URL),
      terrainPro: httpUrl(env.TERRAIN_PRO_URL),
      pvradar: httpUrl(env.PVRADAR_URL),
    },
    metrics: {
      enabled: env.SUNFIELD_METRICS === '1' || env.SUNFIELD_METRICS === 'true',
      token: env.SUNFIELD_METRICS_TOKEN || undefined,
    },
  };
}

function mailDirOf(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): string | undefined {
  if (env.SUNFIELD_MAIL_DIR !== undefined)
    return env.SUNFIELD_MAIL_DIR ? path.resolve(env.SUNFIELD_MAIL_DIR) : undefined;
  if (databaseUrl) return undefined;
  return path.join(path.resolve(env.SUNFIELD_DATA_DIR ?? path.join(repoRoot, 'data')), 'mail');
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
