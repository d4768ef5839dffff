import { isRejectionReason, type RejectionReason } from "./certification";
import { initialsOf } from "./initials";
import { CHECK_FLAG_KINDS, type CheckFlag } from "./moderation/automatic-checks";
import { normalizeReviewStatus, type ReviewStatus } from "./review-status";
import type { ReviewSubject } from "./store-reviews";

/** One answered form field of a review, as displayed. */
export interface ReviewField {
  id: string;
  label: string;
  type: string;
  value: unknown;
}

export interface NormalizedReview {
  /** Always a string ('' when the source had no id). */
  id: string;
  /** The id exactly as the source gave it. */
  backendId: string | number | null;
  rating: number;
  title: string | null;
  comment: string | null;
  author: { name: string; initials: string; firstName: string | null; lastName: string | null };
  createdAt: string | null;
  /** What the review is about: a product, or the shop itself (`store`, no product). */
  subject: ReviewSubject;
  productName: string;
  productId: string | null;
  productImage: string | null;
  verified: boolean;
  status: ReviewStatus | null;
  fields: ReviewField[];
  /** A rejected review's reason and note (ARCHITECTURE §10.9). */
  rejectionReason: RejectionReason | null;
  rejectionNote: string | null;
  /** When the author was erased at their request (the review is withdrawn and blanked). */
  erasedAt: string | null;
  /** A pending review's automatic publication date. */
  autoPublishAt: string | null;
  /** The company's public reply. */
  reply: { body: string; createdAt: string | null } | null;
  /** What the automatic checks of Certavis mode found (null: not checked). */
  checkFlags: CheckFlag[] | null;
  /** When a Certavis operator removed it after publication. */
  removedAt: string | null;
  /** The shop's latest contest of it (Certavis mode). */
  contest: { status: "open" | "closed"; outcome: "kept" | "removed" | null } | null;
}

export const DEFAULT_AUTHOR_NAME = "Client";
export const DEFAULT_PRODUCT_NAME = "Produit";

type Dict = Record<string, unknown>;

function isDict(value: unknown): value is Dict {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a dotted path ('author.first_name') from a record. */
function at(source: Dict, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split(".")) {
    if (!isDict(current)) return undefined;
    current = current[key];
  }
  return current;
}

function firstText(source: Dict, paths: readonly string[]): string | null {
  for (const path of paths) {
    const value = at(source, path);
    if (typeof value === "string" && value.trim() !== "") return value.trim();
    if (typeof value === "number" && Number.isFinite(value)) return String(value);
  }
  return null;
}

function firstDefined(source: Dict, paths: readonly string[]): unknown {
  for (const path of paths) {
    const value = at(source, path);
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** Number or numeric string; null otherwise. */
function toNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value.trim().replace(",", "."));
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function toBoolean(value: unknown, fallback: boolean): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value !== 0;
  if (typeof value === "string") {
    const lowered = value.trim().toLowerCase();
    if (["true", "1", "yes", "oui"].includes(lowered)) return true;
    if (["false", "0", "no", "non"].includes(lowered)) return false;
  }
  return fallback;
}

const FIRST_NAME_PATHS = [
  "author_first_name",
  "authorFirstName",
  "first_name",
  "firstName",
  "author.first_name",
  "author.firstName",
  "user.first_name",
  "customer.first_name",
  "buyer_first_name",
  "buyer.first_name",
];
const LAST_NAME_PATHS = [
  "author_last_name",
  "authorLastName",
  "last_name",
  "lastName",
  "author.last_name",
  "author.lastName",
  "user.last_name",
  "customer.last_name",
  "buyer_last_name",
  "buyer.last_name",
];
const AUTHOR_NAME_PATHS = [
  "author_name",
  "authorName",
  "name",
  "author",
  "author.name",
  "customer_name",
  "buyer_name",
  "user.name",
  "customer.name",
];

function readAuthor(raw: Dict): NormalizedReview["author"] {
  const firstName = firstText(raw, FIRST_NAME_PATHS);
  const lastName = firstText(raw, LAST_NAME_PATHS);
  const joined = [firstName, lastName].filter(Boolean).join(" ");
  const name = joined || firstText(raw, AUTHOR_NAME_PATHS) || DEFAULT_AUTHOR_NAME;
  return { name, initials: initialsOf(name), firstName, lastName };
}

function readProduct(raw: Dict): Pick<NormalizedReview, "productName" | "productId" | "productImage"> {
  const product = raw.product;
  const productDict = isDict(product) ? product : {};
  const productName =
    firstText(productDict, ["name", "title"]) ??
    (typeof product === "string" && product.trim() !== "" ? product.trim() : null) ??
    firstText(raw, ["product_name", "productName", "product_title", "productTitle"]) ??
    DEFAULT_PRODUCT_NAME;
  const productId =
    firstText(productDict, ["id", "uuid"]) ?? firstText(raw, ["product_id", "productId", "product_uuid"]);
  const productImage =
    firstText(productDict, ["image", "image_url", "imageUrl"]) ??
    firstText(raw, ["product_image", "productImage", "product_image_url", "productImageUrl"]);
  return { productName, productId, productImage };
}

function inferType(value: unknown): string {
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "number") return "number";
  if (Array.isArray(value)) return "checkbox";
  return "text";
}

const ANSWER_ID_KEYS = ["id", "field_id", "fieldId", "field", "key", "name"];
const ANSWER_LABEL_KEYS = ["label", "question", "field_label", "fieldLabel", "title", "name"];
const ANSWER_TYPE_KEYS = ["type", "field_type", "fieldType"];
const ANSWER_VALUE_KEYS = ["value", "answer", "response"];

function answerValue(entry: Dict): unknown {
  for (const key of ANSWER_VALUE_KEYS) if (key in entry) return entry[key];
  return undefined;
}

function fieldFromEntry(entry: Dict, fallbackId: string): ReviewField {
  const id = firstText(entry, ANSWER_ID_KEYS) ?? fallbackId;
  const value = answerValue(entry);
  return {
    id,
    label: firstText(entry, ANSWER_LABEL_KEYS) ?? id,
    type: firstText(entry, ANSWER_TYPE_KEYS) ?? inferType(value),
    value,
  };
}

/**
 * Answers arrive as a list of `{id, label, type, value}` (with alias names), or as an object keyed by
 * field id whose values are either the answer itself or a `{label, type, value}` record.
 */
export function normalizeAnswers(raw: unknown): ReviewField[] {
  if (Array.isArray(raw)) {
    return raw.flatMap((entry, index) => (isDict(entry) ? [fieldFromEntry(entry, String(index))] : []));
  }
  if (isDict(raw)) {
    return Object.entries(raw).map(([key, entry]) => {
      if (isDict(entry) && ANSWER_VALUE_KEYS.some((k) => k in entry)) {
        const field = fieldFromEntry(entry, key);
        return firstText(entry, ANSWER_ID_KEYS) ? field : { ...field, id: key };
      }
      return { id: key, label: key, type: inferType(entry), value: entry };
    });
  }
  return [];
}

/** Reads a review served under any of the alias names of spec §3 into one shape. */
export function normalizeReview(raw: unknown): NormalizedReview {
  const source = isDict(raw) ? raw : {};
  const backendIdValue = firstDefined(source, ["id", "uuid", "review_id", "pk"]);
  const backendId =
    typeof backendIdValue === "string" || typeof backendIdValue === "number" ? backendIdValue : null;
  return {
    id: backendId === null ? "" : String(backendId),
    backendId,
    rating: toNumber(firstDefined(source, ["rating", "note", "score", "stars", "rate"])) ?? 0,
    // Not `subject`: the contract's `subject` is what a review is about (product or store).
    title: firstText(source, ["title", "headline"]),
    subject: source.subject === "store" ? "store" : "product",
    comment: firstText(source, ["comment", "content", "text", "body", "message"]),
    author: readAuthor(source),
    createdAt: firstText(source, [
      "created_at",
      "createdAt",
      "date",
      "created",
      "published_at",
      "submitted_at",
    ]),
    ...readProduct(source),
    verified: toBoolean(firstDefined(source, ["verified", "is_verified", "isVerified", "certified"]), true),
    status: normalizeReviewStatus(firstDefined(source, ["status", "state", "moderation_status"])),
    fields: normalizeAnswers(firstDefined(source, ["answers", "fields", "responses", "form_answers"])),
    rejectionReason: isRejectionReason(source.rejection_reason) ? source.rejection_reason : null,
    rejectionNote: firstText(source, ["rejection_note"]),
    erasedAt: firstText(source, ["erased_at"]),
    autoPublishAt: firstText(source, ["auto_publish_at"]),
    reply: readReply(source.reply),
    checkFlags: readFlags(source.check_flags),
    removedAt: firstText(source, ["removed_at"]),
    contest: readContest(source.contest),
  };
}

function readFlags(value: unknown): CheckFlag[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((flag) =>
    isDict(flag) &&
    typeof flag.match === "string" &&
    (CHECK_FLAG_KINDS as readonly unknown[]).includes(flag.kind)
      ? [{ kind: flag.kind as CheckFlag["kind"], match: flag.match }]
      : [],
  );
}

function readContest(value: unknown): NormalizedReview["contest"] {
  if (!isDict(value)) return null;
  const outcome = value.outcome === "kept" || value.outcome === "removed" ? value.outcome : null;
  return { status: value.status === "closed" ? "closed" : "open", outcome };
}

function readReply(value: unknown): NormalizedReview["reply"] {
  if (!isDict(value) || typeof value.body !== "string" || value.body.trim() === "") return null;
  return { body: value.body, createdAt: typeof value.created_at === "string" ? value.created_at : null };
}
