/**
 * Where each provider lives and how patiently the clients talk to it, from the environment (read on
 * each call, so tests can point the clients at local stub servers). See docs/weather-providers.md.
 */

export interface ProviderSettings {
  nsrdbUrl: string;
  solcastUrl: string;
  solargisUrl: string;
  meteonormUrl: string;
  solarAnywhereUrl: string;
  /** Time-out of one HTTP attempt [ms]. */
  timeoutMs: number;
  /** Retries after the first attempt on 429, 5xx and network errors. */
  retries: number;
  /** First back-off delay [ms], doubled at each retry. */
  retryBaseMs: number;
  /** Longest `Retry-After` honoured [ms]. */
  maxRetryAfterMs: number;
  /** SolarAnywhere result polling interval [ms] and the longest wait for a result [ms]. */
  pollIntervalMs: number;
  pollTimeoutMs: number;
  /** Server-wide ("system") keys used when a company has none of its own. */
  systemNsrdbApiKey: string | undefined;
  systemNsrdbEmail: string | undefined;
  systemSolcastApiKey: string | undefined;
}

const num = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
};

export function providerSettings(env: NodeJS.ProcessEnv = process.env): ProviderSettings {
  return {
    nsrdbUrl: env.SUNFIELD_NSRDB_URL || 'https://developer.nrel.gov',
    solcastUrl: env.SUNFIELD_SOLCAST_URL || 'https://api.solcast.com.au',
    solargisUrl: env.SUNFIELD_SOLARGIS_URL || 'https://solargis.info',
    meteonormUrl: env.SUNFIELD_METEONORM_URL || 'https://api.meteonorm.com',
    solarAnywhereUrl: env.SUNFIELD_SOLARANYWHERE_URL || 'https://service.solaranywhere.com',
    timeoutMs: num(env.SUNFIELD_PROVIDER_TIMEOUT_MS, 120_000),
    retries: Math.floor(num(env.SUNFIELD_PROVIDER_RETRIES, 3)),
    retryBaseMs: num(env.SUNFIELD_PROVIDER_RETRY_MS, 2_000),
    maxRetryAfterMs: num(env.SUNFIELD_PROVIDER_MAX_RETRY_AFTER_MS, 60_000),
    pollIntervalMs: num(env.SUNFIELD_SOLARANYWHERE_POLL_MS, 5_000),
    pollTimeoutMs: num(env.SUNFIELD_SOLARANYWHERE_POLL_TIMEOUT_MS, 600_000),
    systemNsrdbApiKey: env.SUNFIELD_NSRDB_API_KEY || undefined,
    systemNsrdbEmail: env.SUNFIELD_NSRDB_EMAIL || undefined,
    systemSolcastApiKey: env.SUNFIELD_SOLCAST_API_KEY || undefined,
  };
}
