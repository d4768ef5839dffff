import {
  ANSWER_MESSAGES,
  cleanAnswers,
  type FormField,
  isUploadType,
  type PlanType,
  planLimits,
  SUBMISSION_UPLOAD_MB,
  UPLOADS_NOT_ALLOWED_MESSAGE,
  validateAnswers,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import type { FastifyRequest } from "fastify";
import { type FieldErrors, fieldErrors, HttpError } from "../../http/errors";
import { isMultipart, readMultipart, type UploadedPart } from "../../http/multipart";
import { type SniffedType, sniffFileType } from "../../lib/sniff";

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

export interface CheckedFile {
  fieldId: string;
  filename: string;
  data: Buffer;
  type: SniffedType;
}

/** The submitted answers and files (JSON body or multipart), nothing validated against the form yet. */
export async function readSubmission(
  request: FastifyRequest,
  fields: readonly FormField[],
  planType: PlanType,
): Promise<{ answers: Record<string, unknown>; files: UploadedPart[] }> {
  if (!isMultipart(request)) {
    const answers = (request.body as { answers?: unknown } | undefined)?.answers;
    if (!answers || typeof answers !== "object" || Array.isArray(answers))
      throw fieldErrors({ non_field_errors: [fr.server.submission.answersNotObject] });
    return { answers: answers as Record<string, unknown>, files: [] };
  }
  const byId = new Map(fields.map((f) => [f.id, f]));
  const body = await readMultipart(request, {
    ...uploadLimitsOf(fields, planType),
    keyOf: fieldIdOfPart,
    // The limit that stopped the read: the field's own, unless the server's per-file cap is lower.
    tooLarge: (mb, partName) => {
      const own = byId.get(fieldIdOfPart(partName))?.max_size_mb;
      return ANSWER_MESSAGES.fileTooLarge(typeof own === "number" && own > 0 ? Math.min(own, mb) : mb);
    },
  });
  let answers: unknown;
  try {
    answers = JSON.parse(body.fields.answers ?? "");
  } catch {
    answers = null;
  }
  if (!answers || typeof answers !== "object" || Array.isArray(answers))
    throw fieldErrors({ non_field_errors: [fr.server.submission.answersNotObject] });
  const unknownParts = Object.keys(body.fields).filter((name) => name !== "answers");
  if (unknownParts.length)
    throw fieldErrors({ non_field_errors: unknownParts.map((n) => fr.server.submission.unknownPart(n)) });
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
  parts: UploadedPart[],
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
    const fieldId = fieldIdOfPart(part.field);
    const field = byId.get(fieldId);
    if (!field) {
      add("non_field_errors", fr.server.submission.unknownPart(part.field));
      continue;
    }
    if (!isUploadType(field.type)) {
      add(fieldId, fr.server.submission.notUploadField);
      continue;
    }
    if (!uploadsAllowed) {
      add(fieldId, UPLOADS_NOT_ALLOWED_MESSAGE);
      continue;
    }
    const type = sniffFileType(part.data);
    const videoOk = field.allow_videos === true;
    const imageOk = field.allow_images !== false;
    if (!type || (type.kind === "video" && !videoOk) || (type.kind === "image" && !imageOk)) {
      add(fieldId, fr.server.submission.fileType);
      continue;
    }
    files.push({ fieldId, filename: part.filename, data: part.data, type });
    const list = (withFiles[fieldId] as unknown[] | undefined) ?? [];
    list.push({ name: part.filename, content_type: type.mime, size: part.data.length });
    withFiles[fieldId] = list;
  }
  for (const [id, message] of Object.entries(validateAnswers(fields, withFiles))) {
    if (!errors[id]) add(id, message);
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

/** Comment and title: the field named so (id or name), else the first textarea for the comment. */
export function textsOf(
  fields: FormField[],
  clean: Record<string, unknown>,
): { comment: string; title: string } {
  const text = (f: FormField | undefined) =>
    f && typeof clean[f.id] === "string" ? (clean[f.id] as string) : "";
  const named = (...names: string[]) =>
    fields.find((f) => names.includes(f.id.toLowerCase()) || names.includes((f.name ?? "").toLowerCase()));
  const comment = named("comment", "commentaire") ?? fields.find((f) => f.type === "textarea");
  const title = named("title", "titre");
  return { comment: text(comment), title: text(title) };
}
