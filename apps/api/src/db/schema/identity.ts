import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, tz, updatedAt } from "./columns";

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Stored lower-cased; unique. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    emailConfirmed: boolean("email_confirmed").notNull().default(false),
    /** Review alerts by e-mail (domain's `EMAIL_ALERTS`): all | negative | none. */
    emailAlerts: text("email_alerts").notNull().default("negative"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

/** Refresh tokens: rotated on every use; reusing a used one revokes its whole family. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: tz("expires_at").notNull(),
    usedAt: tz("used_at"),
    revokedAt: tz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_unique").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);

/** 6-hex-character e-mail verification codes, hashed, 10 min, limited attempts. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: tz("expires_at").notNull(),
    consumedAt: tz("consumed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_codes_user_idx").on(t.userId, t.createdAt)],
);

/** Single-use link tokens (reset, email_change, ...), ≥ 128 bits, hashed at rest. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    tokenHash: text("token_hash").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    expiresAt: tz("expires_at").notNull(),
    usedAt: tz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("one_time_tokens_hash_unique").on(t.tokenHash),
    index("one_time_tokens_user_kind_idx").on(t.userId, t.kind),
  ],
);

/**
 * Fixed-window counters for throttles that must hold across instances (failed logins per account,
 * ...). `key` is e.g. `login:<email>`; keyed by e-mail even for unknown accounts (no enumeration).
 */
export const authThrottles = pgTable("auth_throttles", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: tz("window_start").notNull().defaultNow(),
});
