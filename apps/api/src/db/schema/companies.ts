import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, tz, updatedAt } from "./columns";
import { users } from "./identity";

export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: text("name").notNull(),
    website: text("website"),
    /** Where buyers write (Reply-To of its e-mails, the form's 'Nous contacter'); null: the owner's address. */
    contactEmail: text("contact_email"),
    /** Postal address printed on the company's invoices (several lines). */
    billingAddress: text("billing_address"),
    /** Address of the public review pages, `/avis/{slug}` (domain's `COMPANY_SLUG_PATTERN`). */
    slug: text("slug").notNull(),
    publicPage: boolean("public_page").notNull().default(true),
    /** Path relative to `DATA_DIR/uploads` (served at `/uploads/<path>`). */
    logoPath: text("logo_path"),
    /**
     * The API key is shown to admins (spec §6), so it is stored reversibly: AES-256-GCM with a key
     * derived (HKDF) from JWT_SECRET; `apiKeyHash` (SHA-256) is the lookup index for `X-Api-Key`.
     */
    apiKeyCiphertext: text("api_key_ciphertext"),
    apiKeyHash: text("api_key_hash"),
    apiKeyPrefix: text("api_key_prefix"),
    apiKeyExpiresAt: tz("api_key_expires_at"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    planType: text("plan_type").notNull().default("LANCEMENT"),
    subscriptionStatus: text("subscription_status"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    currentPeriodStart: tz("current_period_start"),
    currentPeriodEnd: tz("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** A lower paid plan taking over at the end of the current period (the free plan is `cancel_at_period_end`). */
    scheduledPlanType: text("scheduled_plan_type"),
    /** The Stripe subscription schedule carrying that change (none in the sandbox). */
    stripeScheduleId: text("stripe_schedule_id"),
    /** `created` time of the last provider event applied to the subscription (out-of-order guard). */
    subscriptionEventAt: tz("subscription_event_at"),
    emailQuotaUsed: integer("email_quota_used").notNull().default(0),
    emailQuotaPeriodStart: tz("email_quota_period_start").notNull().default(sql`date_trunc('month', now())`),
    /** Reviews created before this time went into a daily alert digest (null: none sent yet). */
    reviewDigestThrough: tz("review_digest_through"),
    /** When a member hid the dashboard's guided start ('Premiers pas'), for good. */
    getStartedHiddenAt: tz("get_started_hidden_at"),
    /** First time the widget was shown on a site other than ours (a step of the guided start). */
    widgetShownAt: tz("widget_shown_at"),
    /**
     * Who moderates (ARCHITECTURE §10.19): the mode last asked for (`shop` | `certavis`), when it was
     * asked and when it takes effect; before `moderationEffectiveAt` the other mode is in force (domain
     * `moderationInForce`). Null dates: `shop` since the company was created.
     */
    moderation: text("moderation").notNull().default("shop"),
    moderationRequestedAt: tz("moderation_requested_at"),
    moderationEffectiveAt: tz("moderation_effective_at"),
    /** A company moderated by Certavis that left: its public page and published reviews stay, frozen. */
    departedAt: tz("departed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("companies_api_key_hash_unique").on(t.apiKeyHash),
    uniqueIndex("companies_slug_unique").on(t.slug),
    index("companies_name_idx").on(t.name),
    index("companies_stripe_subscription_idx").on(t.stripeSubscriptionId),
  ],
);

/** `company_id` of a row that belongs to a company and goes with it (ON DELETE CASCADE). */
export const companyRef = () =>
  uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

/** A user belongs to at most one company. */
export const memberships = pgTable(
  "memberships",
  {
    id: id(),
    companyId: companyRef(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    joinedAt: tz("joined_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("memberships_user_unique").on(t.userId),
    index("memberships_company_idx").on(t.companyId),
  ],
);

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    companyId: companyRef(),
    /** Lower-cased. */
    email: text("email").notNull(),
    role: text("role").notNull(),
    /** SHA-256 of the invitation code sent by e-mail. */
    tokenHash: text("token_hash").notNull(),
    inviterId: uuid("inviter_id").references(() => users.id, { onDelete: "set null" }),
    /** pending | accepted | declined | cancelled */
    status: text("status").notNull().default("pending"),
    expiresAt: tz("expires_at").notNull(),
    respondedAt: tz("responded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invitations_token_hash_unique").on(t.tokenHash),
    index("invitations_company_status_idx").on(t.companyId, t.status),
    index("invitations_email_status_idx").on(t.email, t.status),
  ],
);

export const joinRequests = pgTable(
  "join_requests",
  {
    id: id(),
    companyId: companyRef(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** pending | accepted | declined | cancelled */
    status: text("status").notNull().default("pending"),
    role: text("role"),
    decidedAt: tz("decided_at"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("join_requests_company_status_idx").on(t.companyId, t.status),
    index("join_requests_user_status_idx").on(t.userId, t.status),
  ],
);
