/**
 * The one path to the API (spec 2 §7.1): bearer token from the session, the UI flag header, the
 * x-message header shown as notifications, the loading overlay for foreground calls, and the
 * response handling of spec 2 §8.1 (400/404/409 reported, 403 EULA → /eula, 403 for a feature of
 * the subscription → the subscription dialog, 401 → refresh once).
 */
import { isSubscriptionRefusal } from '@sunfield/domain';
import { createStore } from '../lib/store.ts';
import { buildErrorMessages, parseXMessage } from './errors.ts';

export const UI_HEADER = 'X-Sunfield-UI';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(buildErrorMessages(body)[0] ?? `Request failed (${status})`);
  }
  get messages(): string[] {
    return buildErrorMessages(this.body);
  }
  get modelState(): Record<string, string[]> {
    const body = this.body as { modelState?: Record<string, string[]> } | null;
    return body?.modelState ?? {};
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Background calls never show the loading overlay. */
  background?: boolean;
  /** Do not show an error notification; the caller handles the error. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Auth calls (sign-in, refresh): a 401 is the answer itself — no refresh, no sign-out. */
  noAuthRetry?: boolean;
}

/** Hooks installed by the app: session tokens, notifications, navigation. */
export interface ApiHooks {
  getAccessToken(): string | null;
  refresh(): Promise<boolean>;
  onSignedOut(): void;
  onEulaRequired(): void;
  /** A 403 for a feature the company's plan lacks (domain SubscriptionRefusal): the subscription dialog. */
  onSubscriptionRequired?(level: 'active' | 'professional'): void;
  notify(kind: 'error' | 'warning', messages: string[]): void;
}

let hooks: ApiHooks = {
  getAccessToken: () => null,
  refresh: async () => false,
  onSignedOut: () => {},
  onEulaRequired: () => {},
  notify: () => {},
};
export function installApiHooks(next: ApiHooks): void {
  hooks = next;
}

/** The current bearer token (for uploads and the realtime hub, which do not go through api()). */
export function getAccessToken(): string | null {
  return hooks.getAccessToken();
}

/** Refreshes the session once (for callers outside api() that got a 401). */
export function refreshSession(): Promise<boolean> {
  return hooks.refresh();
}

/** Number of foreground calls in flight; the loading overlay shows while it is above zero. */
export const pendingCalls = createStore(0);
const BACKGROUND_PATHS = [/\/User\/Queue/i, /\/system\/maintenancemode/i, /\/Geo\//i, /\/Project\/Search/i];

export function buildUrl(path: string, query?: ApiOptions['query']): string {
  const url = path.startsWith('/api') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  const background = options.background || BACKGROUND_PATHS.some((pattern) => pattern.test(url));
  if (!background) pendingCalls.set((n) => n + 1);
  try {
    let response = await send(url, options);
    if (response.status === 401 && !options.noAuthRetry && (await hooks.refresh())) {
      response = await send(url, options);
    }
    for (const message of parseXMessage(response.headers.get('x-message'))) {
      if (
        message.type === 'warning' ||
        message.type === 'error' ||
        message.type === '1' ||
        message.type === '2'
      ) {
        hooks.notify(message.type === 'error' || message.type === '2' ? 'error' : 'warning', [
          message.message,
        ]);
      }
    }
    const body = await readBody(response);
    if (response.ok) return body as T;
    const error = new ApiError(response.status, body);
    if (response.status === 401) {
      if (!options.noAuthRetry) hooks.onSignedOut();
    } else if (
      response.status === 403 &&
      (body as { eulaAcceptedStatus?: boolean } | null)?.eulaAcceptedStatus === false
    ) {
      hooks.onEulaRequired();
    } else if (response.status === 403 && hooks.onSubscriptionRequired && isSubscriptionRefusal(body)) {
      hooks.onSubscriptionRequired(body.subscriptionRequired);
    } else if (!options.silent && [400, 403, 404, 409, 429].includes(response.status)) {
      hooks.notify('error', error.messages);
    }
    throw error;
  } finally {
    if (!background) pendingCalls.set((n) => Math.max(0, n - 1));
  }
}

function send(url: string, options: ApiOptions): Promise<Response> {
  const headers: Record<string, string> = { [UI_HEADER]: 'true', Accept: 'application/json' };
  const token = url.toLowerCase().includes('transect') ? null : hooks.getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  });
}

/** One page of a list and the total the server gives in X-Total-Count. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * GET a paginated list with the same headers as api() (bearer token, UI flag, one refresh on 401),
 * keeping the response so that the total in X-Total-Count can be read. Errors throw ApiError; no
 * notification (the list shows its own). `background` keeps the loading overlay away.
 */
export async function apiPage<T>(
  path: string,
  query: ApiOptions['query'],
  options: { signal?: AbortSignal; background?: boolean } = {},
): Promise<ListPage<T>> {
  const url = buildUrl(path, query);
  const sendList = () => {
    const headers: Record<string, string> = { [UI_HEADER]: 'true', Accept: 'application/json' };
    const token = hooks.getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    return fetch(url, { headers, credentials: 'same-origin', signal: options.signal });
  };
  if (!options.background) pendingCalls.set((n) => n + 1);
  try {
    let response = await sendList();
    if (response.status === 401 && (await hooks.refresh())) response = await sendList();
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, body);
    const items = Array.isArray(body) ? (body as T[]) : [];
    const total = Number(response.headers.get('X-Total-Count'));
    return { items, total: Number.isFinite(total) && total >= items.length ? total : items.length };
  } finally {
    if (!options.background) pendingCalls.set((n) => Math.max(0, n - 1));
  }
}
