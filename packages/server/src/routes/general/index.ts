/**
 * General calls (spec 2 §7.2): system version and maintenance mode, the health check, the country list, the contact
 * form, global notifications, and the agreements with their login notifications (agreements.ts). The
 * maintenance gate itself is installed by routes/index.ts
 * (see maintenanceGate.ts), since it must cover every API route.
 */
import type { FastifyInstance } from 'fastify';
import { countries } from '../../lib/geo.ts';
import { registerAgreementRoutes } from './agreements.ts';
import { registerContactRoutes } from './contact.ts';
import { registerHealthRoute } from './health.ts';
import { registerNotificationRoutes } from './notifications.ts';
import { registerSystemRoutes } from './system.ts';

export async function generalRoutes(app: FastifyInstance): Promise<void> {
  registerSystemRoutes(app);
  registerHealthRoute(app);

  /** ISO 3166-1 countries and territories `{name, code}`, sorted by name (offline, country-coder). */
  app.get(
    '/country',
    { schema: { summary: 'ISO 3166-1 countries and territories' }, config: { public: true } },
    async () => countries(),
  );

  registerContactRoutes(app);
  registerNotificationRoutes(app);
  registerAgreementRoutes(app);
}
