import {
  type ModerationMode,
  type ModerationState,
  moderationInForce,
  normalizeModerationMode,
  pendingModeration,
} from "@certavis/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies } from "../../db/schema";
import type { SchemaOf } from "../../http/operation-types";

/** The columns of `companies` that say who moderates. */
export interface ModerationColumns {
  moderation: string;
  moderationRequestedAt: Date | null;
  moderationEffectiveAt: Date | null;
}

export function moderationState(row: ModerationColumns): ModerationState {
  return {
    moderation: normalizeModerationMode(row.moderation),
    requestedAt: row.moderationRequestedAt,
    effectiveAt: row.moderationEffectiveAt,
  };
}

/** The public `Moderation` of a company at `now` (its page, widget, badge, procedure, settings). */
export function moderationView(row: ModerationColumns, now: Date): SchemaOf<"Moderation"> {
  const state = moderationState(row);
  const pending = pendingModeration(state, now);
  return {
    mode: moderationInForce(state, now),
    since: pending ? null : (state.effectiveAt?.toISOString() ?? null),
    pending: pending
      ? {
          mode: pending.mode,
          requested_at: pending.requestedAt.toISOString(),
          effective_at: pending.effectiveAt.toISOString(),
        }
      : null,
  };
}

/** The mode in force for a company at `now` (`shop` for an unknown one). */
export async function moderationOf(db: DbOrTx, companyId: string, now: Date): Promise<ModerationMode> {
  const [row] = await db
    .select({
      moderation: companies.moderation,
      moderationRequestedAt: companies.moderationRequestedAt,
      moderationEffectiveAt: companies.moderationEffectiveAt,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ? moderationInForce(moderationState(row), now) : "shop";
}

/** SQL: the company (`companies` in the query) is moderated by Certavis at `now`. */
export function certavisModeratedSql(now: Date): SQL {
  const at = now.toISOString();
  return sql`((${companies.moderation} = 'certavis' and (${companies.moderationEffectiveAt} is null or ${companies.moderationEffectiveAt} <= ${at}::timestamptz))
    or (${companies.moderation} = 'shop' and ${companies.moderationEffectiveAt} > ${at}::timestamptz))`;
}
