import { describe, expect, it } from 'vitest';
import {
  MAX_MESSAGE_BYTES,
  MAX_NOTIFY_BYTES,
  PayloadDecoder,
  encodePayloads,
} from '../../src/realtime/envelope.ts';
import { redactAccessToken } from '../../src/realtime/hub.ts';
import { SocketRegistry, type HubSocket } from '../../src/realtime/registry.ts';

class FakeSocket implements HubSocket {
  readyState = 1;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  send(data: string) {
    this.sent.push(data);
  }
  ping() {
    this.pings++;
  }
  close() {
    this.readyState = 3;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
}

describe('NOTIFY payload envelope', () => {
  it('sends a small message as it is', () => {
    const json = JSON.stringify({ target: { userId: 'u' }, command: 'delete:queueitem', data: { id: 1 } });
    expect(encodePayloads(json)).toEqual([json]);
    expect(new PayloadDecoder().accept(json)).toEqual(JSON.parse(json));
  });

  it('cuts a large message into parts under the limit and puts them back in any order', () => {
    const data = Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `élément ☀ ${i}` }));
    const json = JSON.stringify({ target: { companyId: 'c' }, command: 'addorupdate:queueitems', data });
    const parts = encodePayloads(json);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThan(MAX_NOTIFY_BYTES);
    const decoder = new PayloadDecoder();
    const shuffled = [...parts].reverse();
    const results = shuffled.map((part) => decoder.accept(part));
    expect(results.slice(0, -1).every((r) => r === undefined)).toBe(true);
    expect(results.at(-1)).toEqual(JSON.parse(json));
    expect(decoder.pendingCount).toBe(0);
  });

  it('drops incomplete messages after a minute and refuses absurd sizes', () => {
    const parts = encodePayloads(JSON.stringify({ data: 'x'.repeat(20_000) }));
    const decoder = new PayloadDecoder();
    decoder.accept(parts[0]!, 0);
    expect(decoder.pendingCount).toBe(1);
    decoder.accept(encodePayloads(JSON.stringify({ data: 'y'.repeat(20_000) }))[0]!, 120_000);
    expect(decoder.pendingCount).toBe(1);
    expect(() => encodePayloads('x'.repeat(MAX_MESSAGE_BYTES + 1))).toThrow();
    expect(() => decoder.accept('not json')).toThrow();
  });
});

describe('socket registry', () => {
  it('delivers by user and by company', () => {
    const registry = new SocketRegistry();
    const [a1, a2, b, other] = [new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket()];
    registry.add(a1, 'alice', 'acme');
    registry.add(a2, 'alice', 'acme');
    registry.add(b, 'bob', 'acme');
    registry.add(other, 'olga', 'other');
    expect(registry.deliver({ target: { userId: 'alice' }, command: 'delete:queueitem', data: 1 })).toBe(2);
    expect(
      registry.deliver({ target: { companyId: 'acme' }, command: 'addorupdate:queueitem', data: 2 }),
    ).toBe(3);
    expect(a1.sent).toEqual([
      JSON.stringify({ command: 'delete:queueitem', data: 1 }),
      JSON.stringify({ command: 'addorupdate:queueitem', data: 2 }),
    ]);
    expect(b.sent).toHaveLength(1);
    expect(other.sent).toHaveLength(0);
    expect(registry.deliver({ target: { userId: 'nobody' }, command: 'delete:queueitem', data: 1 })).toBe(0);
  });

  it('pings, and drops sockets that did not answer the previous ping', () => {
    const registry = new SocketRegistry();
    const live = new FakeSocket();
    const dead = new FakeSocket();
    const liveClient = registry.add(live, 'u1', 'c');
    registry.add(dead, 'u2', 'c');
    expect(registry.heartbeat()).toBe(0);
    expect([live.pings, dead.pings]).toEqual([1, 1]);
    liveClient.alive = true; // the pong
    expect(registry.heartbeat()).toBe(1);
    expect(dead.terminated).toBe(true);
    expect(registry.size).toBe(1);
    registry.closeAll(1001, 'bye');
    expect(registry.size).toBe(0);
  });
});

it('redacts the access token from logged URLs', () => {
  expect(redactAccessToken('/hub?access_token=abc.def.ghi')).toBe('/hub?access_token=[redacted]');
  expect(redactAccessToken('/hub?x=1&Access_Token=abc&y=2')).toBe('/hub?x=1&Access_Token=[redacted]&y=2');
  expect(redactAccessToken('/api/system/version')).toBe('/api/system/version');
});
