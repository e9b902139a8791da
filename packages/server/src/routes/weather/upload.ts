/**
 * Reading one uploaded file (multipart field `file`) with a size limit. An upload whose
 * Content-Length already exceeds the limit is refused before its body is read; a chunked one is
 * read up to the limit and then refused. Either way the answer is a 400 naming the limit, and the
 * body is never held beyond the limit.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/errors.ts';

/** Largest weather file accepted [bytes]. */
export const WEATHER_UPLOAD_LIMIT = 150 * 1024 * 1024;

export const tooLargeMessage = (limit: number): string =>
  `File is too large (limit ${Math.round(limit / (1024 * 1024))} MB)`;

/** Multipart framing around the file (boundaries, part headers, small fields). */
const MULTIPART_OVERHEAD = 64 * 1024;

/** onRequest hook: refuses a declared body larger than the limit before reading it. */
export function refuseDeclaredOversize(limit: number) {
  return async (request: FastifyRequest): Promise<void> => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD) {
      const message = tooLargeMessage(limit);
      throw badRequest(message, { file: [message] });
    }
  };
}

export interface Upload {
  bytes: Buffer;
  fileName: string | undefined;
  /** the other multipart fields, as text */
  fields: Record<string, string>;
}

/** Reads the upload's one file (any field name; `file` expected) into memory, up to `limit`. */
export async function readUpload(request: FastifyRequest, limit: number): Promise<Upload> {
  const noFile = 'Upload a file (multipart/form-data, field "file").';
  if (!request.isMultipart()) throw badRequest(noFile, { file: [noFile] });
  const chunks: Buffer[] = [];
  let size = 0;
  let fileName: string | undefined;
  const fields: Record<string, string> = {};
  let sawFile = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (sawFile) {
        part.file.resume();
        continue;
      }
      sawFile = true;
      fileName = part.filename || undefined;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit) break;
        chunks.push(chunk);
      }
      if (part.file.truncated || size > limit) {
        const message = tooLargeMessage(limit);
        throw badRequest(message, { file: [message] });
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      const message =
        code === 'FST_REQ_FILE_TOO_LARGE' ? tooLargeMessage(limit) : 'Upload one file at a time.';
      throw badRequest(message, { file: [message] });
    }
    if (error instanceof HttpError) throw error;
    // Malformed multipart framing (busboy: "Unexpected end of form", bad boundary, …).
    const message = `The upload could not be read: ${(error as Error).message}`;
    throw badRequest(message, { file: [message] });
  }
  if (!sawFile) throw badRequest(noFile, { file: [noFile] });
  return { bytes: Buffer.concat(chunks, Math.min(size, limit)), fileName, fields };
}
