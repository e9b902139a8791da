/**
 * A test client of the realtime hub: a real WebSocket (the `ws` package) that records every message
 * and lets a test wait for one, or for the close.
 */
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { companies, users } from '../../src/db/schema.ts';
import { uniqueEmail } from './harness.ts';

export interface HubMessage {
  command: string;
  data: unknown;
}

export class TestHubClient {
  readonly messages: HubMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      this.messages.push(JSON.parse(String(raw)) as HubMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    socket.on('error', () => {
      // Reported through `closed`.
    });
  }

  /** Opens a socket; does not wait for `connected` (a refused socket is closed instead). */
  static open(baseUrl: string, token: string | undefined): TestHubClient {
    const query = token === undefined ? '' : `?access_token=${encodeURIComponent(token)}`;
    return new TestHubClient(new WebSocket(`${baseUrl}/hub${query}`));
  }

  /** Opens a socket and waits for the server's `connected` message. */
  static async connect(baseUrl: string, token: string): Promise<TestHubClient> {
    const client = TestHubClient.open(baseUrl, token);
    await client.next('connected');
    return client;
  }

  /** The first message with this command (and matching the predicate), waiting up to `timeoutMs`. */
  async next(
    command: string,
    match: (data: unknown) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<HubMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((m) => m.command === command && match(m.data));
      if (found) return found;
      if (this.socket.readyState === WebSocket.CLOSED)
        throw new Error(`socket closed while waiting for ${command}`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no ${command} message within ${timeoutMs} ms: ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  received(command: string, match: (data: unknown) => boolean = () => true): boolean {
    return this.messages.some((m) => m.command === command && match(m.data));
  }

  send(value: unknown): void {
    this.socket.send(typeof value === 'string' ? value : JSON.stringify(value));
  }

  async close(): Promise<void> {
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.close();
    await this.closed;
  }
}

/** `ws://127.0.0.1:PORT` of an app that listens (listening first if it does not yet). */
export async function listenUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app does not listen on a TCP port');
  return `ws://127.0.0.1:${address.port}`;
}

export interface HubUser {
  userId: string;
  companyId: string;
  token: string;
}

/** Inserts a user (and a new company unless one is given) and signs a session access token for it. */
export async function makeHubUser(
  app: FastifyInstance,
  options: { companyId?: string; firstName?: string; lastName?: string; status?: number } = {},
): Promise<HubUser> {
  const { db } = app.services.database;
  let companyId = options.companyId;
  if (!companyId) {
    const [company] = await db
      .insert(companies)
      .values({ name: `Hub Company ${uniqueEmail('c')}` })
      .returning({ id: companies.id });
    companyId = company!.id;
  }
  const [user] = await db
    .insert(users)
    .values({
      companyId,
      email: uniqueEmail('hub'),
      firstName: options.firstName ?? 'Hub',
      lastName: options.lastName ?? 'User',
      passwordHash: 'not-a-password-hash',
      status: options.status ?? 1,
    })
    .returning({ id: users.id });
  const userId = user!.id;
  const token = await app.services.tokens.sign({ sub: userId, cid: companyId, kind: 'session' }, 900);
  return { userId, companyId, token };
}
