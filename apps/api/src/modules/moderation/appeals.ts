import { isRejectionReason } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { companies, moderationAppeals, moderationDecisions } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import { conflict, fieldError, notFound } from "../../http/errors";
import type { SchemaOf } from "../../http/operation-types";
import { recordReviewEvents } from "../review-trail/review-events";
import { appealTokenDecision, moderationRulesUrl } from "./appeal-token";

/** The decision an appeal link names (its token checked by HMAC and by its stored hash), or null. */
async function decisionOf(ctx: AppContext, token: string) {
  const id = appealTokenDecision(ctx.keys.all("review-key"), token);
  if (!id) return null;
  const [row] = await ctx.db
    .select({ decision: moderationDecisions, companyName: companies.name })
    .from(moderationDecisions)
    .innerJoin(companies, eq(companies.id, moderationDecisions.companyId))
    .where(eq(moderationDecisions.id, id));
  // Only a decision a statement of reasons was made for carries an appeal (its token's hash).
  if (!row?.decision.appealTokenHash || !isRejectionReason(row.decision.reason)) return null;
  return row;
}

/** What the appeal page shows (`GET /public/appeals/?token=`); 404 for an unknown token. */
export async function appealStatement(ctx: AppContext, token: string): Promise<SchemaOf<"AppealStatement">> {
  const found = await decisionOf(ctx, token);
  if (!found || !isRejectionReason(found.decision.reason))
    throw notFound(fr.server.moderation.errors.appealInvalid);
  const { decision } = found;
  const [appeal] = await ctx.db
    .select()
    .from(moderationAppeals)
    .where(eq(moderationAppeals.decisionId, decision.id));
  return {
    decision: decision.decision === "removed" ? "removed" : "rejected",
    reason: decision.reason as SchemaOf<"AppealStatement">["reason"],
    reason_label: fr.certification.reasons[found.decision.reason as keyof typeof fr.certification.reasons],
    facts: decision.facts,
    automated: decision.automated,
    decided_at: decision.createdAt.toISOString(),
    company_name: found.companyName,
    rules_url: moderationRulesUrl(ctx.config.publicUrl),
    appeal: appeal
      ? {
          status: appeal.status === "closed" ? "closed" : "open",
          outcome: appeal.outcome === "upheld" || appeal.outcome === "overturned" ? appeal.outcome : null,
          created_at: appeal.createdAt.toISOString(),
        }
      : null,
  };
}

/**
 * The author's one appeal of a decision (DSA art. 20), through the statement's link: recorded for the
 * operators' queue and in the review's trail; a second one is a 409.
 */
export async function createAppeal(ctx: AppContext, token: string, rawExplanation: string) {
  const errors = fr.server.moderation.errors;
  const found = await decisionOf(ctx, token);
  if (!found) throw notFound(errors.appealInvalid);
  const explanation = rawExplanation.trim();
  if (!explanation) throw fieldError("explanation", errors.explanationRequired);
  const { decision } = found;
  const at = ctx.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(moderationAppeals)
        .values({
          companyId: decision.companyId,
          reviewId: decision.reviewId,
          decisionId: decision.id,
          explanation,
          createdAt: at,
        })
        .returning({ id: moderationAppeals.id });
      if (!row) throw new Error("appeal not recorded");
      await recordReviewEvents(tx, [
        {
          companyId: decision.companyId,
          reviewId: decision.reviewId,
          kind: "appealed",
          actor: { kind: "author" },
          reason: decision.reason,
          note: explanation,
          at,
        },
      ]);
      return { id: row.id, detail: fr.server.moderation.appealReceived };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(errors.appealAlready);
    throw error;
  }
}
