/**
 * Workers log through Fastify's logger inside `sunfield serve`, and through a console logger in
 * `sunfield worker`, which hands over only an `info(message)` function. That one redacts as the
 * server's logger does (lib/logRedact.ts): no SQL parameters, no secret-named fields.
 */
import type { FastifyBaseLogger } from 'fastify';
import { redactSecrets } from '../lib/logRedact.ts';

export type WorkerLogInput = Pick<FastifyBaseLogger, 'info'> & Partial<FastifyBaseLogger>;

export function workerLogger(log: WorkerLogInput): FastifyBaseLogger {
  if (typeof log.child === 'function' && typeof log.error === 'function') return log as FastifyBaseLogger;
  const write =
    (level: string) =>
    (first: unknown, second?: unknown): void => {
      const text =
        typeof first === 'string'
          ? first
          : typeof second === 'string'
            ? `${second} ${describe(first)}`
            : describe(first);
      if (level === 'error' || level === 'warn' || level === 'fatal') console.error(`[${level}] ${text}`);
      else log.info(text);
    };
  const noop = (): void => {};
  const logger: Record<string, unknown> = {
    level: 'info',
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: noop,
    trace: noop,
    silent: noop,
  };
  logger.child = () => logger;
  return logger as unknown as FastifyBaseLogger;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(redactSecrets(value));
  } catch {
    return String(value);
  }
}
