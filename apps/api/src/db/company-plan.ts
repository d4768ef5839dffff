import { type PlanLimits, planLimits } from "@certavis/domain";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { companies } from "./schema";

/** The limits of the company's plan; `lock` also takes the company row for the rest of the transaction. */
export async function companyPlan(db: DbOrTx, companyId: string, { lock = false } = {}): Promise<PlanLimits> {
  const query = db
    .select({ planType: companies.planType })
    .from(companies)
    .where(eq(companies.id, companyId));
  const [company] = lock ? await query.for("update") : await query;
  return planLimits(company?.planType);
}
