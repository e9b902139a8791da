/**
 * Publishing live updates (spec/2 §9.4). Any process (API or worker) calls `publishClientData`; it
 * goes out with PostgreSQL NOTIFY on the `clientdata` channel and every API process forwards it to
 * the hub sockets of the target user or of every user of the target company.
 *
 * On PGlite the database is one in-process connection: do not publish from inside an open Drizzle
 * transaction (the NOTIFY would wait for the transaction that waits for it). Publish after commit,
 * which is also when the data the message announces becomes visible to other readers.
 */
import type { Database } from '../db/index.ts';
import { encodePayloads } from './envelope.ts';

export const CLIENTDATA_CHANNEL = 'clientdata';

/** Commands have the form action:target. */
export const CLIENT_COMMANDS = [
  'addorupdate:weatheritems',
  'addorupdate:queueitems',
  'addorupdate:weatheritem',
  'addorupdate:predictionitem',
  'delete:predictionitem',
  'addorupdate:queueitem',
  'delete:queueitem',
] as const;

export type ClientCommand = (typeof CLIENT_COMMANDS)[number];

/** Who receives a message: one user (by uuid) or every signed-in user of one company (by uuid). */
export type ClientDataTarget = { userId: string } | { companyId: string };

/** What travels on the channel. */
export interface ClientDataMessage {
  target: ClientDataTarget;
  command: ClientCommand;
  data: unknown;
}

export type PublishRequest = (
  { userId: string; companyId?: never } | { companyId: string; userId?: never }
) & {
  command: ClientCommand;
  data: unknown;
};

export async function publishClientData(
  database: Pick<Database, 'pubsub'>,
  request: PublishRequest,
): Promise<void> {
  const target: ClientDataTarget | undefined = request.userId
    ? { userId: request.userId }
    : request.companyId
      ? { companyId: request.companyId }
      : undefined;
  if (!target) throw new Error('publishClientData needs a userId or a companyId');
  if (!(CLIENT_COMMANDS as readonly string[]).includes(request.command)) {
    throw new Error(`unknown client command ${request.command}`);
  }
  const message: ClientDataMessage = { target, command: request.command, data: request.data ?? null };
  for (const payload of encodePayloads(JSON.stringify(message))) {
    await database.pubsub.publish(CLIENTDATA_CHANNEL, payload);
  }
}

/**
 * Channel on which a process announces that a user's credentials were revoked (password reset or
 * change): every API process closes that user's hub sockets at once (4401), instead of at their
 * token's expiry. The payload is the user's uuid alone.
 */
export const REVOKED_CHANNEL = 'credentials_revoked';

/** Announces a revocation to every API process (after the revoking transaction has committed). */
export async function announceRevocation(database: Pick<Database, 'pubsub'>, userId: string): Promise<void> {
  await database.pubsub.publish(REVOKED_CHANNEL, userId);
}

/** Checks a decoded channel payload; returns undefined for anything that is not a valid message. */
export function asClientDataMessage(value: unknown): ClientDataMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { target, command, data } = value as Record<string, unknown>;
  if (typeof command !== 'string' || typeof target !== 'object' || target === null) return undefined;
  const { userId, companyId } = target as Record<string, unknown>;
  if (typeof userId === 'string' && userId)
    return { target: { userId }, command: command as ClientCommand, data };
  if (typeof companyId === 'string' && companyId) {
    return { target: { companyId }, command: command as ClientCommand, data };
  }
  return undefined;
}
