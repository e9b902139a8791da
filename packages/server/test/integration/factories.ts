/**
 * Test factories for any integration suite: each call builds its own company and user through the
 * real sign-up route, so suites never share rows or depend on each other.
 *
 *   const { token, user, cookie } = await signUpUser(ctx().app);               // admin, EULA accepted
 *   const member = await addCompanyUser(ctx().app, user.companyId, { roles: ['User'] });
 *
 * Failed sign-ins, sign-ups, reset requests and contact messages are rate limited per address; use
 * `randomIp()` as `remoteAddress` in tests that make many or fail on purpose, so runs on the shared
 * PostgreSQL database do not throttle each other (signUpUser does).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/auth/passwords.ts';
import { ACCESS_TOKEN_SECONDS } from '../../src/auth/tokens.ts';
import { users } from '../../src/db/schema.ts';
import type { PresentedUser } from '../../src/presenters/user.ts';
import { STRONG_PASSWORD, call, uniqueEmail } from './harness.ts';

export interface SignedUpUser {
  /** Bearer access token. */
  token: string;
  user: PresentedUser;
  /** `sunfield_refresh=…`, for the Cookie header of /api/auth/refresh and /logout. */
  cookie: string;
  email: string;
  password: string;
}

export interface SignUpOverrides {
  companyName?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  /** Accept the EULA right away (default true), so the user can call every route. */
  acceptEula?: boolean;
}

export const randomIp = (): string => `10.${[0, 0, 0].map(() => crypto.randomInt(1, 255)).join('.')}`;

/** The `name=value` of the refresh cookie a response set, or '' when it set none. */
export function refreshCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sunfield_refresh');
  return cookie ? `${cookie.name}=${cookie.value}` : '';
}

/** Signs up a new company with its first user (an Admin) through POST /api/auth/signup. */
export async function signUpUser(
  app: FastifyInstance,
  overrides: SignUpOverrides = {},
): Promise<SignedUpUser> {
  const email = overrides.email ?? uniqueEmail('signup');
  const password = overrides.password ?? STRONG_PASSWORD;
  const res = await call(app, {
    method: 'POST',
    url: '/api/auth/signup',
    // Each test user signs up from its own address: sign-ups are limited per address.
    remoteAddress: randomIp(),
    payload: {
      companyName: overrides.companyName ?? `Company ${email}`,
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? 'Engineer',
      email,
      password,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { accessToken: string; user: PresentedUser };
  let user = body.user;
  if (overrides.acceptEula !== false) {
    const accepted = await call(app, {
      method: 'POST',
      url: '/api/user/AcceptEULA',
      token: body.accessToken,
    });
    if (accepted.statusCode !== 200)
      throw new Error(`AcceptEULA failed: ${accepted.statusCode} ${accepted.body}`);
    user = accepted.json() as PresentedUser;
  }
  return { token: body.accessToken, user, cookie: refreshCookieOf(res), email, password };
}

export interface CompanyUserOverrides {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  roles?: string[];
  /** UserStatusEnum (default 1 Active). */
  status?: number;
  acceptEula?: boolean;
}

/** Adds a user to an existing company directly in the database and signs an access token for it. */
export async function addCompanyUser(
  app: FastifyInstance,
  companyId: string,
  overrides: CompanyUserOverrides = {},
): Promise<{ token: string; id: string; email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail('member');
  const password = overrides.password ?? STRONG_PASSWORD;
  const [row] = await app.services.database.db
    .insert(users)
    .values({
      companyId,
      email,
      firstName: overrides.firstName ?? 'Team',
      lastName: overrides.lastName ?? 'Member',
      passwordHash: await hashPassword(password),
      roles: overrides.roles ?? ['User'],
      status: overrides.status ?? 1,
      eulaAcceptedAt: overrides.acceptEula === false ? null : new Date(),
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user not created');
  const token = await app.services.tokens.sign(
    { sub: row.id, cid: companyId, kind: 'session' },
    ACCESS_TOKEN_SECONDS,
  );
  return { token, id: row.id, email, password };
}
