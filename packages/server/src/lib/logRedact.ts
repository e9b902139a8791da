/**
 * What the logs may hold. A database error carries the statement's parameters (Drizzle puts them in
 * its message and in `params`; PGlite's error in `params` too) and PostgreSQL's `detail` may quote the
 * whole failing row: a failed sign-up put the new password hash in the log. So errors are logged
 * from an allow-list of fields (type, message without the parameters, stack frames, SQLSTATE code,
 * table, column, constraint, the cause the same way), and fields named like secrets are redacted
 * wherever a log call passes them (pino `redact` in the server, `redactSecrets` in the console worker).
 */

const REDACTED = '[redacted]';

/** Keys whose values never reach a log. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'secret',
  'clientSecret',
  'client_secret',
  'totpSecret',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'authorization',
  'cookie',
  'set-cookie',
  'resetCode',
  'totpCode',
];
const SECRET_KEYS = new Set(SECRET_FIELDS.map((key) => key.toLowerCase()));

/**
 * pino `redact` paths of the server log. A request's headers (authorization, cookies) and secrets a log
 * call passes at the top level or one level down. `code` is redacted only where a body or form puts a
 * TOTP or reset code: an error's `code` is its SQLSTATE or Fastify code, and is wanted.
 */
export const LOG_REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'body.code',
  '*.body.code',
  'code',
  'mail.text',
  'mail.html',
  ...SECRET_FIELDS.filter((key) => /^\w+$/.test(key)).flatMap((key) => [key, `*.${key}`]),
];

/**
 * Drizzle's "params: …" tail, a PostgreSQL message's quoted value (`invalid input syntax …: "x"`),
 * password hashes and secrets in URL queries.
 */
function scrubText(text: string): string {
  return (
    text
      .replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`)
      .replace(/(: )"[^"\n]*"$/, `$1"${REDACTED}"`)
      .replace(/\$argon2[a-z]*\$[^\s,"'\]]*/gi, REDACTED)
      // Keys and tokens in a URL's query (a provider's api_key, the hub's access_token).
      .replace(/([?&](?:api_key|apikey|key|access_token|token|secret|password)=)[^&\s"']+/gi, `$1${REDACTED}`)
  );
}

/** Fields of an error (pg, PGlite, Fastify, Node) that say what failed without the data it failed on. */
const SAFE_ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'statusCode',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** The pino `err` serializer: an error as an allow-list of its fields, secrets scrubbed. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!error || typeof error !== 'object') {
    const message = scrubText(String(error));
    return { type: typeof error, message, stack: message };
  }
  const record = error as Record<string, unknown> & { constructor?: { name?: string } };
  const type =
    (typeof record.name === 'string' && record.name !== 'Error' ? record.name : undefined) ??
    record.constructor?.name ??
    'Error';
  const rawMessage = typeof record.message === 'string' ? record.message : '';
  const message = scrubText(rawMessage);
  // The stack starts with the message (and so with the parameters): keep only its frames.
  const stack = typeof record.stack === 'string' ? record.stack : '';
  const frames = stack.indexOf('\n    at ');
  const out: SerializedError = {
    type,
    message,
    stack: `${type}: ${message}${frames >= 0 ? stack.slice(frames) : ''}`,
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (depth < 4) {
    if (record.cause !== undefined) out.cause = serializeError(record.cause, depth + 1);
    if (Array.isArray(record.errors)) {
      out.errors = record.errors.slice(0, 10).map((item) => serializeError(item, depth + 1));
    }
  }
  return out;
}

/**
 * A copy of a value to log with secret-named fields redacted and errors serialized as above (the
 * console logger of `sunfield worker`, which has no pino to do it).
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return serializeError(value);
  if (typeof value === 'string') return scrubText(value);
  if (!value || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) ? REDACTED : redactSecrets(item, depth + 1);
  }
  return out;
}
