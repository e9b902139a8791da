/**
 * The API description (issue 16): an OpenAPI 3.1 document built by @fastify/swagger from the schemas
 * the routes declare, served at `GET /api/openapi.json` and browsable at `/api/docs` (Swagger UI).
 *
 * Routes declare `schema: { summary, body, querystring, params }` with the same zod schemas their
 * handlers parse with, and each resource plugin gets its tag from routes/index.ts. The schemas are
 * documentation only: the handlers keep parsing their input themselves, because their 400 answers
 * (`{message, modelState: {field: [reasons]}}`, spec 2 §8) and the JSON they return are the API's
 * contract, which Fastify's own validation (Ajv errors, type coercion) and response serialisation
 * (fields not in the schema dropped) would change. So the /api routes get a validator that accepts
 * everything and a serializer that is plain JSON.stringify.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { z } from 'zod';
import { API_VERSION, readVersion } from '../routes/general/system.ts';

/** Where the document and the reference page are served (both public, outside the maintenance gate). */
export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
export const TOKEN_URL = '/api/oauth2/token';

/** Names of the two ways to authenticate, as listed under `components.securitySchemes`. */
export const SECURITY = { clientCredentials: 'clientCredentials', bearer: 'bearerAuth' } as const;

const DESCRIPTION = `The Sunfield API: the paths and JSON names of the public API of the product Sunfield rebuilds, so that
scripts written for it work by changing the base URL. Paths match case-insensitively.

Scripts authenticate with the OAuth 2.0 client credentials grant: generate a client id and secret under
your profile (or \`POST /api/User/{id}/Secret\`), exchange them at \`POST ${TOKEN_URL}\` (form fields,
JSON or HTTP Basic) for a bearer token, and send it as \`Authorization: Bearer <token>\`. The web app
signs in at \`/api/auth/login\` and uses the same bearer header.

Invalid input answers 400 with \`{message, modelState: {field: [reasons]}}\`; a row of another company
answers 404.`;

const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Sign-in of the web app: password, session refresh, TOTP.',
  oauth: 'OAuth 2.0 client credentials grant for scripts.',
  user: 'Users of the caller’s company, profiles, client secrets, job queue.',
  general: 'System version, maintenance mode, health, countries, contact form, notifications.',
  definitions: 'Enum catalog.',
  project: 'Projects: list, read, create, update, delete, search, status, transfer.',
  prediction: 'Predictions, their power plants, runs and results, exports.',
  predictionLog: 'The log of prediction runs.',
  geo: 'Time zone, elevation and country of a location.',
  ashrae: 'Site design temperatures from the weather library.',
  module: 'PV module library: modules, PAN files, module file generation.',
  inverter: 'Inverter library: inverters and OND files.',
  weather: 'Weather library: uploads, downloads from providers, analysis, assets.',
  company: 'Companies (super admins) and the caller’s company settings.',
};

/** The JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of a zod schema's input; anything else as is. */
export function toJsonSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return schema;
  // io 'input': what a client sends (before defaults and transforms); refinements and transforms
  // that JSON Schema cannot say become "any" instead of failing the whole document.
  const json = z.toJSONSchema(schema as z.ZodType, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/**
 * The documented body of an upload route: multipart/form-data with the file in the field `file`
 * (commands/equipmentUpload.ts, routes/weather/upload.ts); `fields` names further form fields.
 */
export function fileUpload(
  description: string,
  fields: Record<string, string> = {},
): { consumes: string[]; body: Record<string, unknown> } {
  const properties: Record<string, unknown> = { file: { type: 'string', format: 'binary', description } };
  for (const [name, text] of Object.entries(fields)) properties[name] = { type: 'string', description: text };
  return { consumes: ['multipart/form-data'], body: { type: 'object', properties, required: ['file'] } };
}

const SCHEMA_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

interface TransformInput {
  schema: Record<string, unknown> | undefined;
  url: string;
  route: RouteOptions;
}

/**
 * @fastify/swagger's per-route transform: only /api routes are described; zod schemas become JSON
 * Schema; public routes (`config.public`) need no token, every other one takes either scheme.
 */
export function transformRoute({ schema, url, route }: TransformInput): {
  schema: Record<string, unknown>;
  url: string;
} {
  const source = schema ?? {};
  if (!url.toLowerCase().startsWith('/api/') || source.hide) return { schema: { hide: true }, url };
  const out: Record<string, unknown> = { ...source };
  for (const part of SCHEMA_PARTS) if (source[part] !== undefined) out[part] = toJsonSchema(source[part]);
  if (source.response && typeof source.response === 'object') {
    out.response = Object.fromEntries(
      Object.entries(source.response as Record<string, unknown>).map(([code, value]) => [
        code,
        toJsonSchema(value),
      ]),
    );
  }
  const isPublic = (route.config as { public?: boolean } | undefined)?.public === true;
  if (isPublic && out.security === undefined) out.security = [];
  return { schema: out, url };
}

/**
 * Registers the document builder on the root instance. Call before the /api routes are registered:
 * @fastify/swagger collects routes with an onRoute hook, which sees only routes added after it.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  // Schemas document; the handlers validate (see the top of this file).
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sunfield API',
        version: readVersion(),
        description: DESCRIPTION,
        summary: `Paths and shapes of the PlantPredict API v${API_VERSION}.`,
      },
      // Relative: the document describes whichever host serves it.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          [SECURITY.clientCredentials]: {
            type: 'oauth2',
            description:
              'Client credentials grant (RFC 6749 §4.4): the client id and secret as form fields, JSON or HTTP Basic.',
            flows: { clientCredentials: { tokenUrl: TOKEN_URL, scopes: {} } },
          },
          [SECURITY.bearer]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A token from the client credentials grant or from signing in.',
          },
        },
      },
      security: [{ [SECURITY.clientCredentials]: [] }, { [SECURITY.bearer]: [] }],
      tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    },
    transform: transformRoute as never,
  });
}

/**
 * `GET /api/openapi.json` and the reference page under `/api/docs`, both public. Registered outside
 * the /api routes plugin, so that neither is behind the maintenance gate nor listed in the document.
 */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_JSON_PATH, { config: { public: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
  // Swagger UI's own routes (page, assets, its copy of the document) carry no route config of ours:
  // mark them public for the auth hook.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    // Its assets come from the package (no CDN): the page works offline, under the app's CSP.
    // No online validator badge (an image from validator.swagger.io): the plugin's default.
    uiConfig: {
      deepLinking: true,
      docExpansion: 'list',
      // A box that narrows the ~190 operations to one resource (tag).
      filter: true,
      persistAuthorization: false,
      tryItOutEnabled: false,
    },
  });
}
