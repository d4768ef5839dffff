import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, tz, updatedAt } from "./columns";
import { companyRef } from "./companies";

/**
 * A company's webhook endpoint (ARCHITECTURE §10.14): where its events go, signed per Standard
 * Webhooks with `secret` (`whsec_…`, sealed like the API keys). `failing_since` is the first failure
 * since the last success; 5 days of it disable the endpoint.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    companyId: companyRef(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().notNull(),
    secretCiphertext: text("secret_ciphertext").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    failingSince: tz("failing_since"),
    disabledAt: tz("disabled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhook_endpoints_company_idx").on(t.companyId, t.createdAt)],
);

/**
 * One event of a company (the outbox): written in the transaction of the change it tells. `payload`
 * is the body sent (`{"type","timestamp","data"}`), made once at its first attempt and then sent
 * unchanged on every attempt, whose `webhook-id` is `msg_<id without dashes>`.
 */
export const webhookMessages = pgTable(
  "webhook_messages",
  {
    id: id(),
    companyId: companyRef(),
    type: text("type").notNull(),
    /** The review or order the event is about (null for `ping`). */
    subjectId: uuid("subject_id"),
    occurredAt: tz("occurred_at").notNull(),
    payload: jsonb("payload"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_messages_company_idx").on(t.companyId, t.createdAt),
    index("webhook_messages_subject_idx").on(t.subjectId),
  ],
);

/**
 * One message to one endpoint: a leased queue like `email_deliveries` (claimed with SKIP LOCKED, the
 * lease on the database's clock, `next_attempt_at` on the queue's), with its last attempt.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    companyId: companyRef(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => webhookMessages.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** scheduled | sending | delivered | failed */
    status: text("status").notNull().default("scheduled"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tz("next_attempt_at"),
    leaseUntil: tz("lease_until"),
    leaseToken: uuid("lease_token"),
    lastStatusCode: integer("last_status_code"),
    lastDurationMs: integer("last_duration_ms"),
    lastError: text("last_error"),
    deliveredAt: tz("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'scheduled'`),
    index("webhook_deliveries_sending_idx").on(t.leaseUntil).where(sql`${t.status} = 'sending'`),
  ],
);
