/**
 * A local HTTP server (node:http) standing in for a weather provider in tests: it records every
 * request (method, path, query, headers, body) and answers through the handler the test gives, so a
 * test can check that a client sends the documented request and reacts to the documented answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface StubAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
}

export type StubHandler = (request: StubRequest, index: number) => StubAnswer | Promise<StubAnswer>;

export interface StubServer {
  url: string;
  requests: StubRequest[];
  /** Replaces the handler (between tests). */
  handle(handler: StubHandler): void;
  close(): Promise<void>;
}

export async function startStub(handler: StubHandler): Promise<StubServer> {
  let current = handler;
  const requests: StubRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const request: StubRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      Promise.resolve()
        .then(() => current(request, requests.length - 1))
        .then(
          (answer) => {
            res.writeHead(answer.status ?? 200, answer.headers ?? {});
            res.end(answer.body ?? '');
          },
          (error: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(`stub failed: ${(error as Error).message}`);
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const json = (body: unknown, status = 200): StubAnswer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const text = (body: string, status = 200, type = 'text/plain'): StubAnswer => ({
  status,
  headers: { 'content-type': type },
  body,
});
