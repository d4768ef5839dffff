import type { PlanLimits } from "@certavis/domain";
import type { DbOrTx } from "../db/client";
import type { RoomCheck } from "../db/company-lock";
import { companyPlan } from "../db/company-plan";
import { forbidden } from "./errors";

/**
 * The room check of a creation bounded by the plan (products, templates, forms): a 403 with the
 * plan's message once the company holds `limit` of the rows `count` counts; none when unlimited.
 */
export function planRoom(rule: {
  limit: (plan: PlanLimits) => number | null;
  count: (db: DbOrTx, companyId: string) => Promise<number>;
  message: (limit: number) => string;
}): RoomCheck {
  return async (db, companyId) => {
    const limit = rule.limit(await companyPlan(db, companyId));
    if (limit === null) return;
    if ((await rule.count(db, companyId)) >= limit) throw forbidden(rule.message(limit));
  };
}
