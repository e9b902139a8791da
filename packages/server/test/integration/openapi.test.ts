import { Validator } from '@seriousme/openapi-schema-validator';
import { expect, it } from 'vitest';
import { apiRoutes } from '../../src/routes/index.ts';
import { setMaintenanceMode } from '../../src/models/systemSettings.ts';
import { call, describeEachDatabase } from './harness.ts';
import { signUpUser } from './factories.ts';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}

interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  security: Record<string, string[]>[];
  components: { securitySchemes: Record<string, Record<string, unknown>> };
}

/** Fastify's `:id` placeholders as OpenAPI's `{id}`. */
const openApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

/**
 * Issue 16, API description: `GET /api/openapi.json` is an OpenAPI 3.1 document of every route the
 * app registered (found through `apiRoutes`, so a route added later is checked too), with the
 * client-credentials flow, and `/api/docs` shows it; both public and open in maintenance mode.
 */
describeEachDatabase('OpenAPI document and API reference', (ctx) => {
  const fetchDocument = async (): Promise<Document> => {
    const res = await call(ctx().app, { method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json() as Document;
  };

  it('lists every registered API route with a summary and a tag', async () => {
    const doc = await fetchDocument();
    const routes = apiRoutes.get(ctx().app.services) ?? [];
    expect(routes.length).toBeGreaterThan(150);
    const missing: string[] = [];
    const undocumented: string[] = [];
    for (const route of routes) {
      // Fastify adds a HEAD route beside each GET; the GET's operation describes both.
      const method = route.method === 'HEAD' ? 'get' : route.method.toLowerCase();
      const operation = doc.paths[openApiPath(route.url)]?.[method];
      if (!operation) missing.push(`${route.method} ${route.url}`);
      else if (!operation.summary || !operation.tags?.length)
        undocumented.push(`${route.method} ${route.url}`);
    }
    expect(missing).toEqual([]);
    expect(undocumented).toEqual([]);
    // Only API routes: not the realtime hub, the map data, the web app's config or the docs' own pages.
    for (const path of Object.keys(doc.paths)) expect(path).toMatch(/^\/api\//);
    expect(doc.paths['/api/docs']).toBeUndefined();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes the client credentials flow and bearer tokens; public routes need neither', async () => {
    const doc = await fetchDocument();
    expect(doc.components.securitySchemes.clientCredentials).toMatchObject({
      type: 'oauth2',
      flows: { clientCredentials: { tokenUrl: '/api/oauth2/token', scopes: {} } },
    });
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ clientCredentials: [] }, { bearerAuth: [] }]);
    const token = doc.paths['/api/oauth2/token']?.post;
    expect(token?.security).toEqual([]);
    expect(Object.keys(token?.requestBody?.content ?? {})).toContain('application/x-www-form-urlencoded');
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
    // A signed-in route takes the document's default: either scheme.
    expect(doc.paths['/api/Project']?.get?.security).toBeUndefined();
  });

  it('documents the inputs of routes from the zod schemas their handlers parse with', async () => {
    const doc = await fetchDocument();
    const create = doc.paths['/api/Project']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(create?.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'latitude', 'longitude']),
    );
    const list = doc.paths['/api/Project']?.get?.parameters ?? [];
    expect(list.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['status', 'search', 'skip', 'top']),
    );
    const prediction = doc.paths['/api/Project/{projectId}/Prediction/{id}']?.get?.parameters ?? [];
    expect(prediction.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['projectId', 'id']);
    const upload = doc.paths['/api/module/ImportPANFile']?.post?.requestBody?.content;
    expect(Object.keys(upload ?? {})).toEqual(['multipart/form-data']);
  });

  it('keeps validation in the handlers: the same 400 answers and no coercion by the schemas', async () => {
    const { token } = await signUpUser(ctx().app);
    const res = await call(ctx().app, {
      method: 'POST',
      url: '/api/Project',
      token,
      payload: { name: '', latitude: 'north', longitude: 200 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; modelState: Record<string, string[]> };
    expect(body.message).toBe('The request is invalid.');
    expect(Object.keys(body.modelState).sort()).toEqual(['latitude', 'longitude', 'name']);
    const page = await call(ctx().app, { method: 'GET', url: '/api/Project?top=abc', token });
    expect(page.statusCode).toBe(400);
    expect(Object.keys((page.json() as { modelState: object }).modelState)).toEqual(['top']);
  });

  it('serves the document and the reference page without a token, also in maintenance mode', async () => {
    const { app } = ctx();
    await setMaintenanceMode(app.services.database.db, { maintenanceMode: true, message: null });
    try {
      const gated = await call(app, { method: 'GET', url: '/api/definitions' });
      expect(gated.statusCode).toBe(503);
      const doc = await call(app, { method: 'GET', url: '/api/openapi.json' });
      expect(doc.statusCode).toBe(200);
      const page = await call(app, { method: 'GET', url: '/api/docs/' });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      // The page loads its scripts from the server (no CDN), under the app's own policy.
      expect(page.body).toContain('swagger-ui-bundle.js');
      expect(page.body).not.toMatch(/https?:\/\//);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      const initializer = await call(app, { method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
      expect(initializer.statusCode).toBe(200);
      const bundle = await call(app, { method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
      expect(bundle.statusCode).toBe(200);
    } finally {
      await setMaintenanceMode(app.services.database.db, { maintenanceMode: false, message: null });
    }
  });
});
