import { pipeline, type Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import {
  cleanAnswers,
  type FormField,
  isUploadType,
  message,
  type PlanType,
  planLimits,
  SUBMISSION_UPLOAD_MB,
  titleFieldOf,
  validateAnswers,
} from "@certavis/domain";
import { domainText, fr, planLimitMessages } from "@certavis/i18n-fr/server";
import type { FastifyRequest } from "fastify";
import { type FieldErrors, fieldErrors, HttpError } from "../../http/errors";
import { isMultipart, type MultipartBody, streamMultipart } from "../../http/multipart";
import { imageWithoutMetadata } from "../../lib/clean-image";
import { type SniffedType, sniffFileType } from "../../lib/sniff";
import { type FileStorage, removeStored } from "../../lib/storage";
import { UnreadableVideoError, videoWithoutLocation } from "../../lib/video-without-location";

/** Never more than this per file nor this many files, whatever a form says. */
export const REVIEW_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const REVIEW_MAX_FILES = 20;
const MB = 1024 * 1024;

/**
 * How much the multipart read may take for this form: the largest `max_size_mb` of its upload fields
 * (default 10 Mo) and the sum of their `max_count` (default 1). A form without upload fields still
 * reads one small file, to answer "Ce champ n'accepte pas de fichier." on its field.
 */
export function uploadLimitsOf(
  fields: readonly FormField[],
  planType: PlanType,
): { maxFileBytes: number; maxFiles: number; maxTotal: { bytes: number; message: string } } {
  const totalMb = SUBMISSION_UPLOAD_MB[planType];
  const maxTotal = { bytes: totalMb * MB, message: fr.validation.publicForm.filesTotalTooLarge(totalMb) };
  const uploads = fields.filter((f) => isUploadType(f.type));
  if (uploads.length === 0) return { maxFileBytes: MB, maxFiles: 1, maxTotal };
  const sizeOf = (f: FormField) =>
    typeof f.max_size_mb === "number" && f.max_size_mb > 0 ? f.max_size_mb : 10;
  const countOf = (f: FormField) => (typeof f.max_count === "number" && f.max_count > 0 ? f.max_count : 1);
  return {
    maxFileBytes: Math.min(REVIEW_FILE_MAX_BYTES, Math.ceil(Math.max(...uploads.map(sizeOf)) * MB)),
    maxFiles: Math.min(
      REVIEW_MAX_FILES,
      uploads.reduce((n, f) => n + countOf(f), 0),
    ),
    maxTotal,
  };
}

const fieldIdOfPart = (partName: string) => (partName.startsWith("file:") ? partName.slice(5) : partName);

/** A file part of a submission, stored as it arrived unless it was refused on sight. */
export interface ReceivedFile {
  /** The part's name (`file:<field id>`). */
  part: string;
  filename: string;
  size: number;
  /** What its first bytes say (null: no type we take). */
  type: SniffedType | null;
  /** Where it is stored; null when refused on arrival (read, never kept). */
  path: string | null;
}

export interface CheckedFile {
  fieldId: string;
  filename: string;
  path: string;
  size: number;
  type: SniffedType;
}

/** Why a file part cannot be kept (its error key and message), or null; the same on arrival and after. */
function refusalOf(
  byId: ReadonlyMap<string, FormField>,
  uploadsAllowed: boolean,
  part: string,
  type: SniffedType | null,
): [string, string] | null {
  const fieldId = fieldIdOfPart(part);
  const field = byId.get(fieldId);
  if (!field) return ["non_field_errors", fr.server.submission.unknownPart(part)];
  if (!isUploadType(field.type)) return [fieldId, fr.server.submission.notUploadField];
  if (!uploadsAllowed) return [fieldId, planLimitMessages.uploadsNotAllowed];
  const videoOk = field.allow_videos === true;
  const imageOk = field.allow_images !== false;
  if (!type || (type.kind === "video" && !videoOk) || (type.kind === "image" && !imageOk))
    return [fieldId, fr.server.submission.fileType];
  return null;
}

/**
 * The submitted answers and files (JSON body or multipart), nothing validated against the form yet.
 * Each video the form may take streams to `storage` under `folder` as it arrives (never whole in
 * memory), an MP4 or MOV without its metadata (the phone's location: `lib/video-without-location`;
 * one whose boxes do not add up is refused in French); each photo is read (within its limit),
 * re-encoded without its metadata and stored, or refused as not a file type we take when it does not
 * decode. If the read fails (a file over its limit, a bad body), those already stored are removed.
 * The caller removes the stored files when the submission is refused later.
 */
export async function readSubmission(
  request: FastifyRequest,
  fields: readonly FormField[],
  planType: PlanType,
  store: { storage: FileStorage; folder: string },
): Promise<{ answers: Record<string, unknown>; files: ReceivedFile[] }> {
  if (!isMultipart(request)) {
    const answers = (request.body as { answers?: unknown } | undefined)?.answers;
    if (!answers || typeof answers !== "object" || Array.isArray(answers))
      throw fieldErrors({ non_field_errors: [fr.server.submission.answersNotObject] });
    return { answers: answers as Record<string, unknown>, files: [] };
  }
  const byId = new Map(fields.map((f) => [f.id, f]));
  const uploadsAllowed = planLimits(planType).uploads;
  const stored: string[] = [];
  let body: MultipartBody<ReceivedFile>;
  try {
    body = await streamMultipart(
      request,
      {
        ...uploadLimitsOf(fields, planType),
        keyOf: fieldIdOfPart,
        // The limit that stopped the read: the field's own, unless the server's per-file cap is lower.
        tooLarge: (mb, partName) => {
          const own = byId.get(fieldIdOfPart(partName))?.max_size_mb;
          return domainText(
            message("answer.fileTooLarge", {
              mb: typeof own === "number" && own > 0 ? Math.min(own, mb) : mb,
            }),
          );
        },
      },
      async (file) => {
        let type = sniffFileType(file.head);
        let path: string | null = null;
        if (type && !refusalOf(byId, uploadsAllowed, file.field, type)) {
          // A video streams to the storage as it arrives (an MP4 or MOV without its metadata boxes);
          // a photo is decoded whole to drop its metadata.
          let data: Buffer | Readable | null = file.stream;
          if (type.kind === "image") data = await imageWithoutMetadata(await buffer(file.stream), type);
          else if (type.mime !== "video/webm") data = pipeline(file.stream, videoWithoutLocation(), () => {});
          if (data) {
            try {
              path = await store.storage.save(store.folder, type.extension, data);
            } catch (error) {
              if (error instanceof UnreadableVideoError)
                throw fieldErrors({ [fieldIdOfPart(file.field)]: [fr.server.submission.videoUnreadable] });
              throw error;
            }
            stored.push(path);
          } else type = null;
        }
        return { part: file.field, filename: file.filename, size: file.size(), type, path };
      },
    );
  } catch (error) {
    await removeStored(store.storage, stored);
    throw error;
  }
  let answers: unknown;
  try {
    answers = JSON.parse(body.fields.answers ?? "");
  } catch {
    answers = null;
  }
  const unknownParts = Object.keys(body.fields).filter((name) => name !== "answers");
  const refusal =
    !answers || typeof answers !== "object" || Array.isArray(answers)
      ? [fr.server.submission.answersNotObject]
      : unknownParts.map((n) => fr.server.submission.unknownPart(n));
  if (refusal.length) {
    await removeStored(store.storage, stored);
    throw fieldErrors({ non_field_errors: refusal });
  }
  return { answers: answers as Record<string, unknown>, files: body.files };
}

/**
 * Checks answers and files against the form (domain `validateAnswers`: types, required, bounds,
 * unknown ids; files: plan, field type, real type by magic bytes, size, count). Returns the cleaned
 * answers (files as `{name, content_type, size}` placeholders to be given their URL) or throws a 400
 * keyed by field id.
 */
export function checkSubmission(
  fields: FormField[],
  planType: string,
  answers: Record<string, unknown>,
  parts: ReceivedFile[],
): { clean: Record<string, unknown>; files: CheckedFile[] } {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => {
    const list = errors[key] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[key] = list;
  };
  const byId = new Map(fields.map((f) => [f.id, f]));
  const uploadsAllowed = planLimits(planType).uploads;
  const files: CheckedFile[] = [];
  const withFiles: Record<string, unknown> = { ...answers };
  for (const field of fields) if (isUploadType(field.type)) delete withFiles[field.id];
  for (const part of parts) {
    const refusal = refusalOf(byId, uploadsAllowed, part.part, part.type);
    if (refusal || !part.type || !part.path) {
      add(...(refusal ?? [fieldIdOfPart(part.part), fr.server.submission.fileType]));
      continue;
    }
    const fieldId = fieldIdOfPart(part.part);
    files.push({ fieldId, filename: part.filename, path: part.path, size: part.size, type: part.type });
    const list = (withFiles[fieldId] as unknown[] | undefined) ?? [];
    list.push({ name: part.filename, content_type: part.type.mime, size: part.size });
    withFiles[fieldId] = list;
  }
  for (const [id, problem] of Object.entries(validateAnswers(fields, withFiles))) {
    if (!errors[id]) add(id, domainText(problem));
  }
  if (Object.keys(errors).length) throw new HttpError(400, errors);
  return { clean: cleanAnswers(fields, withFiles), files };
}

/** The review's rating (0–5) from the first rating field, scaled when its maximum is not 5. */
export function ratingOf(fields: FormField[], clean: Record<string, unknown>): number {
  const field = fields.find((f) => f.type === "rating" && typeof clean[f.id] === "number");
  if (!field) return 0;
  const max = field.rating_max && field.rating_max > 0 ? field.rating_max : 5;
  const value = Math.min(Math.max(Number(clean[field.id]), 0), max);
  return Math.round((value / max) * 5 * 100) / 100;
}

/**
 * Comment and title: the comment is the field named so (id or name), else the first textarea; the
 * title is the field marked as the review's title (domain `titleFieldOf`).
 */
export function textsOf(
  fields: FormField[],
  clean: Record<string, unknown>,
): { comment: string; title: string } {
  const text = (f: FormField | undefined) =>
    f && typeof clean[f.id] === "string" ? (clean[f.id] as string) : "";
  const named = (...names: string[]) =>
    fields.find((f) => names.includes(f.id.toLowerCase()) || names.includes((f.name ?? "").toLowerCase()));
  const comment = named("comment", "commentaire") ?? fields.find((f) => f.type === "textarea");
  return { comment: text(comment), title: text(titleFieldOf(fields)) };
}
