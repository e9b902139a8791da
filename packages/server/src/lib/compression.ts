/**
 * Compressed JSON answers (issue 18). A 100-DC-field plant is ~510 kB of JSON and gzips to a few
 * per cent of that; at 50 connections the server was sending ~600 MB/s over loopback, so the bytes,
 * not the database, were the limit.
 *
 * - JSON answers (`application/json`, `application/*+json`) of at least {@link COMPRESS_THRESHOLD}
 *   bytes are compressed for clients that ask (`Accept-Encoding`, RFC 9110 §12.5.3), by
 *   @fastify/compress (the Fastify team's plugin: it negotiates the encoding, leaves an answer that
 *   already has a `Content-Encoding` alone, and compresses large bodies as a stream on zlib's thread
 *   pool). A client that does not ask, or asks `x-no-compression`, gets the identity bytes.
 * - Every JSON answer carries `Vary: Accept-Encoding` (RFC 9110 §12.5.5), compressed or not.
 * - Nothing else is compressed: workbooks, PDFs, zip and CSV downloads, the web app's files and any
 *   answer with a `Content-Disposition` (the project and equipment exports are JSON files) keep their
 *   bytes and headers, so a client that saves the raw bytes of a download (requests' `response.raw`)
 *   gets the file. The plugin would also compress every type that mime-db calls compressible
 *   (text/csv among them); the hook below vetoes those answers with the plugin's own per-request
 *   switch, `x-no-compression`, set on the request before the plugin's onSend runs (route hooks run
 *   after the app's). The realtime hub's WebSocket has no HTTP answer to compress. Request bodies are
 *   not decompressed (no new way in for a decompression bomb).
 * - Encodings: brotli (RFC 7932) at quality 4, then gzip (RFC 1952) at zlib's default level 6.
 *   Measured on the bench's answers (one core, load ~12, so only the ratios hold): the 513 kB plant
 *   takes ~3 ms to 3.1 kB with brotli 4, ~6 ms to 6.9 kB with gzip 6; a 16 kB list page 0.05 ms either
 *   way, to ~0.8 and ~0.95 kB. Brotli at a low quality is cheap, so a browser (which asks both) gets it;
 *   Python requests asks `gzip, deflate` and gets gzip. Bodies up to 8 kB are compressed inline, larger
 *   ones as a stream on zlib's thread pool (the plugin's default on two cores).
 * - Kept answers (lib/pageCache.ts, presenters/powerPlantCache.ts) are sent as their kept gzip copy,
 *   made once on zlib's thread pool, so a cached read costs no compression per request.
 */
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gzipOf, JSON_TYPE, type CachedPage } from './pageCache.ts';

/** Smaller answers are sent as they are [bytes]: a TCP segment holds them, gzip saves nothing. */
export const COMPRESS_THRESHOLD = 1024;

/** `application/json` and the `+json` types (RFC 6839 §3.1), with or without parameters. */
const JSON_TYPES = /^application\/(?:[\w.-]+\+)?json(?:\s*;|$)/i;

/** Brotli's quality for answers compressed per request: 4 of 11, the plugin's recommended default. */
const BROTLI_QUALITY = 4;

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const values = (Array.isArray(vary) ? vary : [String(vary)]).join(', ');
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(values))
    reply.header('vary', `${values}, accept-encoding`);
}

/** Compression of the app's JSON answers (see the top of this file); before any route registers. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    // A function, not the RegExp: the plugin tests `instanceof RegExp`, which fails for a RegExp made
    // in another realm (the test runner's) and then falls back to its default types (text/csv too).
    customTypes: (type: string) => JSON_TYPES.test(type),
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && JSON_TYPES.test(type) && !reply.hasHeader('content-disposition')) {
      if (payload != null) addVary(reply);
    } else {
      request.raw.headers['x-no-compression'] = 'not a JSON answer';
    }
    return payload;
  });
}

/** Whether the client takes gzip (`Accept-Encoding` lists gzip or `*` with a non-zero q). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return false;
  return negotiate(header, ['gzip']) === 'gzip';
}

/**
 * Sends a JSON answer: to a client that takes gzip, the kept gzip copy of a kept answer
 * (lib/pageCache.ts {@link gzipOf}) with `Content-Encoding: gzip`, which the compression hook then
 * leaves alone (also for a client that prefers brotli: the kept copy costs nothing); otherwise the
 * body, which the hook compresses if the client asks.
 */
export async function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage<string | Buffer>,
): Promise<FastifyReply> {
  reply.type(JSON_TYPE);
  // A string's length never exceeds its UTF-8 size: a longer one is over the threshold in bytes too.
  if (page.body.length >= COMPRESS_THRESHOLD && acceptsGzip(request)) {
    const copy = await gzipOf(page)?.catch((error: unknown) => {
      request.log.warn({ err: error }, 'gzip copy of a kept answer failed; sent as it is');
      return undefined;
    });
    if (copy) return reply.header('content-encoding', 'gzip').send(copy);
  }
  return reply.send(page.body);
}
