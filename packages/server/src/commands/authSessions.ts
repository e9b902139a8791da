/**
 * Sign-in sessions: a short-lived access token (JWT) plus a refresh token kept in an httpOnly cookie.
 * Only the SHA-256 of a refresh token is stored; each refresh revokes the presented token and issues a
 * new one (rotation), atomically, so a token can be used once. The tokens rotated from one sign-in
 * are a family: presenting one that was already used means it was copied, so the whole family is
 * revoked (RFC 9700 §4.14.2, refresh token rotation with reuse detection).
 *
 * One exception, as the OAuth providers that rotate allow ("grace period", "reuse interval"): a
 * token presented again within ROTATION_GRACE_SECONDS of its rotation, while its successor is still
 * unused, is a client that lost the answer (a dropped connection, two tabs refreshing at once), not
 * a thief. It gets a new session of the family and the successor it never received is revoked.
 */
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  ACCESS_TOKEN_SECONDS,
  REFRESH_TOKEN_DAYS,
  randomToken,
  sha256,
  type TokenService,
} from '../auth/tokens.ts';
import type { Db } from '../db/index.ts';
import { apiClients, sessions, users } from '../db/schema.ts';
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

/** How long after its rotation a refresh token may be presented again by a client that lost the answer [s]. */
export const ROTATION_GRACE_SECONDS = 30;

export async function signAccessToken(tokens: TokenService, account: Account): Promise<string> {
  return tokens.sign(
    { sub: account.user.id, cid: account.company.id, kind: 'session', ver: account.user.tokenVersion },
    ACCESS_TOKEN_SECONDS,
  );
}

/** Opens a refresh session for the account and signs its first access token. */
export async function startSession(
  db: Db,
  tokens: TokenService,
  account: Account,
  client: ClientInfo,
  familyId?: string,
): Promise<IssuedSession> {
  const refreshToken = randomToken();
  const refreshExpiresAt = new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000);
  await db.insert(sessions).values({
    userId: account.user.id,
    ...(familyId ? { familyId } : {}),
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
 * Exchanges a refresh token for a new session of the same family. Returns null when the token is
 * unknown, expired, already used or revoked, or when the user or company has been disabled since; a
 * token already used or revoked also revokes every token of its family.
 */
export async function rotateSession(
  db: Db,
  tokens: TokenService,
  refreshToken: string,
  client: ClientInfo,
): Promise<{ account: Account; session: IssuedSession } | null> {
  const tokenHash = sha256(refreshToken);
  // The database's clock for both, so that the successor's created_date is never before it.
  const [fresh] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, rotatedAt: sql`now()` })
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    )
    .returning({ userId: sessions.userId, familyId: sessions.familyId });
  const used = fresh ?? (await retryOfLostRotation(db, tokenHash));
  if (!used) {
    await revokeFamilyOfUsedToken(db, tokenHash);
    return null;
  }
  const account = await findAccountById(db, used.userId);
  if (!account || !isAccountActive(account)) return null;
  return { account, session: await startSession(db, tokens, account, client, used.familyId) };
}

/**
 * A token rotated less than ROTATION_GRACE_SECONDS ago while its family has gone on no further (no
 * token of it rotated since, none ended since by sign-out, password reset or reuse): revokes the
 * successor if it is already there (its client never received it) and answers the family, to be
 * continued; undefined for anything else, which the caller treats as reuse. The successor may not
 * exist yet: with two requests at once, the one that rotated may still be writing it, and both
 * requests then get a live session of the family.
 *
 * A successor revoked here is dated at the presented token's rotation, not now, so that it does not
 * count as the family having ended (a third request at once still gets through).
 */
async function retryOfLostRotation(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string; familyId: string } | undefined> {
  // Compared in SQL throughout: PostgreSQL keeps microseconds, a JS Date not.
  const [presented] = await db
    .select({ userId: sessions.userId, familyId: sessions.familyId })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNotNull(sessions.rotatedAt),
        sql`${sessions.revokedAt} = ${sessions.rotatedAt}`,
        sql`${sessions.rotatedAt} > now() - make_interval(secs => ${ROTATION_GRACE_SECONDS})`,
        gt(sessions.expiresAt, sql`now()`),
        sql`not exists (select 1 from sessions o where o.family_id = ${sessions.familyId}
              and (o.rotated_at > ${sessions.rotatedAt}
                   or (o.rotated_at is null and o.revoked_at > ${sessions.rotatedAt})))`,
      ),
    )
    .limit(1);
  if (!presented) return undefined;
  const rotatedAt = sql`(select p.rotated_at from sessions p where p.token_hash = ${tokenHash})`;
  await db
    .update(sessions)
    .set({ revokedAt: rotatedAt })
    .where(
      and(
        eq(sessions.familyId, presented.familyId),
        isNull(sessions.revokedAt),
        sql`${sessions.createdDate} >= ${rotatedAt}`,
      ),
    );
  return { userId: presented.userId, familyId: presented.familyId };
}

/** A known token that was already revoked (used, signed out): ends every live token of its family. */
async function revokeFamilyOfUsedToken(db: Db, tokenHash: string): Promise<void> {
  const [reused] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNotNull(sessions.revokedAt)))
    .limit(1);
  if (!reused) return;
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.familyId, reused.familyId), isNull(sessions.revokedAt)));
}

/** Signs out one session (logout). Unknown tokens are ignored. */
export async function revokeSession(db: Db, refreshToken: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, sha256(refreshToken)), isNull(sessions.revokedAt)));
}

/** Signs out every session of a user (see revokeCredentials for a password reset). */
export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * Everything that signs in as the user without the password: refresh sessions, API client
 * credentials, and the access tokens already issued from either (their version claim no longer
 * matches `users.token_version`, see auth/context.ts loadAuth). Called when the password is reset or changed.
 */
export async function revokeCredentials(db: Db, userId: string): Promise<void> {
  const now = new Date();
  await revokeAllSessions(db, userId);
  await db
    .update(apiClients)
    .set({ revokedAt: now })
    .where(and(eq(apiClients.userId, userId), isNull(apiClients.revokedAt)));
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}
