import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_MAX_MS,
  Hub,
  LOAD_USER_DATA,
  authenticateMessage,
  backoffDelay,
  parseHubMessage,
  type SocketLike,
} from '../src/realtime/hub.ts';
import { isStaleFor, staleKeysFor, targetOf } from '../src/realtime/invalidation.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
}

function setup(token: () => string | null = () => 't1') {
  const sockets: FakeSocket[] = [];
  const hub = new Hub({
    getToken: token,
    url: (t) => `ws://test/hub?access_token=${t}`,
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 0,
  });
  return { hub, sockets };
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('hub helpers', () => {
  it('backs off exponentially with jitter and a cap', () => {
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(20, () => 0)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(0, () => 1)).toBe(1200);
  });

  it('parses {command, data} messages and ignores anything else', () => {
    expect(parseHubMessage('{"command":"AddOrUpdate:QueueItem","data":{"id":1}}')).toEqual({
      command: 'addorupdate:queueitem',
      data: { id: 1 },
    });
    expect(parseHubMessage('not json')).toBeNull();
    expect(parseHubMessage('{"data":1}')).toBeNull();
    expect(parseHubMessage(42)).toBeNull();
  });

  it('maps commands to the queries they make stale', () => {
    expect(targetOf('addorupdate:queueitems')).toBe('queueitems');
    expect(staleKeysFor('delete:predictionitem')).toContain('project');
    expect(isStaleFor('addorupdate:weatheritem', ['weather', 3])).toBe(true);
    expect(isStaleFor('addorupdate:queueitem', ['user', 'queue'])).toBe(true);
    expect(isStaleFor('addorupdate:queueitem', ['user', 'current'])).toBe(false);
    expect(isStaleFor('unknown:thing', ['weather'])).toBe(false);
  });
});

describe('Hub', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects once with the token, loads user data and dispatches by command', async () => {
    const { hub, sockets } = setup();
    hub.connect();
    await flush();
    hub.connect();
    await flush();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://test/hub?access_token=t1');
    sockets[0]!.open();
    expect(hub.connected).toBe(true);
    expect(sockets[0]!.sent).toEqual([JSON.stringify(LOAD_USER_DATA)]);

    const queue = vi.fn();
    const all = vi.fn();
    const off = hub.subscribe('addorupdate:queueitem', queue);
    hub.subscribe('*', all);
    sockets[0]!.receive({ command: 'addorupdate:queueitem', data: { id: 7 } });
    sockets[0]!.receive({ command: 'delete:queueitem', data: { id: 7 } });
    expect(queue).toHaveBeenCalledTimes(1);
    expect(queue.mock.calls[0]![0]).toEqual({ id: 7 });
    expect(all).toHaveBeenCalledTimes(2);
    off();
    sockets[0]!.receive({ command: 'addorupdate:queueitem', data: {} });
    expect(queue).toHaveBeenCalledTimes(1);
  });

  it('reconnects with backoff and a fresh token, and repeats the user-data call', async () => {
    let token = 't1';
    const { hub, sockets } = setup(() => token);
    hub.connect();
    await flush();
    sockets[0]!.open();
    token = 't2';
    sockets[0]!.drop();
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.url).toContain('access_token=t2');
    sockets[1]!.open();
    expect(sockets[1]!.sent).toEqual([JSON.stringify(LOAD_USER_DATA)]);
  });

  it('keeps retrying quietly when the server has no hub', async () => {
    const { hub, sockets } = setup();
    hub.connect();
    await flush();
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(1000);
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
  });

  it('waits without a token and stops on disconnect', async () => {
    const { hub, sockets } = setup(() => null);
    hub.connect();
    await flush();
    expect(sockets).toHaveLength(0);
    hub.disconnect();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(0);
  });

  it('closes the socket on disconnect and does not reconnect', async () => {
    const { hub, sockets } = setup();
    hub.connect();
    await flush();
    sockets[0]!.open();
    hub.disconnect();
    expect(sockets[0]!.closed).toBe(true);
    expect(hub.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('hub token refresh', () => {
  it('sends a refreshed token over the open socket only', async () => {
    const { hub, sockets } = setup();
    hub.authenticate('early');
    hub.connect();
    await flush();
    const socket = sockets[0]!;
    hub.authenticate('not-open-yet');
    expect(socket.sent).toEqual([]);
    socket.open();
    hub.authenticate('t2');
    expect(socket.sent.map((m) => JSON.parse(m))).toEqual([LOAD_USER_DATA, authenticateMessage('t2')]);
    expect(authenticateMessage('t2')).toEqual({ invoke: 'authenticate', accessToken: 't2' });
    hub.disconnect();
  });
});
