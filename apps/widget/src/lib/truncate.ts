import { COMMENT_PREVIEW_LENGTH } from "./widget-constants";

/** Cuts a comment at 150 characters (code points, so an emoji is never split); null when it fits. */
export function previewOf(comment: string, length = COMMENT_PREVIEW_LENGTH): string | null {
  const chars = Array.from(comment);
  if (chars.length <= length) return null;
  return `${chars.slice(0, length).join("").trimEnd()}…`;
}
