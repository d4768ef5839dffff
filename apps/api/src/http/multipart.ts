import { fr } from "@certavis/i18n-fr";
import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors";
import { hasUnsafeText } from "./unsafe-text";

export interface UploadedPart {
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedPart[];
}

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
  const limits = typeof limitsOrBytes === "number" ? { maxFileBytes: limitsOrBytes } : limitsOrBytes;
  if (!isMultipart(request)) throw new HttpError(400, { detail: fr.server.multipart.notMultipart });
  const body: MultipartBody = { fields: {}, files: [] };
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
  try {
    for await (const part of request.parts({
      limits: { fileSize: limits.maxFileBytes, ...(limits.maxFiles ? { files: limits.maxFiles } : {}) },
    })) {
      current = part.fieldname;
      if (part.type === "file") {
        const data = await part.toBuffer();
        if (part.file.truncated || data.length > limits.maxFileBytes) throw tooLarge(part.fieldname);
        totalBytes += data.length;
        if (limits.maxTotal && totalBytes > limits.maxTotal.bytes)
          throw new HttpError(400, { non_field_errors: [limits.maxTotal.message] });
        body.files.push({ field: part.fieldname, filename: part.filename, data });
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
    // Nothing in the loop touches the database: whatever else fails here is the body itself
    // (busboy's "Unexpected end of form", a malformed part header, an aborted upload).
    throw new HttpError(400, { detail: fr.server.multipart.invalid });
  }
  return body;
}
