import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../src/paths";
import { TEST_DATABASES } from "../helpers";
import { emptyDatabase, migrationsUpTo } from "../helpers/migrations";

describe.each(TEST_DATABASES)("migration 0046 (the sources of orders imported before 0038) on %s", (kind) => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: string;
  let companyId: string;
  let productId: string;

  const order = async (reference: string, line: number, createdAt: string, source = "api") => {
    const [row] = await database.execute(sql`
      INSERT INTO orders (company_id, product_id, reference, line, buyer_email, order_date, review_key_hash,
        created_at, source)
      VALUES (${companyId}, ${productId}, ${reference}, ${line}, 'a@exemple.fr', ${createdAt},
        ${`${reference}-${line}`}, ${createdAt}, ${source})
      RETURNING id`);
    return String(row?.id);
  };
  const job = (created: number, from: string, to: string | null, heartbeat: string) =>
    database.execute(sql`
      INSERT INTO order_imports (company_id, status, encoding, separator, total, created, created_at,
        finished_at, heartbeat_at)
      VALUES (${companyId}, ${to ? "done" : "failed"}, 'utf-8', ';', ${created}, ${created}, ${from}, ${to},
        ${heartbeat})`);

  beforeAll(async () => {
    database = await emptyDatabase(kind);
    before = migrationsUpTo(45);
    await database.migrate(before);
    const [company] = await database.execute(
      sql`INSERT INTO companies (name, slug) VALUES ('Maison Import', 'maison-import') RETURNING id`,
    );
    companyId = String(company?.id);
    const [product] = await database.execute(
      sql`INSERT INTO products (company_id, name, status) VALUES (${companyId}, 'Lampe', 'active') RETURNING id`,
    );
    productId = String(product?.id);
    // An import of 3 lines (2 orders, the first of two products) in two batches: its lines only.
    await job(3, "2026-01-10T10:00:00Z", "2026-01-10T10:00:05Z", "2026-01-10T10:00:05Z");
    await order("CSV-A", 0, "2026-01-10T10:00:01Z");
    await order("CSV-A", 1, "2026-01-10T10:00:01Z");
    await order("CSV-B", 0, "2026-01-10T10:00:03Z");
    // An import stopped without finishing (its last heartbeat ends it), 1 line.
    await job(1, "2026-01-11T10:00:00Z", null, "2026-01-11T10:00:02Z");
    await order("CSV-C", 0, "2026-01-11T10:00:01Z");
    // An import of 1 line during which an API call recorded an order too: which is which is unknown.
    await job(1, "2026-01-12T10:00:00Z", "2026-01-12T10:00:05Z", "2026-01-12T10:00:05Z");
    await order("MIX-1", 0, "2026-01-12T10:00:01Z");
    await order("MIX-2", 0, "2026-01-12T10:00:02Z");
    // API orders outside the imports, and a connection's order inside one (already known: untouched).
    await order("API-1", 0, "2026-01-10T09:59:59Z");
    await order("API-2", 0, "2026-01-10T10:00:06Z");
    await job(1, "2026-01-13T10:00:00Z", "2026-01-13T10:00:05Z", "2026-01-13T10:00:05Z");
    await order("SHOP-1", 0, "2026-01-13T10:00:01Z", "shopify");
  }, 300_000);
  afterAll(async () => {
    await database?.close();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  it("says CSV for the orders an import made before 0038 where its counts prove it, and only those", {
    timeout: 120_000,
  }, async () => {
    await database.migrate(MIGRATIONS_DIR);
    const rows = await database.execute(
      sql`SELECT reference, line, source FROM orders ORDER BY reference, line`,
    );
    const seen = Object.fromEntries(rows.map((r) => [`${r.reference}/${r.line}`, r.source]));
    expect(seen).toEqual({
      "API-1/0": "api",
      "API-2/0": "api",
      "CSV-A/0": "csv",
      "CSV-A/1": "csv",
      "CSV-B/0": "csv",
      "CSV-C/0": "csv",
      "MIX-1/0": "api",
      "MIX-2/0": "api",
      "SHOP-1/0": "shopify",
    });
  });
});
