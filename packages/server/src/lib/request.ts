/**
 * Small request helpers shared by routes: query keys matched case-insensitively (the web client
 * sends `Latitude`, scripts send `latitude`), optional query numbers and skip/take paging, numeric
 * ids, and the `x-message` header (spec 2 §7.1).
 */
import { z } from 'zod';

/**
 * Copies the query with each key renamed to its canonical spelling when it matches one
 * case-insensitively; a repeated key keeps its last value.
 */
export function canonicalQuery(query: unknown, keys: readonly string[]): Record<string, unknown> {
  const byLower = new Map(keys.map((key) => [key.toLowerCase(), key]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const canonical = byLower.get(key.toLowerCase()) ?? key;
    out[canonical] = Array.isArray(value) ? value[value.length - 1] : value;
  }
  return out;
}

const MAX_INT4 = 2_147_483_647;

/** A positive integer id (PostgreSQL `integer`), or undefined for anything else. */
export function integerId(value: unknown): number | undefined {
  if (typeof value === 'number')
    return Number.isInteger(value) && value > 0 && value <= MAX_INT4 ? value : undefined;
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 && id <= MAX_INT4 ? id : undefined;
}

export interface XMessage {
  Type: 'warning' | 'error' | 'info' | 'success';
  Message: string;
}

/**
 * The `x-message` header value: a JSON list of `{Type, Message}`. Characters outside ASCII are
 * written as JSON `\uXXXX` escapes, since HTTP header values cannot carry them.
 */
export function xMessageHeader(messages: readonly XMessage[]): string {
  return JSON.stringify(messages).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Sends the messages in the `x-message` header (none: no header). */
export function sendXMessages(
  reply: { header(name: string, value: string): unknown },
  messages: readonly XMessage[],
): void {
  if (messages.length) reply.header('x-message', xMessageHeader(messages));
}

/** An optional query number: absent or empty is undefined; anything else must parse. */
export const queryNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : Number(value)),
    schema.optional(),
  );

/** The `skip` and `take` of a paged list query (prediction log, notifications), `take` at most `maxTake`. */
export function skipTakeQuery(maxTake: number) {
  const takeMessage = `Take must be a whole number from 1 to ${maxTake}.`;
  return {
    skip: queryNumber(
      z
        .number({ error: 'Skip must be a whole number.' })
        .int('Skip must be a whole number.')
        .min(0, 'Skip must be a whole number.')
        .max(100_000_000, 'Skip is out of range.'),
    ),
    take: queryNumber(
      z.number({ error: takeMessage }).int(takeMessage).min(1, takeMessage).max(maxTake, takeMessage),
    ),
  };
}
