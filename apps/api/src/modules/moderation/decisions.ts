import { randomUUID } from "node:crypto";
import {
  type Decider,
  type DecisionSource,
  type ModerationDecisionKind,
  mayDecide,
  needsStatementOfReasons,
  type RejectionReason,
} from "@certavis/domain";
import type { DbOrTx } from "../../db/client";
import { moderationDecisions } from "../../db/schema";
import type { AuthenticatedUser } from "../../http/request-context";
import { appealTokenHash, deriveAppealToken } from "./appeal-token";

type DecisionUser = Pick<AuthenticatedUser, "id" | "email" | "firstName" | "lastName">;

export interface NewDecision {
  companyId: string;
  reviewId: string;
  decision: ModerationDecisionKind;
  /** Required for `rejected` and `removed` (the rule applied). */
  reason: RejectionReason | null;
  facts: string;
  note: string | null;
  /** Whether automatic means were used (the checks flagged the review, or decided alone). */
  automated: boolean;
  decidedBy: Decider;
  /** The shop member or the operator; none for `automatic`. */
  user: DecisionUser | null;
  source: DecisionSource;
  sourceId: string | null;
  at: Date;
}

function nameOf(user: DecisionUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
}

/**
 * Records a decision (in the caller's transaction, with the review's change it made) and, for a
 * rejection or a removal, the hash of its appeal token (`secret`: the newest review-key secret, the
 * mail worker rebuilds the token for the statement of reasons). Refuses what `mayDecide` refuses.
 */
export async function insertDecision(
  tx: DbOrTx,
  input: NewDecision,
  secret: string | Uint8Array,
): Promise<typeof moderationDecisions.$inferSelect> {
  if (!mayDecide(input.decidedBy, input.decision))
    throw new Error(`${input.decidedBy} may not make a '${input.decision}' decision`);
  if (needsStatementOfReasons(input.decision) && !input.reason)
    throw new Error(`a '${input.decision}' decision names its reason`);
  const id = randomUUID();
  const [row] = await tx
    .insert(moderationDecisions)
    .values({
      id,
      companyId: input.companyId,
      reviewId: input.reviewId,
      decision: input.decision,
      reason: input.reason,
      facts: input.facts,
      note: input.note,
      automated: input.automated,
      decidedBy: input.decidedBy,
      decidedByUserId: input.user?.id ?? null,
      decidedByName: input.user ? nameOf(input.user) : null,
      source: input.source,
      sourceId: input.sourceId,
      appealTokenHash: needsStatementOfReasons(input.decision)
        ? appealTokenHash(deriveAppealToken(secret, id))
        : null,
      createdAt: input.at,
    })
    .returning();
  if (!row) throw new Error("decision not recorded");
  return row;
}
