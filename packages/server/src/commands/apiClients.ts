/**
 * API client credentials (spec 4 §1): `POST /User/{id}/Secret` makes a client id and secret for a
 * user; the secret is shown once and only its SHA-256 is kept. Generating again rotates: the user's
 * previous credentials stop working. `POST /oauth2/token` exchanges them for a one-hour access token
 * of kind 'client' (OAuth 2.0 client credentials grant, RFC 6749 §4.4).
 */
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { API_TOKEN_SECONDS, randomToken, sha256, type TokenService } from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { apiClients } from '../db/schema.ts';
import { findAccountById, isAccountActive } from './accounts.ts';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export async function generateClientSecret(db: Db, userId: string): Promise<ClientCredentials> {
  const credentials = { clientId: `sf_${randomToken(16)}`, clientSecret: randomToken(32) };
  await db.transaction(async (tx) => {
    await tx
      .update(apiClients)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiClients.userId, userId), isNull(apiClients.revokedAt)));
    await tx
      .insert(apiClients)
      .values({ userId, clientId: credentials.clientId, secretHash: sha256(credentials.clientSecret) });
  });
  return credentials;
}

export interface ClientToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** Signs a client token for valid, unrevoked credentials of an active user; null otherwise. */
export async function issueClientToken(
  db: Db,
  tokens: TokenService,
  credentials: ClientCredentials,
): Promise<ClientToken | null> {
  const [client] = await db
    .select()
    .from(apiClients)
    .where(and(eq(apiClients.clientId, credentials.clientId), isNull(apiClients.revokedAt)))
    .limit(1);
  const expected = Buffer.from(client?.secretHash ?? sha256('no client'));
  const given = Buffer.from(sha256(credentials.clientSecret));
  if (!client || !crypto.timingSafeEqual(expected, given)) return null;
  const account = await findAccountById(db, client.userId);
  if (!account || !isAccountActive(account)) return null;
  const accessToken = await tokens.sign(
    { sub: account.user.id, cid: account.company.id, kind: 'client', ver: account.user.tokenVersion },
    API_TOKEN_SECONDS,
  );
  return { access_token: accessToken, token_type: 'Bearer', expires_in: API_TOKEN_SECONDS };
}
