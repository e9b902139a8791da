/** Forgot password: request a code by email, then submit it with the new password (public routes). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestPasswordReset, submitPasswordReset } from '../../commands/passwordReset.ts';
import { parse } from '../../lib/errors.ts';
import { codeField, emailField, newPasswordField } from './fields.ts';

const requestBody = z.object({ email: emailField });
const submitBody = z.object({ email: emailField, code: codeField(), password: newPasswordField });

export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  app.post('/forgot-password', { config: { public: true } }, async (request) => {
    const { email } = parse(requestBody, request.body);
    // Same answer whether or not the account exists (no account enumeration).
    await requestPasswordReset(app.services, email, request.log);
    return { result: 'Success' };
  });

  app.post('/forgot-password/submit', { config: { public: true } }, async (request) => {
    const { email, code, password } = parse(submitBody, request.body);
    await submitPasswordReset(app.services.database.db, email, code, password);
    return { result: 'Success' };
  });
}
