/**
 * PostgreSQL NOTIFY payloads must be shorter than 8000 bytes, but a pushed list (every queue item of a
 * company, say) can be longer. A message that fits goes as its own JSON; a longer one is cut into
 * numbered base64 parts that the receiving process puts back together. Parts may arrive in any order
 * (they can be sent on different pool connections); incomplete messages are dropped after a minute.
 */
import crypto from 'node:crypto';

/** Keep a margin under PostgreSQL's 8000-byte limit. */
export const MAX_NOTIFY_BYTES = 7900;
/** Raw bytes per part: base64 makes 6,668 characters of it, plus a small JSON wrapper. */
const PART_BYTES = 5000;
/** Refuse absurd messages rather than flood the notification queue. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
const PART_TTL_MS = 60_000;

interface Part {
  chunk: { id: string; index: number; count: number };
  part: string;
}

/** Splits one serialized message into NOTIFY payloads. */
export function encodePayloads(json: string): string[] {
  const bytes = Buffer.from(json, 'utf8');
  if (bytes.length <= MAX_NOTIFY_BYTES) return [json];
  if (bytes.length > MAX_MESSAGE_BYTES) {
    throw new Error(`realtime message of ${bytes.length} bytes is larger than ${MAX_MESSAGE_BYTES}`);
  }
  const id = crypto.randomUUID();
  const count = Math.ceil(bytes.length / PART_BYTES);
  const payloads: string[] = [];
  for (let index = 0; index < count; index++) {
    const slice = bytes.subarray(index * PART_BYTES, (index + 1) * PART_BYTES);
    const part: Part = { chunk: { id, index, count }, part: slice.toString('base64') };
    payloads.push(JSON.stringify(part));
  }
  return payloads;
}

/** Reassembles payloads into messages; one decoder per subscription. */
export class PayloadDecoder {
  private readonly pending = new Map<
    string,
    { parts: (Buffer | undefined)[]; received: number; since: number }
  >();

  /** Returns the parsed message when complete, undefined while parts are missing. Throws on bad JSON. */
  accept(payload: string, now = Date.now()): unknown {
    const value: unknown = JSON.parse(payload);
    if (!isPart(value)) return value;
    this.prune(now);
    const { id, index, count } = value.chunk;
    let entry = this.pending.get(id);
    if (!entry) {
      entry = { parts: new Array<Buffer | undefined>(count).fill(undefined), received: 0, since: now };
      this.pending.set(id, entry);
    }
    if (entry.parts.length !== count || index >= count || entry.parts[index]) return undefined;
    entry.parts[index] = Buffer.from(value.part, 'base64');
    entry.received++;
    if (entry.received < count) return undefined;
    this.pending.delete(id);
    return JSON.parse(Buffer.concat(entry.parts as Buffer[]).toString('utf8'));
  }

  /** Messages still waiting for parts (for tests and diagnostics). */
  get pendingCount(): number {
    return this.pending.size;
  }

  private prune(now: number): void {
    for (const [id, entry] of this.pending) {
      if (now - entry.since > PART_TTL_MS) this.pending.delete(id);
    }
  }
}

function isPart(value: unknown): value is Part {
  if (typeof value !== 'object' || value === null || !('chunk' in value) || !('part' in value)) return false;
  const { chunk, part } = value as { chunk: unknown; part: unknown };
  if (typeof chunk !== 'object' || chunk === null || typeof part !== 'string') return false;
  const { id, index, count } = chunk as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    Number.isInteger(index) &&
    Number.isInteger(count) &&
    (index as number) >= 0 &&
    (count as number) > 0 &&
    (count as number) <= Math.ceil(MAX_MESSAGE_BYTES / PART_BYTES)
  );
}
