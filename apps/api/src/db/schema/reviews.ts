import type { CheckFlag, RequestState, ReviewSubject } from "@certavis/domain";
import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { products } from "./catalog";
import { createdAt, id, tz } from "./columns";
import { companies, companyRef } from "./companies";
import { users } from "./identity";

export const orders = pgTable(
  "orders",
  {
    id: id(),
    companyId: companyRef(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** External order reference, idempotent per company. */
    reference: text("reference").notNull(),
    /**
     * The product's place in its order: a row per product, each with its own review key and review;
     * line 0 is the order's head, whose rows of `email_deliveries` are the order's request and reminder.
     */
    line: smallint("line").notNull().default(0),
    buyerEmail: text("buyer_email").notNull(),
    buyerFirstName: text("buyer_first_name").notNull().default(""),
    buyerLastName: text("buyer_last_name").notNull().default(""),
    orderDate: tz("order_date").notNull().defaultNow(),
    /** SHA-256 of the per-order review key (≥ 128 bits) carried by `create-reviews?api_key=`. */
    reviewKeyHash: text("review_key_hash").notNull(),
    reviewKeyExpiresAt: tz("review_key_expires_at"),
    reviewKeyUsedAt: tz("review_key_used_at"),
    /**
     * Why the order's e-mails stopped for good: `suppressed` (address on the suppression list), `bounced`,
     * or `skipped` (every product of the order was a draft when it came: no e-mail scheduled).
     */
    emailStop: text("email_stop"),
    /**
     * When the buyer's names and address were blanked: an erasure at their request, or the retention
     * rule (`ORDER_PII_RETENTION_DAYS` after the order date, for an order that produced no review).
     */
    anonymizedAt: tz("anonymized_at"),
    /** How the order came in (read on its head): api | csv | shopify | woocommerce | prestashop. */
    source: text("source").notNull().default("api"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("orders_company_reference_line_unique").on(t.companyId, t.reference, t.line),
    uniqueIndex("orders_review_key_hash_unique").on(t.reviewKeyHash),
    index("orders_company_created_idx").on(t.companyId, t.createdAt),
    // The orders list (newest order date first): its page of heads, and a product's lines in the same
    // order (an order's lines share its date and creation time, so a line sorts where its head does).
    // A product belongs to one company: its lines need no company column in the index.
    index("orders_company_list_idx")
      .on(
        t.companyId,
        t.orderDate.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.reference.desc().nullsFirst(),
      )
      .where(sql`${t.line} = 0`),
    index("orders_product_list_idx").on(
      t.productId,
      t.orderDate.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.reference.desc().nullsFirst(),
    ),
    // The retention task: orders still holding a buyer's names and address, oldest first.
    index("orders_retention_idx").on(t.orderDate).where(sql`${t.anonymizedAt} is null`),
    // Commandes' search (0038, built concurrently): a reference's or a buyer's address's start.
    index("orders_company_reference_search_idx")
      .on(t.companyId, sql`${t.reference} text_pattern_ops`)
      .where(sql`${t.line} = 0`),
    index("orders_company_email_search_idx")
      .on(t.companyId, sql`${t.buyerEmail} text_pattern_ops`)
      .where(sql`${t.line} = 0`),
    // Commandes' source filter, in the list's order (0048, built concurrently).
    index("orders_company_source_list_idx")
      .on(t.companyId, t.source, t.orderDate.desc(), t.createdAt.desc(), t.reference.desc())
      .where(sql`${t.line} = 0`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    companyId: companyRef(),
    /**
     * What the review is about (domain `REVIEW_SUBJECTS`): `product`, the product of its order line, or
     * `store`, the shop itself (ARCHITECTURE §10.18): one per order, on the order's head line (line 0)
     * whatever its number of products, without a product. Same lifecycle; averages never mix
     * (`review_stats` counts product reviews, `store_review_stats` store reviews).
     */
    subject: text("subject").$type<ReviewSubject>().notNull().default("product"),
    /**
     * The reviewed product; null for a store review (a check holds it). A product with reviews cannot be
     * deleted, only archived (ARCHITECTURE §10.12).
     */
    productId: uuid("product_id").references(() => products.id, { onDelete: "restrict" }),
    /** The order line (a store review: the order's head line); one review per line and subject. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    /** 0–5, two decimals. */
    rating: numeric("rating", { precision: 4, scale: 2 }).notNull().default("0"),
    title: text("title").notNull().default(""),
    comment: text("comment").notNull().default(""),
    authorFirstName: text("author_first_name").notNull().default(""),
    authorLastName: text("author_last_name").notNull().default(""),
    /** `{ "<field id>": value }` as submitted. */
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** The form schema the answers refer to, frozen at submission (labels and types). */
    formSnapshot: jsonb("form_snapshot").$type<unknown[]>(),
    /** pending | approved | rejected | withdrawn (by its author, or erased) | expired */
    status: text("status").notNull().default("pending"),
    /** Set with a rejection: a code of REJECTION_REASONS (@certavis/domain), and an optional note. */
    rejectionReason: text("rejection_reason"),
    rejectionNote: text("rejection_note"),
    /** The company's one public reply. */
    replyBody: text("reply_body"),
    replyCreatedAt: tz("reply_created_at"),
    replyUpdatedAt: tz("reply_updated_at"),
    /** SHA-256 of the author's withdrawal token (the thanks e-mail's personal link). */
    withdrawalTokenHash: text("withdrawal_token_hash"),
    withdrawnAt: tz("withdrawn_at"),
    expiredAt: tz("expired_at"),
    /**
     * When the author was erased at their request: title, comment, answers and names blanked, the
     * review withdrawn; the one content change the immutability trigger allows (see the migration).
     */
    erasedAt: tz("erased_at"),
    /**
     * What the automatic checks found (Certavis mode): `[]` clean, null not checked (domain `CheckFlag`).
     */
    checkFlags: jsonb("check_flags").$type<CheckFlag[]>(),
    /** SHA-256 of the normalised text (domain `reviewTextFingerprint`): duplicates within a company. */
    textHash: text("text_hash"),
    /**
     * When a Certavis operator removed this published review (status then `rejected`, the removal's
     * reason in `rejectionReason`): the one exception to one-way moderation.
     */
    removedAt: tz("removed_at"),
    /** When the company's admins were warned that this pending review is about to be published. */
    publicationWarnedAt: tz("publication_warned_at"),
    createdAt: createdAt(),
    moderatedAt: tz("moderated_at"),
    moderatedBy: uuid("moderated_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * When an approved review was published (its moderation; its submission where none was recorded):
     * the date the widget shows as 'Publié le' and sorts by, newest first.
     */
    publishedAt: tz("published_at").generatedAlwaysAs(sql`coalesce("moderated_at", "created_at")`),
    /**
     * The rating's whole stars, as the rating filter reads them ("4 étoiles": 4 ≤ rating < 5; a half
     * star in the lower bucket, domain `starBucket`); `review_stats` and `insight_days` count by it.
     */
    stars: smallint("stars").generatedAlwaysAs(sql`floor("rating")`),
    /**
     * What the reviews page's free-text search looks in (comment, title, author's first and last
     * name) in lower case, trigram-indexed: `LIKE lower('%…%')` stays fast on millions of reviews and
     * costs less per row than ILIKE. Line breaks keep a search from matching across two parts.
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower("comment" || chr(10) || "title" || chr(10) || "author_first_name" || ' ' || "author_last_name")`,
    ),
  },
  (t) => [
    // Built concurrently (db/concurrent-indexes.ts): a head line holds its product's and its store review.
    uniqueIndex("reviews_order_subject_unique").on(t.orderId, t.subject),
    // The store reviews of a company by publication (public page, Google's merchant reviews feed).
    index("reviews_company_store_published_idx")
      .on(t.companyId, t.status, t.publishedAt)
      .where(sql`${t.subject} = 'store'`),
    check(
      "reviews_subject_check",
      sql`(${t.subject} = 'product' AND ${t.productId} IS NOT NULL) OR (${t.subject} = 'store' AND ${t.productId} IS NULL)`,
    ),
    index("reviews_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("reviews_company_status_created_idx").on(t.companyId, t.status, t.createdAt),
    // With the id, "newest first" (created_at, id) is read straight off the index, offsets index-only.
    index("reviews_company_created_id_idx").on(t.companyId, t.createdAt, t.id),
    index("reviews_company_product_created_idx").on(t.companyId, t.productId, t.createdAt),
    index("reviews_product_status_created_idx").on(t.productId, t.status, t.createdAt),
    // The list's filter combinations that would otherwise read a product's or a status's every row.
    index("reviews_company_status_stars_created_idx").on(t.companyId, t.status, t.stars, t.createdAt),
    index("reviews_product_stars_created_idx").on(t.productId, t.stars, t.createdAt),
    index("reviews_product_status_stars_created_idx").on(t.productId, t.status, t.stars, t.createdAt),
    // The public lists: approved reviews of a company or a product by publication date.
    index("reviews_company_status_published_idx").on(t.companyId, t.status, t.publishedAt),
    index("reviews_product_status_published_idx").on(t.productId, t.status, t.publishedAt),
    uniqueIndex("reviews_withdrawal_token_hash_unique").on(t.withdrawalTokenHash),
    // The jobs: pending reviews by submission (30-day publication), approved ones by publication (5 years).
    index("reviews_status_created_idx").on(t.status, t.createdAt),
    index("reviews_status_published_idx").on(t.status, t.publishedAt),
    // The statistics' themes: the newest published reviews of a side (rated ≥ 4 or ≤ 2) of a period.
    index("reviews_company_liked_published_idx")
      .on(t.companyId, t.publishedAt)
      .where(sql`"status" = 'approved' and "rating" >= 4`),
    // The automatic checks' duplicate test (built concurrently: db/concurrent-indexes.ts).
    index("reviews_company_text_hash_idx").on(t.companyId, t.textHash).where(sql`${t.textHash} is not null`),
    index("reviews_company_disliked_published_idx")
      .on(t.companyId, t.publishedAt)
      .where(sql`"status" = 'approved' and "rating" <= 2`),
    // The store's themes (built concurrently: db/concurrent-indexes.ts).
    index("reviews_company_store_liked_published_idx")
      .on(t.companyId, t.publishedAt)
      .where(sql`"status" = 'approved' and "rating" >= 4 and "subject" = 'store'`),
    index("reviews_company_store_disliked_published_idx")
      .on(t.companyId, t.publishedAt)
      .where(sql`"status" = 'approved' and "rating" <= 2 and "subject" = 'store'`),
  ],
);

/**
 * The append-only moderation trail (ISO 20488): one row per event, never updated nor deleted (a
 * trigger refuses it) but by the retention purge (a refused or withdrawn review's events with it,
 * a company's with the company) and the erasure of an author (the free texts of an erased review's
 * events blanked), see migrations 0010 and 0032 and `review-trail/trail-retention.ts`. No foreign
 * keys: the purge and the company's deletion delete it explicitly.
 */
export const reviewEvents = pgTable(
  "review_events",
  {
    id: id(),
    /** Insertion order: events of one instant (one transaction) keep the order they happened in. */
    seq: bigserial("seq", { mode: "number" }).notNull(),
    companyId: uuid("company_id").notNull(),
    reviewId: uuid("review_id").notNull(),
    /** submitted | approved | rejected | auto_published | reply_* | withdrawn | reported | expired | erasure */
    kind: text("kind").notNull(),
    /** user | author | system */
    actor: text("actor").notNull(),
    actorUserId: uuid("actor_user_id"),
    /** The member's name at the time (the trail keeps it when the account goes). */
    actorName: text("actor_name"),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    reason: text("reason"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("review_events_review_idx").on(t.reviewId, t.seq),
    index("review_events_company_seq_idx").on(t.companyId, t.seq),
    // A member's doubt reports of the last day, counted before each new one.
    index("review_events_reporter_created_idx")
      .on(t.actorUserId, t.createdAt)
      .where(sql`${t.kind} = 'reported'`),
  ],
);

export const reviewFiles = pgTable(
  "review_files",
  {
    id: id(),
    companyId: companyRef(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    fieldId: text("field_id").notNull(),
    /** Path relative to `DATA_DIR/uploads`. */
    path: text("path").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("review_files_review_idx").on(t.reviewId)],
);

/**
 * The one durable e-mail queue (every e-mail the server sends), and for order e-mails one row per
 * order and kind: the idempotency guard of the mail pipeline.
 */
export const emailDeliveries = pgTable(
  "email_deliveries",
  {
    id: id(),
    /** The company whose quota the e-mail counts against; null for an `account` e-mail. */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    /** The order of a pipeline e-mail; null for `test` and `account` e-mails (message stored below). */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    /**
     * request | reminder | thanks (templates); test; rejection | reply (to the author);
     * publication_warning (to the company's admins, keyed by the order of the first review it lists);
     * account (identity and invitation e-mails, outside any quota).
     */
    kind: text("kind").notNull(),
    /**
     * A `test` or `account` e-mail: recipient and the message rendered when it was asked for. Its
     * bodies and code (links, tokens) are blanked once it is sent or dead.
     */
    toEmail: text("to_email"),
    subject: text("subject"),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    /** A code the recipient types (verification, invitation), shown in the dev mailbox. */
    code: text("code"),
    /** scheduled | sending | sent | held | cancelled | failed */
    status: text("status").notNull().default("scheduled"),
    scheduledAt: tz("scheduled_at"),
    sentAt: tz("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    /**
     * While `sending`: the claim's end on the database's clock; a worker that died mid-send leaves
     * it to be claimed again.
     */
    leaseUntil: tz("lease_until"),
    /** The claim holding the lease: renewals and outcomes apply only while it is still this one. */
    leaseToken: uuid("lease_token"),
    lastError: text("last_error"),
    /** When a failed e-mail was queued again by hand ('Renvoyer', once). */
    resentAt: tz("resent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_deliveries_order_kind_unique").on(t.orderId, t.kind),
    index("email_deliveries_company_sent_idx").on(t.companyId, t.sentAt),
    index("email_deliveries_status_scheduled_idx").on(t.status, t.scheduledAt),
    /** The due account e-mails, claimed before a backlog of order e-mails (someone waits for them). */
    index("email_deliveries_account_due_idx")
      .on(t.scheduledAt)
      .where(sql`${t.kind} = 'account' AND ${t.status} = 'scheduled'`),
  ],
);

/**
 * One row per company and day the 30-day warning went out: whichever instance inserts it queues the
 * one e-mail of the day (two instances warning about different batches still send one).
 */
export const publicationWarnings = pgTable(
  "publication_warnings",
  {
    companyId: uuid("company_id").notNull(),
    day: text("day").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/**
 * Reviews per company, product, status and star bucket (the rating rounded as the list's rating
 * filter rounds it), with their rating sum; kept exact by statement triggers on `reviews` (see the
 * migration). Lists count and average from here instead of scanning millions of reviews.
 */
export const reviewStats = pgTable(
  "review_stats",
  {
    companyId: uuid("company_id").notNull(),
    productId: uuid("product_id").notNull(),
    status: text("status").notNull(),
    stars: smallint("stars").notNull(),
    reviews: integer("reviews").notNull().default(0),
    ratingSum: numeric("rating_sum", { precision: 16, scale: 2 }).notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.productId, t.status, t.stars] })],
);

/**
 * Store reviews (subject `store`) per company, status and star bucket, with their rating sum: the
 * store rating's count, average and distribution, kept exact by the same statement triggers as
 * `review_stats` (migration 0035), which counts product reviews only.
 */
export const storeReviewStats = pgTable(
  "store_review_stats",
  {
    companyId: uuid("company_id").notNull(),
    status: text("status").notNull(),
    stars: smallint("stars").notNull(),
    reviews: integer("reviews").notNull().default(0),
    ratingSum: numeric("rating_sum", { precision: 16, scale: 2 }).notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.status, t.stars] })],
);

/**
 * Published reviews per company, subject, product and UTC day of publication, by star bucket (the public
 * pages' filter: under 1 counts as 1): a public page's number finds the day its first review falls on by
 * summing a row a day (`product_id` the nil UUID: the company's reviews of that subject; else that
 * product's), not by skipping every newer review. Kept exact by statement triggers on `reviews`
 * (migration 0047).
 */
export const reviewPageDays = pgTable(
  "review_page_days",
  {
    companyId: uuid("company_id").notNull(),
    subject: text("subject").$type<ReviewSubject>().notNull(),
    productId: uuid("product_id").notNull(),
    day: date("day").notNull(),
    stars1: integer("stars_1").notNull().default(0),
    stars2: integer("stars_2").notNull().default(0),
    stars3: integer("stars_3").notNull().default(0),
    stars4: integer("stars_4").notNull().default(0),
    stars5: integer("stars_5").notNull().default(0),
    /** Their ratings' sum (the statistics' store rating of a period reads the company's store rows). */
    ratingSum: numeric("rating_sum", { precision: 16, scale: 2 }).notNull().default("0"),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.subject, t.productId, t.day] })],
);

/**
 * Orders per company and product: `orders` counts the orders holding the product (one line each: an
 * order names a product once), `heads` those whose head (line 0) it is, so a company's orders are the
 * sum of its `heads`. Kept exact by statement triggers on `orders` (see the migration): the orders list
 * counts from here instead of scanning a million orders.
 */
export const orderStats = pgTable(
  "order_stats",
  {
    companyId: uuid("company_id").notNull(),
    productId: uuid("product_id").notNull(),
    orders: integer("orders").notNull().default(0),
    heads: integer("heads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.productId] })],
);

/**
 * Commandes' state filter: the states an order's products' requests are in (domain `requestState`), a row
 * per order head and state, with the list's sort key. Recomputed by the app for the orders noted in
 * `order_request_states_stale` (statement triggers note every change the rule reads; migration 0048).
 */
export const orderRequestStates = pgTable(
  "order_request_states",
  {
    headId: uuid("head_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    companyId: uuid("company_id").notNull(),
    state: text("state").$type<RequestState>().notNull(),
    orderDate: tz("order_date").notNull(),
    createdAt: tz("created_at").notNull(),
    reference: text("reference").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.headId, t.state] }),
    index("order_request_states_list_idx").on(
      t.companyId,
      t.state,
      t.orderDate.desc(),
      t.createdAt.desc(),
      t.reference.desc(),
    ),
  ],
);

/** Orders whose `order_request_states` rows may be out of date (appended by triggers, no key). */
export const orderRequestStatesStale = pgTable(
  "order_request_states_stale",
  {
    companyId: uuid("company_id").notNull(),
    reference: text("reference").notNull(),
  },
  (t) => [index("order_request_states_stale_company_idx").on(t.companyId)],
);
