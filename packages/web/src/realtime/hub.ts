/**
 * The realtime hub (spec 2 §9.4): one WebSocket to /hub?access_token=…, opened when signed in and
 * on session load (only if not already connected), reconnected with backoff and a fresh token,
 * dropped on sign-out. Server messages are JSON {command: 'action:target', data}; subscribers are
 * called by command ('*' receives all). Failures are quiet: the hub may not exist on the server.
 * The server closes a socket when its access token expires (4401) unless it was sent the refreshed
 * token (`authenticate`): the session calls `authenticate` after each refresh, and a socket closed
 * anyway reconnects with a fresh token.
 */
export interface HubMessage {
  command: string;
  data: unknown;
}
export type HubHandler = (data: unknown, message: HubMessage) => void;

export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface HubOptions {
  /** A fresh access token, or null when signed out. */
  getToken(): Promise<string | null> | string | null;
  createSocket?(url: string): SocketLike;
  url?(token: string): string;
  random?(): number;
}

const CONNECTING = 0;
const OPEN = 1;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** Sent on open and on every reconnect: the hub call that loads the user's data. */
export const LOAD_USER_DATA = { command: 'load:userdata' };
/** Hands the open socket a refreshed access token, so the server keeps it past the old token's expiry. */
export const authenticateMessage = (accessToken: string) => ({ invoke: 'authenticate', accessToken });

/** Exponential backoff with up to 20 % jitter: 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random()));
}

export function parseHubMessage(raw: unknown): HubMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const value = JSON.parse(raw) as { command?: unknown; data?: unknown };
    if (typeof value?.command !== 'string' || !value.command) return null;
    return { command: value.command.toLowerCase(), data: value.data };
  } catch {
    return null;
  }
}

function defaultUrl(token: string): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/hub?access_token=${encodeURIComponent(token)}`;
}

export class Hub {
  private socket: SocketLike | null = null;
  private wanted = false;
  private opening = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly handlers = new Map<string, Set<HubHandler>>();

  constructor(private readonly options: HubOptions) {}

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Opens the connection unless it is open, opening or waiting to reconnect. */
  connect(): void {
    this.wanted = true;
    const state = this.socket?.readyState;
    if (state === OPEN || state === CONNECTING || this.opening || this.timer !== undefined) return;
    void this.open();
  }

  disconnect(): void {
    this.wanted = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.attempt = 0;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      try {
        socket.close(1000);
      } catch {
        // already closed
      }
    }
  }

  /** Sends a refreshed access token over the open socket (nothing when not open). */
  authenticate(accessToken: string): void {
    const socket = this.socket;
    if (socket?.readyState !== OPEN) return;
    try {
      socket.send(JSON.stringify(authenticateMessage(accessToken)));
    } catch {
      // closing; onclose reconnects with a fresh token
    }
  }

  subscribe(command: string, handler: HubHandler): () => void {
    const key = command.toLowerCase();
    let set = this.handlers.get(key);
    if (!set) this.handlers.set(key, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  dispatch(message: HubMessage): void {
    const targets = [...(this.handlers.get(message.command) ?? []), ...(this.handlers.get('*') ?? [])];
    for (const handler of targets) {
      try {
        handler(message.data, message);
      } catch (error) {
        console.warn('realtime handler failed', message.command, error);
      }
    }
  }

  private async open(): Promise<void> {
    this.opening = true;
    let token: string | null;
    try {
      token = await this.options.getToken();
    } catch {
      token = null;
    } finally {
      this.opening = false;
    }
    if (!this.wanted) return;
    if (!token) return this.scheduleReconnect();
    let socket: SocketLike;
    try {
      const url = (this.options.url ?? defaultUrl)(token);
      socket = this.options.createSocket
        ? this.options.createSocket(url)
        : (new WebSocket(url) as SocketLike);
    } catch {
      return this.scheduleReconnect();
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      try {
        socket.send(JSON.stringify(LOAD_USER_DATA));
      } catch {
        // the socket closed meanwhile; onclose reconnects
      }
    };
    socket.onmessage = (event) => {
      const message = parseHubMessage(event.data);
      if (message) this.dispatch(message);
    };
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.socket === socket) this.socket = null;
      if (this.wanted) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.wanted || this.timer !== undefined) return;
    const delay = backoffDelay(this.attempt++, this.options.random);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.wanted) void this.open();
    }, delay);
  }
}
