/**
 * Sign-in sessions: a short-lived access token (JWT) plus a refresh token kept in an httpOnly cookie.
 * Only the SHA-256 of a refresh token is stored; each refresh revokes the presented token and issues a
 * new one (rotation), atomically, so a token can be used once.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_TOKEN_DAYS,
  randomToken,
  sha256,
  type TokenService,
} from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { sessions } from '../db/schema.ts';
import { findAccountById, isAccountActive, type Account } from './accounts.ts';

export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export const REFRESH_TOKEN_SECONDS = REFRESH_TOKEN_DAYS * 24 * 3600;

export async function signAccessToken(tokens: TokenService, account: Account): Promise<string> {
  return tokens.sign(
    { sub: account.user.id, cid: account.company.id, kind: 'session' },
    ACCESS_TOKEN_SECONDS,
  );
}

/** Opens a refresh session for the account and signs its first access token. */
export async function startSession(
  db: Db,
  tokens: TokenService,
  account: Account,
  client: ClientInfo,
): Promise<IssuedSession> {
  const refreshToken = randomToken();
  const refreshExpiresAt = new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000);
  await db.insert(sessions).values({
    userId: account.user.id,
    tokenHash: sha256(refreshToken),
    expiresAt: refreshExpiresAt,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
    ip: client.ip ?? null,
  });
  return {
    accessToken: await signAccessToken(tokens, account),
    expiresIn: ACCESS_TOKEN_SECONDS,
    refreshToken,
    refreshExpiresAt,
  };
}

/**
 * Exchanges a refresh token for a new session. Returns null when the token is unknown, expired,
 * already used or revoked, or when the user or company has been disabled since.
 */
export async function rotateSession(
  db: Db,
  tokens: TokenService,
  refreshToken: string,
  client: ClientInfo,
): Promise<{ account: Account; session: IssuedSession } | null> {
  const [used] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.tokenHash, sha256(refreshToken)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: sessions.userId });
  if (!used) return null;
  const account = await findAccountById(db, used.userId);
  if (!account || !isAccountActive(account)) return null;
  return { account, session: await startSession(db, tokens, account, client) };
}

/** Signs out one session (logout). Unknown tokens are ignored. */
export async function revokeSession(db: Db, refreshToken: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, sha256(refreshToken)), isNull(sessions.revokedAt)));
}

/** Signs out every session of a user (after a password reset). */
export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
