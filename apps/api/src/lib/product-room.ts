import { planLimitMessages } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import { countRows } from "../db/count-rows";
import { products } from "../db/schema";
import { planRoom } from "../http/plan-room";

/** The plan's room for one more product (its 403 past `max_products`): the back-office's and the connections'. */
export const assertProductRoom = planRoom({
  limit: (plan) => plan.max_products,
  count: (db, companyId) => countRows(db, products, eq(products.companyId, companyId)),
  message: planLimitMessages.products,
});
