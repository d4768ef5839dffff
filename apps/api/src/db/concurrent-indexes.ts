import type { Database } from "./client";

/**
 * An index built after the migrations, outside their transaction: on PostgreSQL with
 * `CREATE INDEX CONCURRENTLY`, which lets the table be written while it is built (a plain
 * `CREATE INDEX` in a migration holds writes to its table until every pending migration is
 * committed, minutes on a large table). docs/deploy.md, "Migrations on a large database".
 */
export interface ConcurrentIndex {
  /** The index's name (unique in the schema). */
  name: string;
  /** What follows `ON`: `"reviews" USING btree ("company_id", "created_at")`, optionally `WHERE ...`. */
  on: string;
  unique?: boolean;
}

/**
 * Indexes of existing tables that the migrations from 0031 on add: built at each start until they
 * exist and are valid, never in a migration (a new table's indexes may stay in its migration: it
 * is empty). Declare them in `db/schema` too, like any index. The code must work (slower) before an
 * index here is built; a unique index that the code relies on comes in the release after the one
 * that built it (docs/deploy.md).
 */
export const CONCURRENT_INDEXES: ConcurrentIndex[] = [
  // 0033: the erasure finds the stored webhook bodies about the erased reviews and orders.
  { name: "webhook_messages_subject_idx", on: '"webhook_messages" USING btree ("subject_id")' },
  // The start's check for bare SHA-256 hashes (privacy/suppressions.ts): none, read without a scan.
  {
    name: "email_suppressions_bare_hash_idx",
    on: `"email_suppressions" USING btree ("id") WHERE "email_hash" NOT LIKE 'v2.%'`,
  },
  // 0038: Commandes' search by a reference's or a buyer's address's start (heads only).
  {
    name: "orders_company_reference_search_idx",
    on: '"orders" USING btree ("company_id", "reference" text_pattern_ops) WHERE "line" = 0',
  },
  {
    name: "orders_company_email_search_idx",
    on: '"orders" USING btree ("company_id", "buyer_email" text_pattern_ops) WHERE "line" = 0',
  },
  // 0048: Commandes' source filter walks a rare source's orders in the list's order (PrestaShop's 1 in
  // 1,000 orders: 55 ms a page through the list's index, reading a thousand heads for one).
  {
    name: "orders_company_source_list_idx",
    on: '"orders" USING btree ("company_id", "source", "order_date" DESC, "created_at" DESC, "reference" DESC) WHERE "line" = 0',
  },
  // 0035: one review per order line and subject (a head line holds its product's and the store review;
  // the submission holds the line's row meanwhile), and a company's store reviews by publication.
  {
    name: "reviews_order_subject_unique",
    on: '"reviews" USING btree ("order_id","subject")',
    unique: true,
  },
  {
    name: "reviews_company_store_published_idx",
    on: `"reviews" USING btree ("company_id","status","published_at") WHERE "subject" = 'store'`,
  },
  // 0036: the automatic checks look for the same text from another order of the company.
  {
    name: "reviews_company_text_hash_idx",
    on: '"reviews" USING btree ("company_id", "text_hash") WHERE "text_hash" IS NOT NULL',
  },
  // 0047: Statistiques' store themes read the newest store reviews of a side, not every store review
  // of the period to find those rated ≥ 4 or ≤ 2.
  {
    name: "reviews_company_store_liked_published_idx",
    on: `"reviews" USING btree ("company_id","published_at") WHERE "status" = 'approved' and "rating" >= 4 and "subject" = 'store'`,
  },
  {
    name: "reviews_company_store_disliked_published_idx",
    on: `"reviews" USING btree ("company_id","published_at") WHERE "status" = 'approved' and "rating" <= 2 and "subject" = 'store'`,
  },
];

/** Only one instance builds at a time; the others find the indexes there at their next start. */
const BUILD_LOCK = 4_711_001;

export interface IndexBuildReport {
  built: string[];
  /** Invalid leftovers of an interrupted or failed build, dropped before being built again. */
  rebuilt: string[];
  failed: { name: string; error: unknown }[];
  /** Another instance holds the build lock: nothing was done. */
  skipped: boolean;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Builds the `indexes` that are missing or invalid, idempotently: on PostgreSQL CONCURRENTLY, each in
 * its own statement outside any transaction, one instance at a time (an advisory lock tried, not
 * awaited); on PGlite (one connection, small databases) plainly. A failed build is reported, its
 * invalid leftover dropped at the next call, and the other indexes are still built.
 */
export async function buildConcurrentIndexes(
  database: Database,
  indexes: ConcurrentIndex[],
): Promise<IndexBuildReport> {
  const report: IndexBuildReport = { built: [], rebuilt: [], failed: [], skipped: false };
  if (indexes.length === 0) return report;
  const { pool, pglite } = database;
  if (!pool) {
    if (!pglite) throw new Error("a database is PostgreSQL or PGlite");
    const run: Run = async (statement, values) => (await pglite.query<Row>(statement, values)).rows;
    for (const index of indexes) await buildOne(run, index, "", report);
    return report;
  }
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
      BUILD_LOCK,
    ]);
    if (!rows[0]?.locked) return { ...report, skipped: true };
    try {
      const run: Run = async (statement, values) => (await client.query<Row>(statement, values)).rows;
      for (const index of indexes) await buildOne(run, index, "CONCURRENTLY ", report);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [BUILD_LOCK]);
    }
  } finally {
    client.release();
  }
  return report;
}

type Row = Record<string, unknown>;
type Run = (statement: string, values?: unknown[]) => Promise<Row[]>;

async function buildOne(run: Run, index: ConcurrentIndex, concurrently: string, report: IndexBuildReport) {
  const name = quoted(index.name);
  try {
    const [found] = await run(
      `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
       where c.relname = $1 and c.relnamespace = current_schema()::regnamespace`,
      [index.name],
    );
    if (found?.valid) return;
    if (found) {
      // An interrupted or failed CONCURRENTLY build leaves an INVALID index that IF NOT EXISTS would keep.
      await run(`DROP INDEX ${concurrently}IF EXISTS ${name}`);
      report.rebuilt.push(index.name);
    }
    await run(
      `CREATE ${index.unique ? "UNIQUE " : ""}INDEX ${concurrently}IF NOT EXISTS ${name} ON ${index.on}`,
    );
    report.built.push(index.name);
  } catch (error) {
    report.failed.push({ name: index.name, error });
  }
}
