/**
 * Request logs a company can afford (issue 18): Fastify writes two lines per request (incoming and
 * completed, ~420 bytes, 20-30 % of a cheap request's CPU in PostgreSQL mode). Here each request is
 * one line when it completes, with the request's method, path and address, the status and the
 * time; and with LOG_REQUEST_SAMPLE=N only one of every N successful, fast requests is written,
 * while every error (status 400 and up, or an exception) and every request slower than
 * LOG_REQUEST_SLOW_MS (default 1,000 ms) still is. The default logs every request.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export interface RequestLogOptions {
  /** No request lines at all (warnings and errors of the app still go out). */
  disabled: boolean;
  /** Write one of every `sample` successful, fast requests (1: all). */
  sample?: number;
  /** A request at least this slow is always written [ms]. */
  slowMs?: number;
}

/** The options from LOG_REQUEST_SAMPLE and LOG_REQUEST_SLOW_MS. */
export function requestLogOptions(
  disabled: boolean,
  env: NodeJS.ProcessEnv = process.env,
): RequestLogOptions {
  const sample = Math.floor(Number(env.LOG_REQUEST_SAMPLE ?? 1));
  const slowMs = Number(env.LOG_REQUEST_SLOW_MS ?? 1000);
  return {
    disabled,
    sample: Number.isFinite(sample) && sample >= 1 ? sample : 1,
    slowMs: Number.isFinite(slowMs) && slowMs >= 0 ? slowMs : 1000,
  };
}

export class RequestLog extends LogController {
  private readonly sample: number;
  private readonly slowMs: number;
  private seen = 0;

  constructor(options: RequestLogOptions) {
    super({ disableRequestLogging: options.disabled });
    this.sample = options.sample ?? 1;
    this.slowMs = options.slowMs ?? 1000;
  }

  /** Nothing on arrival: the completion line says it all. */
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    const notable = reply.statusCode >= 400 || responseTime >= this.slowMs;
    if (!notable && this.sample > 1 && this.seen++ % this.sample !== 0) return;
    reply.log.info({ req: request, res: reply, responseTime }, 'request completed');
  }
}
