/**
 * The shared edge for hostile text: every JSON body is parsed with a nesting-depth cap (checked by
 * an iterative scan of the raw text, so 150,000 levels give a 400, not a stack overflow), and every
 * string that reaches a route (body keys and values at any depth, query strings, route params) is
 * refused with a 400 naming the field when it holds a NUL or an unpaired surrogate, which
 * PostgreSQL and its JSON columns cannot keep.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { textProblem } from '@sunfield/domain';
import { badRequest, INVALID_INPUT, type ModelState } from './errors.ts';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

/** The nesting depth of JSON text (brackets outside strings), stopping once it passes `limit`. */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Each string key or value in `value` (iteratively, any depth) that has a problem, by dotted path. */
export function textProblems(value: unknown, root: string): ModelState {
  const found: ModelState = {};
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [item, where] = stack.pop()!;
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) (found[where || '$'] ??= []).push(problem);
    } else if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) stack.push([item[i], where ? `${where}.${i}` : String(i)]);
    } else if (item && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item as Record<string, unknown>)) {
        const keyProblem = textProblem(key);
        const safeKey = keyProblem ? JSON.stringify(key).slice(1, -1) : key;
        const path = where ? `${where}.${safeKey}` : safeKey;
        if (keyProblem) (found[path] ??= []).push(keyProblem);
        stack.push([child, path]);
      }
    }
  }
  return found;
}

/**
 * JSON bodies whose text has no `\u` escape: a NUL or a lone surrogate can reach a string of such a
 * body only through one (JSON.parse refuses a raw control character, and the UTF-8 decoding of the
 * body never yields a lone surrogate), so their walk is skipped (a plant body can be 64 MB).
 */
const cleanJsonBodies = new WeakSet<FastifyRequest>();

function checkRequest(request: FastifyRequest): void {
  const modelState: ModelState = {
    ...textProblems(request.params, ''),
    ...textProblems(request.query, ''),
    ...(cleanJsonBodies.has(request) ? {} : textProblems(request.body, '')),
  };
  if (Object.keys(modelState).length) throw badRequest(INVALID_INPUT, modelState);
}

/** Installs the depth-capped JSON parser and the text check on every route of `app`. */
export function registerTextGuard(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text)) {
      const message = `JSON nested deeper than ${MAX_JSON_DEPTH} levels.`;
      done(badRequest(message, { $: [message] }), undefined);
      return;
    }
    if (!text.includes('\\u')) cleanJsonBodies.add(request);
    defaultJson(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    checkRequest(request);
    if (request.isMultipart?.()) guardParts(request);
  });
}

interface Part {
  type: string;
  fieldname: string;
  filename?: string;
  value?: unknown;
  file?: { resume(): unknown };
}

/** Wraps `request.parts()` so each form field and uploaded file name is checked as it arrives. */
function guardParts(request: FastifyRequest): void {
  const original = request.parts.bind(request) as (...args: unknown[]) => AsyncIterable<Part>;
  (request as { parts: unknown }).parts = async function* guarded(...args: unknown[]) {
    for await (const part of original(...args)) {
      const modelState: ModelState =
        part.type === 'file'
          ? textProblems(part.filename ?? '', part.fieldname)
          : textProblems(part.value, part.fieldname);
      if (Object.keys(modelState).length) {
        part.file?.resume();
        throw badRequest(INVALID_INPUT, modelState);
      }
      yield part;
    }
  };
}
