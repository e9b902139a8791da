/** Sign-up, sign-in, refresh and sign-out (public routes; the refresh token travels in a cookie). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { revokeSession, rotateSession } from '../../commands/authSessions.ts';
import { logIn } from '../../commands/logIn.ts';
import { signUp } from '../../commands/signUp.ts';
import { SIGN_UP_ADDRESS, TOO_MANY_SIGN_UPS, takeAll, throttleKey } from '../../commands/throttle.ts';
import { parse, unauthorized } from '../../lib/errors.ts';
import { clearRefreshCookie, clientInfo, refreshTokenOf, sendSession } from './cookie.ts';
import { MAX_PASSWORD_LENGTH, emailField, newPasswordField, requiredText } from './fields.ts';

const signUpBody = z.object({
  companyName: requiredText('Company name', 200),
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  email: emailField,
  password: newPasswordField,
});

const logInBody = z.object({
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .toLowerCase()
    .min(1, 'Email is required.')
    .max(254, 'Email is too long.'),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`),
  /** Absent or empty: the answer says whether a code is required. */
  totp: z
    .union([z.string().max(16, 'The authenticator code is not valid.'), z.number().int().nonnegative()])
    .nullish()
    .transform((value) =>
      typeof value === 'number' ? String(value).padStart(6, '0') : (value ?? '').trim(),
    ),
  /** With a temporary password: the user's own new password (absent: the answer asks for one). */
  newPassword: newPasswordField.optional(),
});

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { database, tokens } = app.services;

  app.post(
    '/signup',
    {
      schema: { summary: 'Sign up a new company with its first user (an admin)', body: signUpBody },
      config: { public: true },
    },
    async (request, reply) => {
      const input = parse(signUpBody, request.body);
      // Counted before the email is looked up, so the 409 of a taken email cannot be probed freely.
      await takeAll(
        database.db,
        [
          {
            key: throttleKey('signup', request.ip),
            limit: { ...SIGN_UP_ADDRESS, max: app.services.config.signUpsPerAddressPerHour },
          },
        ],
        TOO_MANY_SIGN_UPS,
      );
      const { account, session } = await signUp(app.services, input, clientInfo(request), request.log);
      return sendSession(reply, account, session, 201);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in with email and password (and an authenticator code when on)',
        body: logInBody,
      },
      config: { public: true },
    },
    async (request, reply) => {
      const input = parse(logInBody, request.body);
      const result = await logIn(database.db, tokens, input, clientInfo(request));
      if (result.kind === 'totpRequired') return { totpRequired: true };
      if (result.kind === 'newPasswordRequired') return { newPasswordRequired: true };
      return sendSession(reply, result.account, result.session);
    },
  );

  /**
   * Without a refresh cookie there is nothing to refresh: the visitor is simply signed out, which the
   * web app asks on every public page, so it answers 204 (not 401, which browsers log as an error).
   * A cookie that is presented but refused (expired, revoked, replayed) is still a 401.
   */
  app.post(
    '/refresh',
    {
      schema: { summary: 'A new access token from the refresh cookie (204 without one)' },
      config: { public: true },
    },
    async (request, reply) => {
      const token = refreshTokenOf(request);
      if (!token) return reply.status(204).send();
      const rotated = await rotateSession(database.db, tokens, token, clientInfo(request));
      if (!rotated) {
        clearRefreshCookie(reply);
        throw unauthorized();
      }
      return sendSession(reply, rotated.account, rotated.session);
    },
  );

  app.post(
    '/logout',
    { schema: { summary: 'Sign out: end the session of the refresh cookie' }, config: { public: true } },
    async (request, reply) => {
      const token = refreshTokenOf(request);
      if (token) await revokeSession(database.db, token);
      clearRefreshCookie(reply);
      return reply.status(204).send();
    },
  );
}
