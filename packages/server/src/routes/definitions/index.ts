/**
 * `GET /definitions[?type=Enum]`: the enumerations (spec 2 §7.2, spec 4 §1), public and cacheable.
 * The web app keeps them for 15 minutes (spec 2 §9.1); the header lets browsers and proxies do the same.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { definitionsCatalog, findDefinition } from '@sunfield/domain';
import { parse } from '../../lib/errors.ts';

export const DEFINITIONS_CACHE_CONTROL = 'public, max-age=900';

export const querySchema = z.object({
  type: z.string({ error: 'type must be text.' }).trim().max(100, { error: 'type is too long.' }).optional(),
});

export async function definitionsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/definitions',
    {
      schema: { summary: 'The enumerations, or one of them by type', querystring: querySchema },
      config: { public: true },
    },
    async (request, reply) => {
      const { type } = parse(querySchema, request.query);
      reply.header('Cache-Control', DEFINITIONS_CACHE_CONTROL);
      if (!type) return definitionsCatalog();
      // An unknown type answers an empty list, as a filter that matches nothing.
      const definition = findDefinition(type);
      return definition ? [definition] : [];
    },
  );
}
