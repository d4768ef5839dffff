import type { FastifyRequest } from "fastify";
import { fieldErrors, HttpError } from "../../http/errors";

export interface UploadedPart {
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedPart[];
}

export const FILE_TOO_LARGE = (mb: number) => `Le fichier dépasse la taille maximale de ${mb} Mo.`;
export const NOT_MULTIPART = "Envoyez les données en multipart/form-data.";

export function isMultipart(request: FastifyRequest): boolean {
  return (request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** Reads every part in memory; a file over `maxFileBytes` is a 400 on its field, nothing is kept. */
export async function readMultipart(request: FastifyRequest, maxFileBytes: number): Promise<MultipartBody> {
  if (!isMultipart(request)) throw new HttpError(400, { detail: NOT_MULTIPART });
  const body: MultipartBody = { fields: {}, files: [] };
  const mb = Math.round(maxFileBytes / (1024 * 1024));
  let current = "non_field_errors";
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes } })) {
      current = part.fieldname;
      if (part.type === "file") {
        const data = await part.toBuffer();
        if (part.file.truncated || data.length > maxFileBytes)
          throw fieldErrors({ [part.fieldname]: [FILE_TOO_LARGE(mb)] });
        body.files.push({ field: part.fieldname, filename: part.filename, data });
      } else {
        body.fields[part.fieldname] = typeof part.value === "string" ? part.value : String(part.value ?? "");
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new HttpError(400, { [current]: [FILE_TOO_LARGE(mb)] });
    }
    if (code?.startsWith("FST_")) throw new HttpError(400, { detail: (error as Error).message });
    throw error;
  }
  return body;
}
