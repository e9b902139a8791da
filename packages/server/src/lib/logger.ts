/**
 * The structured log of every Sunfield process: JSON lines from pino, with the level of LOG_LEVEL,
 * errors without SQL parameters and no secrets (lib/logRedact.ts). The API hands these options to
 * Fastify (which builds its pino logger from them); `sunfield worker` builds the same logger itself,
 * so that a company's log collector reads one format from both.
 */
import { pino, type Logger, type LoggerOptions } from 'pino';
import { LOG_REDACT_PATHS, serializeError } from './logRedact.ts';

/**
 * pino's options of every process; `name` tells a worker's lines from the API's (which has none).
 * The API adds its request serializer to `serializers`.
 */
export function logOptions(name?: string): LoggerOptions {
  return {
    ...(name ? { name } : {}),
    level: process.env.LOG_LEVEL ?? 'info',
    // Errors without SQL parameters or failing rows, and no secrets (lib/logRedact.ts).
    serializers: { err: serializeError },
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
  };
}

/** The logger of a process outside the API (`sunfield worker`), to stdout or the given stream. */
export function createLogger(name: string, stream?: { write(line: string): void }): Logger {
  return stream ? pino(logOptions(name), stream) : pino(logOptions(name));
}
