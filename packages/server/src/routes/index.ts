/** Every API route, registered under /api. One folder per resource (spec 2 §7). */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Services } from '../app.ts';
import { ashraeRoutes } from './ashrae/index.ts';
import { authRoutes } from './auth/index.ts';
import { definitionsRoutes } from './definitions/index.ts';
import { generalRoutes } from './general/index.ts';
import { registerMaintenanceGate } from './general/maintenanceGate.ts';
import { geoRoutes } from './geo/index.ts';
import { oauthRoutes } from './oauth/index.ts';
import { projectRoutes } from './project/index.ts';
import { predictionRoutes } from './prediction/index.ts';
import { predictionLogRoutes } from './predictionLog/index.ts';
import { userRoutes } from './user/index.ts';
import { reassignRoutes } from './user/reassign.ts';
import { moduleRoutes } from './module/index.ts';
import { inverterRoutes } from './inverter/index.ts';
import { weatherRoutes } from './weather/index.ts';
import { companyRoutes } from './company/index.ts';
import { companyUserRoutes } from './company/users.ts';
import { companyAccountRoutes, promotionCodeRoutes } from './company/accounts.ts';
import { billingRoutes } from './company/billing.ts';
import { companySsoRoutes } from './company/sso.ts';

export interface RouteEntry {
  method: string;
  /** The full path with the /api prefix and Fastify's `:param` placeholders. */
  url: string;
}

/**
 * Every API route of an app as registered, keyed by the app's services: the security fuzz suite
 * walks it so that a route added later is fuzzed without anyone listing it.
 */
export const apiRoutes = new WeakMap<Services, RouteEntry[]>();

/**
 * A resource plugin whose routes get the resource's tag in the OpenAPI document (lib/openapi.ts)
 * unless a route names its own.
 */
function tagged(tag: string, plugin: FastifyPluginAsync): FastifyPluginAsync {
  return async (app, options) => {
    app.addHook('onRoute', (route) => {
      if (route.schema?.tags) return;
      route.schema = { ...route.schema, tags: [tag] };
    });
    await plugin(app, options);
  };
}

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  const routes: RouteEntry[] = [];
  apiRoutes.set(app.services, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url ?? route.path });
  });
  // First, so that the hook covers every route registered below.
  registerMaintenanceGate(app);
  await app.register(tagged('auth', authRoutes), { prefix: '/auth' });
  await app.register(tagged('user', userRoutes), { prefix: '/user' });
  await app.register(tagged('oauth', oauthRoutes), { prefix: '/oauth2' });
  await app.register(tagged('general', generalRoutes));
  await app.register(tagged('definitions', definitionsRoutes));
  await app.register(tagged('project', projectRoutes));
  await app.register(tagged('prediction', predictionRoutes));
  await app.register(tagged('predictionLog', predictionLogRoutes));
  await app.register(tagged('geo', geoRoutes));
  await app.register(tagged('ashrae', ashraeRoutes));
  await app.register(tagged('module', moduleRoutes), { prefix: '/module' });
  await app.register(tagged('inverter', inverterRoutes), { prefix: '/inverter' });
  await app.register(tagged('weather', weatherRoutes), { prefix: '/weather' });
  await app.register(tagged('company', companyRoutes), { prefix: '/company' });
  await app.register(tagged('company', companyUserRoutes), { prefix: '/company' });
  await app.register(tagged('company', companyAccountRoutes), { prefix: '/company' });
  await app.register(tagged('company', promotionCodeRoutes));
  await app.register(tagged('company', billingRoutes));
  await app.register(tagged('company', companySsoRoutes), { prefix: '/company' });
  await app.register(tagged('user', reassignRoutes), { prefix: '/users' });
}
