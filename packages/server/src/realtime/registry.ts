/**
 * The open hub sockets of this API process, indexed by user uuid and by company uuid, with the
 * keep-alive: every beat pings each socket and drops the ones that did not answer the previous ping.
 */
import type { ClientDataMessage } from './publish.ts';

/** The part of a `ws` WebSocket the registry uses (kept small so it can be tested without sockets). */
export interface HubSocket {
  readonly readyState: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

export interface HubClient {
  socket: HubSocket;
  userId: string;
  companyId: string;
  /** Set by a pong, cleared by each ping. */
  alive: boolean;
}

/** WebSocket.OPEN */
const OPEN = 1;

export class SocketRegistry {
  private readonly byUser = new Map<string, Set<HubClient>>();
  private readonly byCompany = new Map<string, Set<HubClient>>();

  add(socket: HubSocket, userId: string, companyId: string): HubClient {
    const client: HubClient = { socket, userId, companyId, alive: true };
    addTo(this.byUser, userId, client);
    addTo(this.byCompany, companyId, client);
    return client;
  }

  remove(client: HubClient): void {
    removeFrom(this.byUser, client.userId, client);
    removeFrom(this.byCompany, client.companyId, client);
  }

  /** Number of open sockets. */
  get size(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  /** The open sockets of one user. */
  clientsOf(userId: string): HubClient[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  clients(): HubClient[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  /** Sends `{command, data}` to the sockets of the target; returns how many got it. */
  deliver(message: ClientDataMessage): number {
    const set =
      'userId' in message.target
        ? this.byUser.get(message.target.userId)
        : this.byCompany.get(message.target.companyId);
    if (!set || set.size === 0) return 0;
    const text = JSON.stringify({ command: message.command, data: message.data });
    let sent = 0;
    for (const client of set) {
      if (client.socket.readyState !== OPEN) continue;
      try {
        client.socket.send(text);
        sent++;
      } catch {
        // A socket that fails to send is closing; its close handler removes it.
      }
    }
    return sent;
  }

  /** One keep-alive beat. Returns the number of sockets dropped as dead. */
  heartbeat(): number {
    let dropped = 0;
    for (const client of this.clients()) {
      if (!client.alive) {
        this.remove(client);
        client.socket.terminate();
        dropped++;
        continue;
      }
      client.alive = false;
      try {
        client.socket.ping();
      } catch {
        // Not open any more: the next beat terminates it unless it closes first.
      }
    }
    return dropped;
  }

  closeAll(code: number, reason: string): void {
    for (const client of this.clients()) {
      this.remove(client);
      try {
        client.socket.close(code, reason);
      } catch {
        client.socket.terminate();
      }
    }
  }
}

function addTo(map: Map<string, Set<HubClient>>, key: string, client: HubClient): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(client);
}

function removeFrom(map: Map<string, Set<HubClient>>, key: string, client: HubClient): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(client);
  if (set.size === 0) map.delete(key);
}
