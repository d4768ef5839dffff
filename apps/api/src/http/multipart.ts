import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { finished } from "node:stream/promises";
import { fr } from "@certavis/i18n-fr/server";
import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors";
import { hasUnsafeText } from "./unsafe-text";

export interface UploadedPart {
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartBody<File = UploadedPart> {
  fields: Record<string, string>;
  files: File[];
}

/** A file part as it arrives, for a reader that streams it (`streamMultipart`). */
export interface IncomingFile {
  field: string;
  filename: string;
  /** Its first bytes (up to SNIFF_BYTES): what it really is, told before anything is kept. */
  head: Buffer;
  /** All its bytes, `head` included, as they arrive; fails with the French 400 once over a limit. */
  stream: Readable;
  /** The bytes that went through `stream` so far: the file's size once it ended. */
  size(): number;
}

const SNIFF_BYTES = 64;

/** The request body failed while a file was read (malformed, cut short): the client's 400. */
class BodyError extends Error {}

export interface MultipartLimits {
  /** Largest file kept; a bigger one stops the read (400 on its field, nothing kept). */
  maxFileBytes: number;
  /** Most files in the body (400 `non_field_errors` beyond). */
  maxFiles?: number;
  /** Most bytes of all files together: the read stops past it with this 400 `non_field_errors` message. */
  maxTotal?: { bytes: number; message: string };
  /** The error key of a file part (e.g. `file:photo` → `photo`). */
  keyOf?: (partName: string) => string;
  /** The message of a file over `maxFileBytes` (in Mo). */
  tooLarge?: (mb: number, partName: string) => string;
  /** Most text fields (400 beyond); the server's default otherwise. */
  maxFields?: number;
  /** Longest text field kept (longer ones are cut); the server's default otherwise. */
  maxFieldBytes?: number;
}

export function isMultipart(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * Reads every part in memory within `limits`; a file over the size limit or one file too many ends
 * the read with a French 400 and nothing is kept.
 */
export async function readMultipart(
  request: FastifyRequest,
  limitsOrBytes: MultipartLimits | number,
): Promise<MultipartBody> {
  return streamMultipart(request, limitsOrBytes, async (file) => ({
    field: file.field,
    filename: file.filename,
    data: await buffer(file.stream),
  }));
}

/**
 * A small form of text fields only (what a mail provider posts): a file part, or more fields or bytes
 * than given, ends the read with the French 400.
 */
export async function readTextFields(
  request: FastifyRequest,
  limits: { maxFields: number; maxFieldBytes: number },
): Promise<Record<string, string>> {
  const body = await streamMultipart(request, { maxFileBytes: 0, ...limits }, async () => {
    throw new HttpError(400, { detail: fr.server.multipart.invalid });
  });
  return body.fields;
}

/**
 * Reads the parts in order, handing each file to `onFile` as a stream bounded by `limits` (checked
 * as the bytes arrive: the read fails mid-file with the French 400, whatever `onFile` did with the
 * stream). A file `onFile` leaves unread is read to its end all the same (it counts in the limits).
 * What `onFile` returns is kept in `files`; undoing its work when the read fails is the caller's.
 */
export async function streamMultipart<File>(
  request: FastifyRequest,
  limitsOrBytes: MultipartLimits | number,
  onFile: (file: IncomingFile) => Promise<File>,
): Promise<MultipartBody<File>> {
  const limits = typeof limitsOrBytes === "number" ? { maxFileBytes: limitsOrBytes } : limitsOrBytes;
  if (!isMultipart(request)) throw new HttpError(400, { detail: fr.server.multipart.notMultipart });
  const body: MultipartBody<File> = { fields: {}, files: [] };
  const mb = Math.round((limits.maxFileBytes / (1024 * 1024)) * 10) / 10;
  const keyOf = limits.keyOf ?? ((name: string) => name);
  const tooLarge = (partName: string) =>
    new HttpError(400, {
      [keyOf(partName)]: [
        limits.tooLarge ? limits.tooLarge(mb, partName) : fr.server.multipart.fileTooLarge(mb),
      ],
    });
  let current = "non_field_errors";
  let totalBytes = 0;
  let handling = false;
  try {
    for await (const part of request.parts({
      // One byte over the limit reaches the count below, which refuses the file.
      limits: {
        fileSize: limits.maxFileBytes + 1,
        ...(limits.maxFiles ? { files: limits.maxFiles } : {}),
        ...(limits.maxFields !== undefined ? { fields: limits.maxFields } : {}),
        ...(limits.maxFieldBytes !== undefined ? { fieldSize: limits.maxFieldBytes } : {}),
      },
    })) {
      current = part.fieldname;
      if (part.type === "file") {
        const name = part.fieldname;
        const file = await boundedFile(name, part.filename, part.file, (bytes, fileBytes) => {
          if (fileBytes > limits.maxFileBytes) throw tooLarge(name);
          totalBytes += bytes;
          if (limits.maxTotal && totalBytes > limits.maxTotal.bytes)
            throw new HttpError(400, { non_field_errors: [limits.maxTotal.message] });
        });
        handling = true;
        body.files.push(await onFile(file));
        handling = false;
        if (!file.stream.readableEnded) await finished(file.stream.resume());
      } else {
        const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
        if (hasUnsafeText(value))
          throw new HttpError(400, { [part.fieldname]: [fr.validation.invalidCharacter] });
        body.fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge(current);
    if (code === "FST_FILES_LIMIT" && limits.maxFiles)
      throw new HttpError(400, { non_field_errors: [fr.server.multipart.tooManyFiles(limits.maxFiles)] });
    // `onFile` failing on its own (the storage it streams to) is the server's; whatever else fails
    // here is the body itself (busboy's "Unexpected end of form", a malformed part header, an
    // aborted upload).
    if (handling && !(error instanceof BodyError)) throw error;
    throw new HttpError(400, { detail: fr.server.multipart.invalid });
  }
  return body;
}

/** Reads the first bytes of `source`, then gives it whole as a stream that `count` checks chunk by chunk. */
async function boundedFile(
  field: string,
  filename: string,
  source: Readable,
  count: (bytes: number, fileBytes: number) => void,
): Promise<IncomingFile> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks = {
    next: () =>
      iterator.next().catch((error: unknown) => {
        throw new BodyError(error instanceof Error ? error.message : String(error));
      }),
    return: () => iterator.return?.(),
  };
  const first: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    first.push(next.value);
    headBytes += next.value.length;
  }
  let size = 0;
  async function* all(): AsyncGenerator<Buffer> {
    try {
      for (;;) {
        const chunk = first.shift() ?? (await chunks.next()).value;
        if (!chunk) return;
        size += chunk.length;
        count(chunk.length, size);
        yield chunk;
      }
    } finally {
      await chunks.return();
    }
  }
  return {
    field,
    filename,
    head: Buffer.concat(first).subarray(0, SNIFF_BYTES),
    stream: Readable.from(all(), { objectMode: false }),
    size: () => size,
  };
}
