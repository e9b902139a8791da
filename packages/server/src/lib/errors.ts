/**
 * HTTP errors in the shapes of spec 2 §8 and spec 4 §1: 400 `{message, modelState: {field: [msgs]}}`,
 * 404 and 409 as text, 403 with a JSON body where the client needs one (`{eulaAcceptedStatus: false}`).
 */
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
    message?: string,
  ) {
    super(message ?? (typeof body === 'string' ? body : `HTTP ${statusCode}`));
  }
}

export type ModelState = Record<string, string[]>;

export const badRequest = (message: string, modelState: ModelState = {}): HttpError =>
  new HttpError(400, { message, modelState }, message);
export const unauthorized = (): HttpError => new HttpError(401, '', 'Unauthorized');
export const forbidden = (body: unknown = 'Forbidden'): HttpError => new HttpError(403, body);
export const notFound = (what = 'Not found'): HttpError => new HttpError(404, what);
export const conflict = (message: string): HttpError => new HttpError(409, message);
export const tooManyRequests = (message: string): HttpError => new HttpError(429, message);

/** The default message of a 400 for invalid input (spec 2 §8.2 heading). */
export const INVALID_INPUT = 'The request is invalid.';

/** Turns zod issues into a modelState map keyed by the dotted field path. */
export function modelStateFromZod(error: z.ZodError): ModelState {
  const modelState: ModelState = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '$';
    (modelState[key] ??= []).push(issue.message);
  }
  return modelState;
}

let parseObserver: ((schema: z.ZodType) => void) | undefined;

/**
 * Tells `observer` of each schema `parse` is given until the returned function is called: the
 * security fuzz suite learns which schema a route reads its body with, so that it generates bodies
 * from that schema. One observer at a time; it costs one comparison per parse when unset.
 */
export function observeParses(observer: (schema: z.ZodType) => void): () => void {
  parseObserver = observer;
  return () => {
    if (parseObserver === observer) parseObserver = undefined;
  };
}

/** Parses input with a zod schema or throws a 400 naming each field and its reason. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  parseObserver?.(schema);
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(INVALID_INPUT, modelStateFromZod(result.error));
  return result.data;
}
