import type { AppConfig, PasswordHashParams } from "./config";
import type { Database, Db } from "./db/client";
import type { Cipher } from "./lib/crypto";
import type { KeyRing } from "./lib/keyring";
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
  /**
   * The keys shared by every instance (JWT_SECRET or the database; lib/keyring.ts): access tokens,
   * review keys and API-key encryption each use their own derived key. Loaded by `prepare()`.
   */
  keys: KeyRing;
  /** Reversible encryption of company API keys (see db/schema/companies.ts), by `keys`. */
  apiKeyCipher: Cipher;
  passwordHashParams: PasswordHashParams;
  /** Stripe when STRIPE_SECRET_KEY is set; null means the local sandbox checkout. */
  stripe: StripeClient | null;
  /** The clock (tests may move it). */
  now: () => Date;
  /** False: no periodic task runs by itself (tests that run the tasks at the times they choose). */
  periodicTasks: boolean;
  /** `ready` once migrated and seeded; `stopping` from SIGTERM on (GET /health/ answers 503). */
  /** `demoSeeded`: the demo account is there (seeded now or at an earlier start), known once ready. */
  state: { ready: boolean; stopping: boolean; demoSeeded: boolean };
}
