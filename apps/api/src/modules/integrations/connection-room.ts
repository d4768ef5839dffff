import { maxShopConnections } from "@certavis/domain";
import { planLimitMessages } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { RoomCheck } from "../../db/company-lock";
import { countRows } from "../../db/count-rows";
import { companies, integrations } from "../../db/schema";
import { forbidden } from "../../http/errors";

/** The plan's room for one more shop connection (its 403 past `MAX_SHOP_CONNECTIONS`), under the company lock. */
export const assertConnectionRoom: RoomCheck = async (db, companyId) => {
  const [company] = await db
    .select({ planType: companies.planType })
    .from(companies)
    .where(eq(companies.id, companyId));
  const limit = maxShopConnections(company?.planType);
  if ((await countRows(db, integrations, eq(integrations.companyId, companyId))) >= limit)
    throw forbidden(planLimitMessages.shopConnections(limit));
};
