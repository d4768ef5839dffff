import { reviewPath } from "../../../lib/review-path";

/** Another product of the same order still to review, with its own link (the thank-you page offers it). */
export interface OtherProduct {
  product_name: string;
  review_url: string;
}

/** The question about the shop, still unanswered for the order (the thank-you page offers it). */
export interface StoreQuestionOffer {
  shop_name: string;
  api_key: string;
}

export type SubmitResult =
  | { ok: true; others?: OtherProduct[]; storeQuestion?: StoreQuestionOffer | null }
  | { ok: false; status: number; body: unknown };

/** The `store_question` of a 201 answer: null when absent or malformed. */
function storeQuestionOf(body: unknown): StoreQuestionOffer | null {
  const offer = (body as { store_question?: unknown } | null)?.store_question as
    | Partial<StoreQuestionOffer>
    | null
    | undefined;
  return typeof offer?.shop_name === "string" && typeof offer.api_key === "string"
    ? { shop_name: offer.shop_name, api_key: offer.api_key }
    : null;
}

/** The `others` of a 201 answer, keeping only well-formed entries with a same-site or https link. */
function othersOf(body: unknown): OtherProduct[] {
  const list = (body as { others?: unknown } | null)?.others;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is OtherProduct =>
      typeof item?.product_name === "string" &&
      typeof item?.review_url === "string" &&
      /^(https?:\/\/|\/)/.test(item.review_url),
  );
}

export interface SubmitOptions {
  /** Upload progress from 0 to 1 (multipart submissions with files). */
  onProgress?: (fraction: number) => void;
  createRequest?: () => XMLHttpRequest;
}

/**
 * Sends the answers: JSON, or multipart when files are attached (part `answers` holds the JSON, each
 * file a part `file:<field id>`). XMLHttpRequest rather than fetch for its upload progress events.
 */
export function submitReview(
  apiKey: string,
  answers: Record<string, unknown>,
  files: Record<string, File[]>,
  { onProgress, createRequest = () => new XMLHttpRequest() }: SubmitOptions = {},
): Promise<SubmitResult> {
  const attached = Object.entries(files).filter(([, list]) => list.length > 0);
  let body: string | FormData;
  if (attached.length > 0) {
    body = new FormData();
    body.append("answers", JSON.stringify(answers));
    for (const [fieldId, list] of attached)
      for (const file of list) body.append(`file:${fieldId}`, file, file.name);
  } else body = JSON.stringify({ answers });

  return new Promise((resolve) => {
    const request = createRequest();
    request.open("POST", reviewPath(apiKey));
    request.setRequestHeader("Accept", "application/json");
    if (typeof body === "string") request.setRequestHeader("Content-Type", "application/json");
    if (onProgress && request.upload) {
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
    }
    request.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        parsed = request.responseText;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        const others = othersOf(parsed);
        const storeQuestion = storeQuestionOf(parsed);
        resolve({
          ok: true,
          ...(others.length > 0 ? { others } : {}),
          ...(storeQuestion ? { storeQuestion } : {}),
        });
      } else resolve({ ok: false, status: request.status, body: parsed });
    };
    request.onerror = () => resolve({ ok: false, status: 0, body: null });
    request.send(body);
  });
}
