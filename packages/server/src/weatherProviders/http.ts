/**
 * The one HTTP path of the weather-provider clients: Node's built-in fetch (undici) with a time-out
 * per attempt, retries with exponential back-off on 429 and 5xx (honouring `Retry-After` up to a
 * cap) and on network failures, and errors that say what went wrong in words a user can act on:
 *
 * - 401/403 → `Invalid credentials for {provider}` (kind 'credentials', never retried);
 * - 429 after the last retry → `{provider} is rate limiting requests; try again later`;
 * - other 4xx → `{provider} refused the request: {message from the body}`;
 * - 5xx, time-outs and network errors after the last retry → `{provider} is unavailable …`.
 *
 * Provider secrets travel in headers or query strings; they never appear in an error message (the
 * URL is not quoted back).
 */
import { providerSettings, type ProviderSettings } from './settings.ts';

export type ProviderErrorKind =
  'credentials' | 'rateLimited' | 'refused' | 'unavailable' | 'badResponse' | 'coverage';

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export const invalidCredentials = (provider: string, status?: number): ProviderError =>
  new ProviderError(provider, 'credentials', `Invalid credentials for ${provider}`, status);

export interface ProviderRequest {
  provider: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Overrides the configured per-attempt time-out. */
  timeoutMs?: number;
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  text: string;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Longest body accepted from a provider (a 1-minute year of CSV is about 60 MB). */
const MAX_RESPONSE_CHARS = 150_000_000;

/** A short human message from an error body: JSON `errors`/`error.message`/`Message`/`message`, or text. */
export function errorMessageOf(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  try {
    const body = JSON.parse(trimmed) as Record<string, unknown>;
    const candidates: unknown[] = [
      body.errors,
      (body.error as Record<string, unknown> | undefined)?.message,
      body.error,
      body.Message,
      body.message,
      (body.response_status as Record<string, unknown> | undefined)?.message,
    ];
    for (const c of candidates) {
      if (Array.isArray(c) && c.length) return c.map(String).join('; ').slice(0, 300);
      if (typeof c === 'string' && c) return c.slice(0, 300);
    }
  } catch {
    // not JSON
  }
  return trimmed
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

function retryAfterMs(headers: Headers, fallback: number, cap: number): number {
  const value = headers.get('retry-after');
  if (value) {
    const seconds = Number(value);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, cap);
    const date = Date.parse(value);
    if (Number.isFinite(date)) return Math.min(Math.max(0, date - Date.now()), cap);
  }
  return fallback;
}

/**
 * Sends one request with retries; resolves with a 2xx response's text, or throws a ProviderError.
 * 404 is returned to the caller (`allowStatuses`) when a provider uses it for "no data here".
 */
export async function providerFetch(
  request: ProviderRequest,
  options: { allowStatuses?: number[]; settings?: ProviderSettings } = {},
): Promise<ProviderResponse> {
  const settings = options.settings ?? providerSettings();
  const { provider } = request;
  const attempts = settings.retries + 1;
  let lastProblem = '';
  for (let attempt = 0; attempt < attempts; attempt++) {
    const backoff = settings.retryBaseMs * 2 ** attempt;
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method ?? 'GET',
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(request.timeoutMs ?? settings.timeoutMs),
        redirect: 'follow',
      });
    } catch (error) {
      const name = (error as Error).name;
      lastProblem = name === 'TimeoutError' || name === 'AbortError' ? 'timed out' : 'could not be reached';
      if (attempt + 1 < attempts) await sleep(backoff);
      continue;
    }
    const { status } = response;
    if (status === 401 || status === 403) {
      await response.body?.cancel().catch(() => undefined);
      throw invalidCredentials(provider, status);
    }
    if (status === 429 || status >= 500) {
      const body = await response.text().catch(() => '');
      lastProblem =
        status === 429 ? 'rate limited' : `answered ${status}${body ? `: ${errorMessageOf(body)}` : ''}`;
      if (attempt + 1 < attempts) {
        await sleep(retryAfterMs(response.headers, backoff, settings.maxRetryAfterMs));
        continue;
      }
      if (status === 429) {
        throw new ProviderError(
          provider,
          'rateLimited',
          `${provider} is rate limiting requests; try again later`,
          status,
        );
      }
      throw new ProviderError(provider, 'unavailable', `${provider} is unavailable (${lastProblem})`, status);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > MAX_RESPONSE_CHARS) {
      await response.body?.cancel().catch(() => undefined);
      throw new ProviderError(provider, 'badResponse', `${provider} sent a response that is too large`);
    }
    const text = await response.text();
    if (text.length > MAX_RESPONSE_CHARS) {
      throw new ProviderError(provider, 'badResponse', `${provider} sent a response that is too large`);
    }
    if (status >= 200 && status < 300) return { status, headers: response.headers, text };
    if (options.allowStatuses?.includes(status)) return { status, headers: response.headers, text };
    const message = errorMessageOf(text);
    throw new ProviderError(
      provider,
      'refused',
      `${provider} refused the request${message ? `: ${message}` : ` (HTTP ${status})`}`,
      status,
    );
  }
  throw new ProviderError(provider, 'unavailable', `${provider} is unavailable (${lastProblem})`);
}

/** Joins a base URL (with or without a trailing slash) and a path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

export { sleep };
