import { HttpError } from '@innerview/kit';
import busboy from 'busboy';
import type { Request } from 'express';
import { fileErrorCodes as codes, MAX_FILE_BYTES, fileMessages as messages } from '../domain/limits.ts';

export interface UploadedPart {
  /** The client's file name (not yet cleaned). */
  name: string;
  bytes: Buffer;
}

export interface MultipartSpec {
  /** The one field that carries files (`file` or `files`). */
  fileField: string;
  maxFiles: number;
  /** What a request with more files is told. */
  tooManyFiles: string;
  /** The text fields allowed, each at most `maxFieldBytes`. */
  fields: readonly string[];
  maxFieldBytes: number;
}

/** After a refusal, at most this much more of the request is read and dropped before the connection is cut. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

const unprocessable = (field: string, msg: string, code?: string) =>
  new HttpError(422, [{ loc: ['body', field], msg, type: 'value_error' }], code);

/**
 * Reads a multipart/form-data upload as it streams in, with limits: a file stops at 10 MB + 1
 * byte (413), a file beyond `maxFiles` is a 422, unknown or oversized fields are 422s. Nothing
 * beyond the limits is kept: at most `maxFiles` × 10 MB is ever held. On a refusal the rest of the
 * body is read and dropped (up to 64 MB, then the connection is cut) so the client gets the answer.
 */
export function readMultipart(
  req: Request,
  spec: MultipartSpec,
): Promise<{ fields: Map<string, string>; files: UploadedPart[] }> {
  if (!req.is('multipart/form-data')) return Promise.reject(new HttpError(415, messages.notMultipart));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: 'utf8',
      limits: {
        // Busboy signals the limit when a file reaches it: one byte more than allowed is the signal.
        fileSize: MAX_FILE_BYTES + 1,
        files: spec.maxFiles,
        fields: spec.fields.length,
        fieldSize: spec.maxFieldBytes,
        parts: spec.maxFiles + spec.fields.length,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
  } catch {
    return Promise.reject(new HttpError(415, messages.notMultipart));
  }
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    const files: UploadedPart[] = [];
    let failed = false;
    const fail = (error: HttpError) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      parser.removeAllListeners();
      parser.on('error', () => {});
      // The answer goes out at once; the rest of the body is read and dropped so the client can
      // finish sending and read it (a closed socket would meet it with EPIPE instead).
      let drained = 0;
      req.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > MAX_DRAIN_BYTES) req.destroy();
      });
      req.resume();
      reject(error);
    };
    parser.on('file', (field, stream, info) => {
      // A body cut short ends the part with an error; without a listener it would crash the process.
      stream.on('error', () => fail(new HttpError(400, messages.malformed)));
      if (field !== spec.fileField) {
        stream.resume();
        fail(unprocessable(field, messages.unexpectedField(field)));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!failed) chunks.push(chunk);
      });
      stream.on('limit', () => {
        const name = info.filename ?? 'file';
        fail(new HttpError(413, messages.tooLarge(name), codes.tooLarge));
      });
      stream.on('end', () => {
        if (failed) return;
        const bytes = Buffer.concat(chunks);
        // A browser sends an empty, nameless part for a file input left empty: no file.
        if (!info.filename && bytes.length === 0) return;
        files.push({ name: info.filename ?? '', bytes });
      });
    });
    parser.on('field', (field, value, info) => {
      if (!spec.fields.includes(field)) fail(unprocessable(field, messages.unexpectedField(field)));
      else if (info.valueTruncated) fail(unprocessable(field, messages.fieldTooLong(field)));
      else fields.set(field, value);
    });
    parser.on('filesLimit', () => fail(unprocessable(spec.fileField, spec.tooManyFiles, codes.tooManyFiles)));
    parser.on('fieldsLimit', () => fail(unprocessable('form', messages.tooManyFields)));
    parser.on('partsLimit', () => fail(unprocessable('form', messages.tooManyFields)));
    parser.on('error', () => fail(new HttpError(400, messages.malformed)));
    parser.on('close', () => {
      if (!failed) resolve({ fields, files });
    });
    req.on('aborted', () => fail(new HttpError(400, messages.malformed)));
    req.pipe(parser);
  });
}
