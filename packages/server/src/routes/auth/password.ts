/**
 * Forgot password: request a code by email, then submit it with the new password (public routes).
 * Requests are limited per address and per email (whether or not the account exists, so the 429
 * tells nothing about it), submissions per address.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestPasswordReset, submitPasswordReset } from '../../commands/passwordReset.ts';
import {
  RESET_ADDRESS,
  RESET_EMAIL,
  RESET_SUBMIT_ADDRESS,
  TOO_MANY_RESETS,
  takeAll,
  throttleKey,
} from '../../commands/throttle.ts';
import { parse } from '../../lib/errors.ts';
import { announceRevocation } from '../../realtime/publish.ts';
import { codeField, emailField, newPasswordField } from './fields.ts';

const requestBody = z.object({ email: emailField });
const submitBody = z.object({ email: emailField, code: codeField(), password: newPasswordField });

export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/forgot-password',
    { schema: { summary: 'Email a password reset code', body: requestBody }, config: { public: true } },
    async (request) => {
      const { email } = parse(requestBody, request.body);
      const db = app.services.database.db;
      await takeAll(
        db,
        [
          { key: throttleKey('reset-ip', request.ip), limit: RESET_ADDRESS },
          { key: throttleKey('reset-email', email), limit: RESET_EMAIL },
        ],
        TOO_MANY_RESETS,
      );
      // Same answer whether or not the account exists (no account enumeration).
      await requestPasswordReset(app.services, email, request.log);
      return { result: 'Success' };
    },
  );

  app.post(
    '/forgot-password/submit',
    {
      schema: { summary: 'Set a new password with the emailed code', body: submitBody },
      config: { public: true },
    },
    async (request) => {
      const { email, code, password } = parse(submitBody, request.body);
      await takeAll(
        app.services.database.db,
        [{ key: throttleKey('reset-submit-ip', request.ip), limit: RESET_SUBMIT_ADDRESS }],
        TOO_MANY_RESETS,
      );
      const userId = await submitPasswordReset(app.services.database.db, email, code, password);
      // Its hub sockets close now on every API process, not when their token expires.
      await announceRevocation(app.services.database, userId);
      return { result: 'Success' };
    },
  );
}
