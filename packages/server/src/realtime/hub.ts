/**
 * The realtime hub (spec/2 §9.4): one WebSocket per signed-in browser tab at `GET /hub?access_token=…`.
 *
 * - The token is checked before the socket is used; a missing, invalid or expired token, or a
 *   disabled user or company, gets the socket closed with code 4401 (the client then refreshes its
 *   token and reconnects).
 * - The socket lives as long as its token: when the token's `exp` passes, the socket is closed with
 *   4401 ('Token expired'), unless the client sent a refreshed token of the same user first with
 *   `{"invoke": "authenticate", "accessToken": "…"}` (answered `{command: 'authenticated', data:
 *   {expiresAt}}`, ms since the epoch); a token that is not valid closes the socket with 4401.
 * - On connect the server sends `{command: 'connected', data: {userId, companyId}}`.
 * - The client may send `{"invoke": "loadUserData"}` (or `{"command": "load:userdata"}`); the answer is
 *   `{command: 'loaduserdata', data: {userId, companyId, firstName, lastName}}`, followed by the user's
 *   queue as `addorupdate:queueitems` (the whole list).
 * - Every API process LISTENs on `clientdata` and forwards `{command, data}` to the sockets of the
 *   target user or company it holds (see publish.ts).
 * - Keep-alive: a ping every 30 s; a socket that did not answer the previous ping is dropped.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { loadAuth } from '../auth/context.ts';
import { userQueue } from '../models/predictionRun.ts';
import { presentQueueItem } from '../presenters/queue.ts';
import { PayloadDecoder } from './envelope.ts';
import { CLIENTDATA_CHANNEL, REVOKED_CHANNEL, asClientDataMessage } from './publish.ts';
import { SocketRegistry, type HubClient } from './registry.ts';

export const HUB_PATH = '/hub';
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_GOING_AWAY = 1001;
export const PING_INTERVAL_MS = 30_000;
/** Client messages are tiny invocations; anything larger is refused. */
const MAX_CLIENT_MESSAGE_BYTES = 4096;

export interface RealtimeHubOptions {
  pingIntervalMs?: number;
}

interface Identity {
  userId: string;
  companyId: string;
  /** The token's version claim (users.token_version when signed). */
  ver: number;
  /** The token's expiry, ms since the epoch. */
  expiresAt: number;
}

/** setTimeout's largest delay; a later expiry is re-armed when it fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export async function realtimeHub(app: FastifyInstance, options: RealtimeHubOptions = {}): Promise<void> {
  const { database, tokens } = app.services;
  const registry = new SocketRegistry();
  const decoder = new PayloadDecoder();

  const unsubscribe = await database.pubsub.subscribe(CLIENTDATA_CHANNEL, (payload) => {
    let decoded: unknown;
    try {
      decoded = decoder.accept(payload);
    } catch (error) {
      app.log.warn({ err: error }, 'realtime: unreadable clientdata payload');
      return;
    }
    const message = asClientDataMessage(decoded);
    if (message) registry.deliver(message);
  });

  // A password reset or change ends the user's sockets on every process (publish.ts REVOKED_CHANNEL).
  const unsubscribeRevoked = await database.pubsub.subscribe(REVOKED_CHANNEL, (userId) => {
    for (const client of registry.clientsOf(userId)) closeUnauthorized(client, 'Credentials revoked');
  });

  async function identify(token: unknown): Promise<Identity | null> {
    if (typeof token !== 'string' || token.length === 0) return null;
    const claims = await tokens.verify(token);
    if (!claims) return null;
    const auth = await loadAuth(database.db, claims.sub, claims.cid, claims.ver);
    if (!auth) return null;
    return {
      userId: auth.user.id,
      companyId: auth.company.id,
      ver: claims.ver,
      expiresAt: claims.exp * 1000,
    };
  }

  /** Closes the socket when its token expires (re-armed by each refreshed token). */
  const expiryTimers = new WeakMap<HubClient, ReturnType<typeof setTimeout>>();
  function armExpiry(client: HubClient, expiresAt: number): void {
    clearTimeout(expiryTimers.get(client));
    const delay = Math.max(0, expiresAt - Date.now());
    const timer = setTimeout(
      () => {
        if (Date.now() < expiresAt) return armExpiry(client, expiresAt);
        closeUnauthorized(client, 'Token expired');
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    timer.unref();
    expiryTimers.set(client, timer);
  }
  function closeUnauthorized(client: HubClient, reason: string): void {
    clearTimeout(expiryTimers.get(client));
    registry.remove(client);
    client.socket.close(CLOSE_UNAUTHORIZED, reason);
  }
  const versions = new WeakMap<HubClient, number>();

  // Authentication runs as a hook, before the upgrade, so no client message can arrive before it.
  const identities = new WeakMap<FastifyRequest, Identity>();

  app.get(
    HUB_PATH,
    {
      websocket: true,
      // The hub authenticates itself: a bad token must close the socket with 4401, not answer 401.
      config: { public: true },
      preHandler: async (request) => {
        const identity = await identify((request.query as Record<string, unknown> | undefined)?.access_token);
        if (identity) identities.set(request, identity);
      },
    },
    (socket, request) => {
      const identity = identities.get(request);
      if (!identity) {
        socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
        return;
      }
      const client = registry.add(socket, identity.userId, identity.companyId);
      versions.set(client, identity.ver);
      armExpiry(client, identity.expiresAt);
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => {
        clearTimeout(expiryTimers.get(client));
        registry.remove(client);
      });
      socket.on('message', (raw, isBinary) => {
        onMessage(client, raw, isBinary).catch((error: unknown) => {
          request.log.error({ err: error }, 'realtime: invocation failed');
          send(socket, 'error', { message: 'The request could not be handled.' });
        });
      });
      send(socket, 'connected', { userId: identity.userId, companyId: identity.companyId });
    },
  );

  async function onMessage(client: HubClient, raw: RawData, isBinary: boolean): Promise<void> {
    const socket = client.socket as WebSocket;
    const text = isBinary ? '' : rawText(raw);
    if (!text || Buffer.byteLength(text) > MAX_CLIENT_MESSAGE_BYTES) {
      send(socket, 'error', { message: 'Messages are JSON objects such as {"invoke":"loadUserData"}.' });
      return;
    }
    let invoke: unknown;
    let accessToken: unknown;
    try {
      const value = JSON.parse(text) as { invoke?: unknown; command?: unknown; accessToken?: unknown } | null;
      // `{"command": "load:userdata"}` is accepted too, in the action:target form of pushed messages.
      invoke = value?.invoke ?? (value?.command === 'load:userdata' ? 'loadUserData' : value?.command);
      accessToken = value?.accessToken;
    } catch {
      invoke = undefined;
    }
    if (typeof invoke === 'string' && invoke.toLowerCase() === 'authenticate') {
      const identity = await identify(accessToken);
      if (!identity || identity.userId !== client.userId || identity.companyId !== client.companyId) {
        closeUnauthorized(client, 'Unauthorized');
        return;
      }
      versions.set(client, identity.ver);
      armExpiry(client, identity.expiresAt);
      send(socket, 'authenticated', { expiresAt: identity.expiresAt });
      return;
    }
    if (typeof invoke === 'string' && invoke.toLowerCase() === 'loaduserdata') {
      const auth = await loadAuth(database.db, client.userId, client.companyId, versions.get(client));
      if (!auth) {
        closeUnauthorized(client, 'Unauthorized');
        return;
      }
      send(socket, 'loaduserdata', {
        userId: auth.user.id,
        companyId: auth.company.id,
        firstName: auth.user.firstName,
        lastName: auth.user.lastName,
      });
      // The user's queue as a whole list (spec 2 §9.4: queueitems replace the list), so a client that
      // (re)connects catches up on what it missed while the hub was down.
      const queue = await userQueue(database.db, auth.company.id, auth.user.id, { limit: 50 });
      send(socket, 'addorupdate:queueitems', queue.map(presentQueueItem));
      return;
    }
    send(socket, 'error', { message: `Unknown invocation ${JSON.stringify(invoke ?? null)}.` });
  }

  const heartbeat = setInterval(() => {
    const dropped = registry.heartbeat();
    if (dropped > 0) app.log.info({ dropped }, 'realtime: dropped sockets that stopped answering pings');
  }, options.pingIntervalMs ?? PING_INTERVAL_MS);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    registry.closeAll(CLOSE_GOING_AWAY, 'Server is shutting down');
    await unsubscribe();
    await unsubscribeRevoked();
  });
}

/**
 * Request log lines without the hub's access token (it travels in the query string), nor the code
 * and state of a single sign-on callback (routes/auth/sso.ts).
 */
export function redactAccessToken(url: string): string {
  const redacted = url.replace(/([?&]access_token=)[^&#]*/gi, '$1[redacted]');
  return /\/sso\/callback/i.test(redacted)
    ? redacted.replace(/([?&](?:code|state)=)[^&#]*/gi, '$1[redacted]')
    : redacted;
}

/** Fastify's request serializer, with the token redacted. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactAccessToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

function send(socket: WebSocket, command: string, data: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ command, data }));
}

function rawText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('utf8');
  return raw.toString('utf8');
}
