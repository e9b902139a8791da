/** /api/auth: the account and sign-in routes. */
import type { FastifyInstance } from 'fastify';
import { passwordRoutes } from './password.ts';
import { sessionRoutes } from './session.ts';
import { ssoRoutes } from './sso.ts';
import { totpRoutes } from './totp.ts';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  await app.register(sessionRoutes);
  await app.register(passwordRoutes);
  await app.register(totpRoutes);
  await app.register(ssoRoutes);
}
