import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tz } from "./columns";
import { companyRef } from "./companies";

/** One refused line of an import: its number in the file and the French messages per field. */
export interface OrderImportLineError {
  line: number;
  errors: Record<string, string[]>;
  /** The refused line's SKU and product name, when it has them. */
  sku?: string;
  product_name?: string;
  /** A cancelled or refunded order's line, left out on purpose (not refused). */
  skipped?: true;
}

/**
 * CSV imports of orders, run in batches by the instance that received the file. Each batch's orders,
 * e-mail jobs and the counts below commit together, so a job always says exactly what was kept.
 * `heartbeat_at` moves with every batch: a running job whose heartbeat is old lost its instance.
 */
export const orderImports = pgTable(
  "order_imports",
  {
    id: id(),
    companyId: companyRef(),
    /** running | done | failed */
    status: text("status").notNull().default("running"),
    filename: text("filename").notNull().default(""),
    /** utf-8 | windows-1252 */
    encoding: text("encoding").notNull(),
    separator: text("separator").notNull(),
    total: integer("total").notNull(),
    processed: integer("processed").notNull().default(0),
    created: integer("created").notNull().default(0),
    existing: integer("existing").notNull().default(0),
    refused: integer("refused").notNull().default(0),
    errors: jsonb("errors").$type<OrderImportLineError[]>().notNull().default([]),
    /** Orders created (`created` counts their product lines), and known orders completed by `lines_added` lines. */
    ordersCreated: integer("orders_created").notNull().default(0),
    ordersCompleted: integer("orders_completed").notNull().default(0),
    linesAdded: integer("lines_added").notNull().default(0),
    /** Lines, and orders, left out by their status (cancelled or refunded); listed in `errors` as skipped. */
    skipped: integer("skipped").notNull().default(0),
    ordersSkipped: integer("orders_skipped").notNull().default(0),
    /** Orders recorded without any e-mail: every product of theirs is a draft. */
    ordersUnmailed: integer("orders_unmailed").notNull().default(0),
    /** Names of the products the import created (unknown SKU or name), in file order. */
    newProducts: jsonb("new_products").$type<string[]>().notNull().default([]),
    /** Why a failed import stopped (French). */
    detail: text("detail"),
    heartbeatAt: tz("heartbeat_at").notNull().defaultNow(),
    createdAt: createdAt(),
    finishedAt: tz("finished_at"),
  },
  (t) => [
    // One running import per company, across every instance.
    uniqueIndex("order_imports_one_running_per_company").on(t.companyId).where(sql`${t.status} = 'running'`),
    index("order_imports_company_created_idx").on(t.companyId, t.createdAt),
  ],
);
