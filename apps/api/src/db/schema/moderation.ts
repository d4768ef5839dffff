import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, tz } from "./columns";
import { companyRef } from "./companies";
import { users } from "./identity";
import { reviews } from "./reviews";

const reviewRef = () =>
  uuid("review_id")
    .notNull()
    .references(() => reviews.id, { onDelete: "cascade" });

/**
 * Every decision on a review that a statement of reasons may explain (DSA art. 17; ARCHITECTURE
 * §10.20): by a shop member (shop mode), a Certavis operator, or automatic. A `rejected` or `removed`
 * decision mails its author the statement, whose link carries the appeal token (hash here).
 */
export const moderationDecisions = pgTable(
  "moderation_decisions",
  {
    id: id(),
    companyId: companyRef(),
    reviewId: reviewRef(),
    /** published | kept | rejected | removed (domain `ModerationDecisionKind`) */
    decision: text("decision").notNull(),
    /** A code of REJECTION_REASONS (the rule applied): required for `rejected` and `removed`. */
    reason: text("reason"),
    /** The facts the decision rests on, as the statement of reasons tells them. */
    facts: text("facts").notNull().default(""),
    /** The decider's note (the rejection note of shop mode, the operator's note). */
    note: text("note"),
    /** Whether automatic means were used (the automatic checks flagged the review, or decided alone). */
    automated: boolean("automated").notNull().default(false),
    /** shop | operator | automatic */
    decidedBy: text("decided_by").notNull(),
    /** The shop member's or the operator's account; null for `automatic`. */
    decidedByUserId: uuid("decided_by_user_id").references(() => users.id, { onDelete: "set null" }),
    decidedByName: text("decided_by_name"),
    /** What the decision answered: review (its moderation) | contest | report | appeal, and that row's id. */
    source: text("source").notNull().default("review"),
    sourceId: uuid("source_id"),
    /** SHA-256 of the appeal link's token (only decisions a statement of reasons was sent for). */
    appealTokenHash: text("appeal_token_hash"),
    statementSentAt: tz("statement_sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_decisions_review_idx").on(t.reviewId, t.createdAt),
    index("moderation_decisions_company_created_idx").on(t.companyId, t.createdAt),
    uniqueIndex("moderation_decisions_appeal_token_unique").on(t.appealTokenHash),
  ],
);

/** A shop's 'Contester cet avis' (Certavis mode): one open per review, the review stays published. */
export const reviewContests = pgTable(
  "review_contests",
  {
    id: id(),
    companyId: companyRef(),
    reviewId: reviewRef(),
    /** A code of REJECTION_REASONS. */
    reason: text("reason").notNull(),
    explanation: text("explanation").notNull(),
    /** open | closed */
    status: text("status").notNull().default("open"),
    /** kept | removed (once closed) */
    outcome: text("outcome"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name"),
    decisionId: uuid("decision_id").references(() => moderationDecisions.id, { onDelete: "set null" }),
    decidedAt: tz("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("review_contests_open_unique").on(t.reviewId).where(sql`${t.status} = 'open'`),
    index("review_contests_status_created_idx").on(t.status, t.createdAt),
    index("review_contests_review_idx").on(t.reviewId, t.createdAt),
  ],
);

/** 'Signaler' from anyone (DSA art. 16), routed to the operators (Certavis mode) or to the shop. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: id(),
    companyId: companyRef(),
    reviewId: reviewRef(),
    /** illegal_content | personal_data | not_real_experience | other (domain REPORT_REASONS) */
    reason: text("reason").notNull(),
    explanation: text("explanation").notNull(),
    /** The reporter's address, to tell them the outcome (optional). */
    email: text("email"),
    /** HMAC of the reporter's IP address (the rate limit; never the address itself). */
    ipHash: text("ip_hash").notNull(),
    /** operators | shop: the mode in force when it came. */
    routedTo: text("routed_to").notNull(),
    /** open | closed */
    status: text("status").notNull().default("open"),
    /** kept | removed (once closed) */
    outcome: text("outcome"),
    decisionId: uuid("decision_id").references(() => moderationDecisions.id, { onDelete: "set null" }),
    decidedAt: tz("decided_at"),
    /** When the reporter was told the outcome. */
    outcomeSentAt: tz("outcome_sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("review_reports_routed_status_created_idx").on(t.routedTo, t.status, t.createdAt),
    index("review_reports_company_status_created_idx").on(t.companyId, t.status, t.createdAt),
    index("review_reports_review_idx").on(t.reviewId, t.createdAt),
    index("review_reports_ip_created_idx").on(t.ipHash, t.createdAt),
  ],
);

/** One appeal per decision, asked by the review's author through the statement's link, for operators. */
export const moderationAppeals = pgTable(
  "moderation_appeals",
  {
    id: id(),
    companyId: companyRef(),
    reviewId: reviewRef(),
    decisionId: uuid("decision_id")
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: "cascade" }),
    explanation: text("explanation").notNull(),
    /** open | closed */
    status: text("status").notNull().default("open"),
    /** upheld (the decision stands) | overturned (once closed) */
    outcome: text("outcome"),
    /** The operator's new decision when overturned (or the one confirming it). */
    outcomeDecisionId: uuid("outcome_decision_id").references(() => moderationDecisions.id, {
      onDelete: "set null",
    }),
    decidedAt: tz("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("moderation_appeals_decision_unique").on(t.decisionId),
    index("moderation_appeals_status_created_idx").on(t.status, t.createdAt),
  ],
);
