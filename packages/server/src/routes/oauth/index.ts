/**
 * POST /api/oauth2/token: the OAuth 2.0 client credentials grant (RFC 6749 §4.4) that scripts written
 * for the commercial API use (spec 4 §1). The client id and secret may come as form fields, JSON,
 * query parameters or HTTP Basic (RFC 6749 §2.3.1). Errors use the RFC's `{error}` shape.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { issueClientToken, type ClientCredentials } from '../../commands/apiClients.ts';

type Fields = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 500 ? value : undefined;

/** Basic credentials are form-urlencoded before base64 (RFC 6749 §2.3.1). */
function basicCredentials(request: FastifyRequest): ClientCredentials | undefined {
  const header = request.headers.authorization;
  if (!header || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const unescape = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return value;
    }
  };
  return { clientId: unescape(decoded.slice(0, colon)), clientSecret: unescape(decoded.slice(colon + 1)) };
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  return reply.status(status).send({ error, error_description: description });
}

const credentialText = { type: 'string', minLength: 1, maxLength: 500 };

/** For the API description only (lib/openapi.ts): the handler reads the fields itself, as above. */
const TOKEN_SCHEMA = {
  summary: 'Exchange client credentials for a bearer token (OAuth 2.0 client credentials grant)',
  consumes: ['application/x-www-form-urlencoded', 'application/json'],
  body: {
    type: 'object',
    properties: {
      grant_type: { type: 'string', enum: ['client_credentials'] },
      client_id: { ...credentialText, description: 'Or the user name of HTTP Basic.' },
      client_secret: { ...credentialText, description: 'Or the password of HTTP Basic.' },
    },
    required: ['grant_type'],
  },
  response: {
    200: {
      description: 'A bearer token for the Authorization header.',
      type: 'object',
      properties: {
        access_token: { type: 'string' },
        token_type: { type: 'string', const: 'Bearer' },
        expires_in: { type: 'integer', description: 'Seconds until the token expires.' },
      },
      required: ['access_token', 'token_type', 'expires_in'],
    },
    '4xx': {
      description: 'invalid_request, unsupported_grant_type (400) or invalid_client (401), RFC 6749 §5.2.',
      type: 'object',
      properties: { error: { type: 'string' }, error_description: { type: 'string' } },
      required: ['error'],
    },
  },
};

export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  app.post('/token', { config: { public: true }, schema: TOKEN_SCHEMA }, async (request, reply) => {
    const body: Fields = request.body && typeof request.body === 'object' ? (request.body as Fields) : {};
    const query = (request.query ?? {}) as Fields;
    const field = (name: string) => text(body[name]) ?? text(query[name]);

    const grantType = field('grant_type');
    if (!grantType) return oauthError(reply, 400, 'invalid_request', 'grant_type is required.');
    if (grantType !== 'client_credentials') {
      return oauthError(reply, 400, 'unsupported_grant_type', 'Only client_credentials is supported.');
    }
    const basic = basicCredentials(request);
    const clientId = basic?.clientId ?? field('client_id');
    const clientSecret = basic?.clientSecret ?? field('client_secret');
    const token =
      clientId && clientSecret
        ? await issueClientToken(app.services.database.db, app.services.tokens, { clientId, clientSecret })
        : null;
    if (!token) {
      if (basic) reply.header('www-authenticate', 'Basic realm="Sunfield"');
      return oauthError(reply, 401, 'invalid_client', 'The client id or secret is not valid.');
    }
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return token;
  });
}
