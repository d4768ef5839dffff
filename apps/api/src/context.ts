import type { AppConfig, PasswordHashParams } from "./config";
import type { Database, Db } from "./db/client";
import type { Cipher } from "./lib/crypto";
import type { FileStorage } from "./lib/storage";
import type { Mailer } from "./mail/mailer";
import type { OutboxMailer } from "./mail/outbox-mailer";
import type { StripeClient } from "./modules/billing/stripe-client";

/** What every handler can reach (`request.server.ctx` or `app.ctx`): one object built by buildApp. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** The in-memory copy of sent mails behind `/_dev/mailbox` (null in production). */
  outbox: OutboxMailer | null;
  storage: FileStorage;
  /** HS256 key of access JWTs (from JWT_SECRET or the generated secret). */
  jwtKey: Uint8Array;
  /** Reversible encryption of company API keys (see db/schema/companies.ts). */
  apiKeyCipher: Cipher;
  passwordHashParams: PasswordHashParams;
  /** Stripe when STRIPE_SECRET_KEY is set; null means the local sandbox checkout. */
  stripe: StripeClient | null;
  /** The clock (tests may move it). */
  now: () => Date;
  state: { ready: boolean };
}
