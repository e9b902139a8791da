/**
 * lib/compression.ts on a bare Fastify app: JSON answers over the threshold are compressed for
 * clients that ask, with Vary; downloads of every kind the API sends (a workbook, a CSV stream, PDF,
 * zip and octet-stream bytes, a JSON file with a Content-Disposition) keep their bytes and headers,
 * whatever the client asks; small answers and answers to clients that do not ask go as they are.
 */
import { PassThrough } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from '../../src/lib/compression.ts';

const big = (c: string) => c.repeat(20_000);
const JSON_BODY = JSON.stringify({
  items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })),
});

const DOWNLOADS: { url: string; type: string }[] = [
  { url: '/xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  { url: '/csv', type: 'text/csv; charset=utf-8' },
  { url: '/pdf', type: 'application/pdf' },
  { url: '/zip', type: 'application/zip' },
  { url: '/bytes', type: 'application/octet-stream' },
  { url: '/json-file', type: 'application/json; charset=utf-8' },
];

describe('compression of answers', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await registerCompression(app);
    app.get('/json', async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(JSON_BODY),
    );
    app.get('/geo', async (_request, reply) => reply.type('application/geo+json').send(JSON_BODY));
    app.get('/small', async () => ({ ok: true }));
    app.get('/xlsx', async (_request, reply) =>
      reply
        .type(DOWNLOADS[0]!.type)
        .header('content-disposition', 'attachment; filename="a.xlsx"')
        .send(Buffer.from(big('x'))),
    );
    app.get('/csv', async (_request, reply) => {
      const stream = new PassThrough();
      stream.end(big('a,b\n'));
      return reply
        .type(DOWNLOADS[1]!.type)
        .header('content-disposition', 'attachment; filename="a.csv"')
        .send(stream);
    });
    app.get('/pdf', async (_request, reply) => reply.type(DOWNLOADS[2]!.type).send(Buffer.from(big('p'))));
    app.get('/zip', async (_request, reply) => reply.type(DOWNLOADS[3]!.type).send(Buffer.from(big('z'))));
    app.get('/bytes', async (_request, reply) => reply.type(DOWNLOADS[4]!.type).send(Buffer.from(big('b'))));
    app.get('/json-file', async (_request, reply) =>
      reply
        .type(DOWNLOADS[5]!.type)
        .header('content-disposition', 'attachment; filename="module.json"')
        .send(JSON_BODY),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('compresses JSON answers for clients that ask, gzip or brotli, with Vary', async () => {
    for (const url of ['/json', '/geo']) {
      const gzip = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.headers.vary).toBe('accept-encoding');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(JSON_BODY);
      const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JSON_BODY);
      const identity = await app.inject({ url });
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.headers.vary).toBe('accept-encoding');
      expect(identity.body).toBe(JSON_BODY);
    }
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('leaves downloads as they are, whatever the client asks', async () => {
    for (const { url, type } of DOWNLOADS) {
      const identity = await app.inject({ url });
      for (const encoding of ['gzip', 'gzip, deflate, br', '*']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${encoding}`).toBeUndefined();
        expect(res.headers.vary, url).toBeUndefined();
        expect(res.headers['content-type']).toBe(type);
        expect(res.rawPayload.equals(identity.rawPayload)).toBe(true);
      }
    }
  });
});
