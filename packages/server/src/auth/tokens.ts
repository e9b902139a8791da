/**
 * Access tokens: short-lived HS256 JWTs (RFC 7519) signed with the server secret. Refresh tokens and
 * API client secrets are random strings of which only a SHA-256 digest is stored.
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const API_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 14;

export interface AccessClaims {
  /** user id (uuid) */
  sub: string;
  /** company id (uuid) */
  cid: string;
  /** 'session' for the web app, 'client' for API client credentials */
  kind: 'session' | 'client';
  /** The user's token version when signed (`users.token_version`); absent counts as 0. */
  ver?: number;
}

export interface VerifiedClaims extends AccessClaims {
  ver: number;
  /** Expiry, unix seconds. */
  exp: number;
}

/** How many verified tokens each process remembers (a valid token is ~250 bytes). */
const VERIFIED_TOKENS = 10_000;

export class TokenService {
  /**
   * Tokens already verified, with their claims: a client sends the same access token with every
   * request for up to 15 minutes, and its signature and claims do not change, so the HMAC check and
   * the decoding (~0.15 ms of CPU, a tenth of a cached authenticated request; issue 18) are done once.
   * Only valid tokens are kept, the expiry is checked at each use, and revocation is not a matter of
   * the token (its version claim is checked against the account on every request).
   */
  private readonly verified = new Map<string, VerifiedClaims>();
  /**
   * The HMAC key, imported once: given the secret's bytes, jose imports a WebCrypto key on every
   * sign and verify, a measurable part of each authenticated request (issue 18).
   */
  private readonly key: Promise<crypto.webcrypto.CryptoKey>;
  constructor(secret: string) {
    this.key = crypto.webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: AccessClaims, expiresInSeconds: number): Promise<string> {
    return new SignJWT({ cid: claims.cid, kind: claims.kind, ...(claims.ver ? { ver: claims.ver } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(await this.key);
  }

  /** Returns the claims of a valid token, or null. */
  async verify(token: string): Promise<VerifiedClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Date.now() / 1000) return known;
      this.verified.delete(token);
    }
    const claims = await this.check(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_TOKENS) {
        const now = Date.now() / 1000;
        for (const [key, value] of this.verified) if (value.exp <= now) this.verified.delete(key);
        // Still full: the oldest first (a Map iterates in insertion order).
        while (this.verified.size >= VERIFIED_TOKENS)
          this.verified.delete(this.verified.keys().next().value!);
      }
      this.verified.set(token, Object.freeze(claims));
    }
    return claims;
  }

  private async check(token: string): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string') return null;
      if (typeof payload.exp !== 'number') return null;
      const kind = payload.kind === 'client' ? 'client' : 'session';
      const ver = typeof payload.ver === 'number' ? payload.ver : 0;
      return { sub: payload.sub, cid: payload.cid, kind, ver, exp: payload.exp };
    } catch {
      return null;
    }
  }
}

export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');
export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');
