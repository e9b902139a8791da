/** The authenticator second factor of the signed-in user (reachable before the EULA is accepted). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../auth/context.ts';
import { disableTotp, setUpTotp, verifyTotp } from '../../commands/totp.ts';
import { parse } from '../../lib/errors.ts';
import { codeField } from './fields.ts';

const codeBody = z.object({ code: codeField() });

export async function totpRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;

  app.post(
    '/totp/setup',
    {
      schema: { summary: 'Start setting up an authenticator (TOTP) second factor' },
      config: { skipEula: true },
    },
    async (request) => {
      return setUpTotp(db, requireAuth(request).user);
    },
  );

  app.post(
    '/totp/verify',
    {
      schema: { summary: 'Confirm the authenticator with a code and turn it on', body: codeBody },
      config: { skipEula: true },
    },
    async (request) => {
      const { code } = parse(codeBody, request.body);
      return verifyTotp(db, requireAuth(request).user, code);
    },
  );

  app.post(
    '/totp/disable',
    {
      schema: { summary: 'Turn the authenticator off with a code', body: codeBody },
      config: { skipEula: true },
    },
    async (request) => {
      const { code } = parse(codeBody, request.body);
      return disableTotp(db, requireAuth(request).user, code);
    },
  );
}
