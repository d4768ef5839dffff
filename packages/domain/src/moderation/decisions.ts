import type { ModerationMode } from "./modes";

/**
 * Decisions on a review (ARCHITECTURE §10.19–20): `published` (a pending review published),
 * `kept` (a published review stays: a contest or a report dismissed), `rejected` (a pending review
 * refused), `removed` (a published review taken down: operators only, the one exception to one-way
 * moderation). A statement of reasons goes to the author of each `rejected` or `removed` one.
 */
export const MODERATION_DECISIONS = ["published", "kept", "rejected", "removed"] as const;
export type ModerationDecisionKind = (typeof MODERATION_DECISIONS)[number];

/** Who decided: a shop member (shop mode), a Certavis operator, or the service alone. */
export const DECIDERS = ["shop", "operator", "automatic"] as const;
export type Decider = (typeof DECIDERS)[number];

/** What an operator does with an item of a queue: publish, keep, or remove (with a reason). */
export const OPERATOR_ACTIONS = ["publish", "keep", "remove"] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

/** Where a decision came from. */
export const DECISION_SOURCES = ["review", "contest", "report", "appeal"] as const;
export type DecisionSource = (typeof DECISION_SOURCES)[number];

/**
 * The decision an operator's action makes on a review of status `status`, or null when it does not
 * apply: publish a pending one; keep a published one; remove a pending one (rejected) or a published
 * one (removed).
 */
export function operatorDecision(action: OperatorAction, status: string): ModerationDecisionKind | null {
  if (action === "publish") return status === "pending" ? "published" : null;
  if (action === "keep") return status === "approved" ? "kept" : null;
  if (status === "pending") return "rejected";
  if (status === "approved") return "removed";
  return null;
}

/** Whether `decider` may make `decision`: only an operator removes a published review. */
export function mayDecide(decider: Decider, decision: ModerationDecisionKind): boolean {
  if (decision === "removed") return decider === "operator";
  if (decision === "kept") return decider === "operator" || decider === "shop";
  return true;
}

/** Whether the decision needs a reason from REJECTION_REASONS and sends the author a statement of reasons. */
export function needsStatementOfReasons(decision: ModerationDecisionKind): boolean {
  return decision === "rejected" || decision === "removed";
}

/** The review status a decision leaves (a removed review leaves public view as `rejected`). */
export function statusAfterDecision(decision: ModerationDecisionKind): "approved" | "rejected" {
  return decision === "published" || decision === "kept" ? "approved" : "rejected";
}

/** Where a public report goes: the operators in Certavis mode, the shop in shop mode. */
export function reportRoute(mode: ModerationMode): "operators" | "shop" {
  return mode === "certavis" ? "operators" : "shop";
}

/** Reasons a visitor reports a published review for ('Signaler', DSA art. 16). */
export const REPORT_REASONS = ["illegal_content", "personal_data", "not_real_experience", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export function isReportReason(value: unknown): value is ReportReason {
  return typeof value === "string" && (REPORT_REASONS as readonly string[]).includes(value);
}

/** Limits of the free texts of a report, a contest and an appeal (characters, once trimmed). */
export const REPORT_EXPLANATION_MAX_LENGTH = 2000;
export const CONTEST_EXPLANATION_MAX_LENGTH = 2000;
export const APPEAL_EXPLANATION_MAX_LENGTH = 2000;
export const OPERATOR_NOTE_MAX_LENGTH = 2000;

/** Public reports one IP address may send per rolling hour (a 429 beyond). */
export const PUBLIC_REPORTS_PER_IP_PER_HOUR = 5;
export const PUBLIC_REPORT_WINDOW_MS = 60 * 60 * 1000;

/** Statuses of a contest, a report and an appeal, and their outcomes once closed. */
export const CASE_STATUSES = ["open", "closed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_OUTCOMES = ["kept", "removed"] as const;
export type CaseOutcome = (typeof CASE_OUTCOMES)[number];
export const APPEAL_OUTCOMES = ["upheld", "overturned"] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** What closes a contest or a report: the decision it led to. */
export function caseOutcome(decision: ModerationDecisionKind): CaseOutcome {
  return decision === "removed" || decision === "rejected" ? "removed" : "kept";
}

/**
 * What an operator's action on an author's appeal does (DSA art. 20): `keep` upholds the decision
 * appealed (the review stays out of public view), `publish` overturns it (the review is published
 * again); `remove` does not apply to an appeal.
 */
export function appealOutcome(action: OperatorAction): AppealOutcome | null {
  if (action === "keep") return "upheld";
  if (action === "publish") return "overturned";
  return null;
}

/** Whether the shop may contest a review: Certavis mode in force, the review published. */
export function mayContest(mode: ModerationMode, status: string): boolean {
  return mode === "certavis" && status === "approved";
}
