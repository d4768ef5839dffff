import { FIELD_DEFAULTS, type FormField, type RatingType, validateAnswer } from "@certavis/domain";
import { answerText } from "@certavis/i18n-fr/domain-text";

export function ratingTypeOf(field: Pick<FormField, "rating_type">): RatingType {
  return field.rating_type ?? FIELD_DEFAULTS.ratingType;
}

export interface FileLimits {
  maxSizeMb: number;
  maxCount: number;
}

export function fileLimitsOf(field: FormField): FileLimits {
  const size = field.max_size_mb;
  const count = field.max_count;
  const defaultSize = field.type === "media" ? FIELD_DEFAULTS.mediaMaxSizeMb : FIELD_DEFAULTS.fileMaxSizeMb;
  return {
    maxSizeMb: typeof size === "number" && size > 0 ? size : defaultSize,
    maxCount: typeof count === "number" && count >= 1 ? Math.floor(count) : FIELD_DEFAULTS.maxCount,
  };
}

/** The file picker's `accept`: the field's own for files; images and/or videos for media. */
export function acceptOf(field: FormField): string | undefined {
  if (field.type !== "media") return field.accept?.trim() || undefined;
  const kinds = [
    field.allow_images !== false ? "image/*" : null,
    field.allow_videos === true ? "video/*" : null,
  ].filter(Boolean);
  return kinds.length > 0 ? kinds.join(",") : undefined;
}

/**
 * Adds picked files one by one while the field's rules (count, size, type: the domain's
 * `validateAnswer`) accept them; the others are refused with the domain's message.
 */
export function pickFiles(field: FormField, current: readonly File[], picked: readonly File[]) {
  const accepted: File[] = [];
  const messages: string[] = [];
  for (const file of picked) {
    const problem = validateAnswer(field, [...current, ...accepted, file]);
    if (problem) messages.push(answerText(problem));
    else accepted.push(file);
  }
  return { accepted, messages: [...new Set(messages)] };
}
