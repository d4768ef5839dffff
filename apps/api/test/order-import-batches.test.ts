import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emailDeliveries, orders } from "../src/db/schema";
import { importLimits } from "../src/modules/orders/order-import-job";
import {
  companyWithTeaProduct,
  createTestApp,
  importOrders,
  SQL_TEST_DATABASES,
  type TestApp,
} from "./helpers";

const DEFAULT_LIMITS = {
  ...importLimits,
  batchSize: { ...importLimits.batchSize },
  linesPerBatch: { ...importLimits.linesPerBatch },
};
const BAD_EMAIL = { buyer_email: ["Veuillez saisir une adresse email valide."] };

/**
 * Batches end at a number of orders or of lines, whichever comes first: with tiny bounds, a file
 * mixing runs of refused lines, repeats and good lines keeps every count and every line's error.
 */
describe.each(SQL_TEST_DATABASES)("order import batches on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    Object.assign(importLimits, DEFAULT_LIMITS);
  });

  it("counts and reports every line across batches cut by orders or by lines", async () => {
    const { company, auth } = await companyWithTeaProduct(t);
    importLimits.batchSize = { pglite: 3, postgres: 3 };
    importLimits.linesPerBatch = { pglite: 4, postgres: 4 };

    // Lines 2-8 good, 9-19 refused (more than one batch of lines), 20 a repeat of line 2, 21-22 good.
    const lines = ["reference;sku;buyer_email;buyer_first_name;buyer_last_name;order_date"];
    for (let i = 0; i < 7; i++) lines.push(`G-${i};TEA-1;g${i}@exemple.fr;Léa;Bernard;20/11/2026`);
    for (let i = 0; i < 11; i++) lines.push(`B-${i};TEA-1;pas-un-email;Léa;Bernard;20/11/2026`);
    lines.push("G-0;TEA-1;g0@exemple.fr;Léa;Bernard;20/11/2026");
    for (let i = 7; i < 9; i++) lines.push(`G-${i};TEA-1;g${i}@exemple.fr;Léa;Bernard;20/11/2026`);
    const job = await importOrders(t, auth, lines.join("\n"));
    expect(job).toMatchObject({ status: "done", processed: 21, created: 9, existing: 1, refused: 11 });
    expect(job.errors).toEqual(
      Array.from({ length: 11 }, (_, i) => ({ line: 9 + i, sku: "TEA-1", errors: BAD_EMAIL })),
    );
    const kept = await t.ctx.db
      .select({ reference: orders.reference })
      .from(orders)
      .where(eq(orders.companyId, company.id));
    expect(kept.map((o) => o.reference).sort()).toEqual(Array.from({ length: 9 }, (_, i) => `G-${i}`));
    const mails = await t.ctx.db
      .select({ kind: emailDeliveries.kind })
      .from(emailDeliveries)
      .where(eq(emailDeliveries.companyId, company.id));
    expect(mails).toHaveLength(9);
  });
});
