/** The authenticator second factor of the signed-in user (reachable before the EULA is accepted). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../auth/context.ts';
import { findAccountById } from '../../commands/accounts.ts';
import { disableTotp, setUpTotp, verifyTotp } from '../../commands/totp.ts';
import { parse, unauthorized } from '../../lib/errors.ts';
import { codeField } from './fields.ts';

const codeBody = z.object({ code: codeField() });

export async function totpRoutes(app: FastifyInstance): Promise<void> {
  const db = app.services.database.db;
  /** The caller's row with its TOTP secret, which the request's account leaves in the database. */
  const caller = async (request: FastifyRequest) => {
    const account = await findAccountById(db, requireAuth(request).user.id);
    if (!account) throw unauthorized();
    return account.user;
  };

  app.post(
    '/totp/setup',
    {
      schema: { summary: 'Start setting up an authenticator (TOTP) second factor' },
      config: { skipEula: true },
    },
    async (request) => {
      return setUpTotp(db, await caller(request));
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
      return verifyTotp(db, await caller(request), code);
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
      return disableTotp(db, await caller(request), code);
    },
  );
}
