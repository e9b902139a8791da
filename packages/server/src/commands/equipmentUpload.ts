/**
 * Uploaded equipment files (PVsyst .PAN and .OND, exported JSON, shading-table CSV), read
 * defensively: a size limit checked on the declared length before anything is read and again while
 * streaming, one file per request, and text that must be text. Every refusal is a 400 that names the
 * problem; nothing is saved on the way.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PvsystFileError } from '@sunfield/engine/module/pvsystFileCheck.ts';
import { badRequest, HttpError, modelStateFromZod } from '../lib/errors.ts';
import { utf8Text } from '../lib/utf8Text.ts';

export interface Upload {
  fileName: string;
  bytes: Buffer;
  /** Plain form fields sent beside the file (e.g. `name`). */
  fields: Record<string, string>;
}

/** 1 MB: a PVsyst file is a few kB. */
export const EQUIPMENT_FILE_LIMIT = 1024 * 1024;

/** Room for the multipart envelope and the form fields beside the file [bytes]. */
const ENVELOPE_BYTES = 64 * 1024;

const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} kB`;

const refuse = (_what: string, message: string): HttpError => badRequest(message, { file: [message] });

/**
 * The one file of a multipart request (field `file`, or the first file part) with the form fields.
 * @param what the kind of file, for messages ('PAN file', 'OND file', …)
 */
export async function readUpload(request: FastifyRequest, what: string, maxBytes: number): Promise<Upload> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) {
    throw refuse(what, `The ${what} is too large: the limit is ${sizeText(maxBytes)}.`);
  }
  if (!request.isMultipart()) {
    throw refuse(what, `Upload the ${what} as multipart/form-data in the field "file".`);
  }
  const fields: Record<string, string> = {};
  let upload: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated)
          throw refuse(what, `The ${what} is too large: the limit is ${sizeText(maxBytes)}.`);
        upload ??= { fileName: part.filename || what, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const err = error as { code?: string; statusCode?: number; message?: string };
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw refuse(what, `The ${what} is too large: the limit is ${sizeText(maxBytes)}.`);
    }
    if (err.statusCode === 400 && 'body' in (error as object)) throw error;
    throw refuse(what, `The ${what} upload could not be read: ${err.message ?? 'malformed multipart body'}.`);
  }
  if (!upload) throw refuse(what, `No file was uploaded: send the ${what} in the field "file".`);
  if (upload.bytes.length === 0) throw refuse(what, `The ${what} is empty.`);
  return { ...upload, fields };
}

/** Whether the bytes look like UTF-16 (a byte-order mark, or a NUL in every other byte). */
function isUtf16(bytes: Buffer): boolean {
  if (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  ) {
    return true;
  }
  const n = Math.min(bytes.length, 512);
  let oddNuls = 0;
  let evenNuls = 0;
  for (let i = 0; i < n; i++) {
    if (bytes[i] === 0) {
      if (i % 2) oddNuls++;
      else evenNuls++;
    }
  }
  return n >= 16 && (oddNuls > n / 4 || evenNuls > n / 4) && Math.abs(oddNuls - evenNuls) > n / 8;
}

/** Share of bytes that are control characters other than tab, CR, LF and form feed. */
function controlShare(bytes: Buffer): number {
  const n = Math.min(bytes.length, 64 * 1024);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  }
  return n ? control / n : 0;
}

/**
 * The file as text: UTF-8 when it is valid UTF-8 (a byte-order mark is dropped), else Windows-1252
 * (PVsyst writes ANSI text). UTF-16 and binary content are refused with a 400 naming the problem.
 */
export function uploadText(upload: Upload, what: string): string {
  const { bytes } = upload;
  if (isUtf16(bytes)) {
    throw refuse(what, `The ${what} is UTF-16 encoded: save it as ANSI or UTF-8 text and upload it again.`);
  }
  if (bytes.includes(0) || controlShare(bytes) > 0.01) {
    throw refuse(what, `The ${what} is not a text file: it holds binary data.`);
  }
  return utf8Text(bytes) ?? new TextDecoder('windows-1252').decode(bytes);
}

/**
 * A 400 for a file the engine refused (`PvsystFileError`, `ShadingTableError`: the message names the
 * problem and the line), or for values that fail the entity schema.
 */
export function pvsystRefusal(what: string, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  const message = error instanceof PvsystFileError ? reason : `The ${what} could not be read: ${reason}`;
  return refuse(what, message);
}

/** A 400 for a parsed file whose values the entity schema refuses, naming each field. */
export function invalidFileValues(what: string, error: z.ZodError): HttpError {
  const fields = modelStateFromZod(error);
  const message = `The ${what} has values out of range: ${Object.keys(fields).join(', ')}.`;
  return badRequest(message, { file: [message], ...fields });
}
