import type { Db } from "../../../db/client";
import type { integrations } from "../../../db/schema";
import type { BodyOf, SchemaOf } from "../../../http/operation-types";
import type { KeyRing } from "../../../lib/keyring";
import type { insertedLeased } from "../../../lib/leased-queue";
import type { MappedEvent } from "../shop-order";

export type PlatformId = SchemaOf<"Integration">["platform"];
export type IntegrationRow = typeof integrations.$inferSelect;
type CreationBody = BodyOf<"companyIntegrationsCreate">;
type IntegrationView = SchemaOf<"Integration">;

/** The settings a connection may change after its creation (`PATCH`); another platform's is a 400. */
export type ConnectionSetting = "secret" | "delay_start" | "timezone" | "states";

/** What a connection does with a signed delivery's topic: take it, log it as ignored (why), or neither. */
export type Handling = { take: true } | { take: false; ignoredBecause: string } | null;

/** How a platform that pushes signs and names its webhooks, and what each topic means. */
export interface WebhookReading {
  /** The header holding the signature of the raw body. */
  signatureHeader: string;
  /** Whether `signature` signs `rawBody` with the connection's secret. */
  signatureMatches(rawBody: string, secret: string, signature: unknown): boolean;
  topicHeader: string;
  /** Headers naming the delivery, first found wins (else the raw body's hash). */
  deliveryIdHeaders: readonly string[];
  handling(topic: string, row: IntegrationRow): Handling;
  /** Whether an unsigned form-encoded body is the platform's check that the URL answers (nothing recorded). */
  isUrlCheck?(body: unknown): boolean;
  /** The order's reference in a body logged as ignored, when the platform names one. */
  referenceOf?(body: unknown): string | null;
}

/** What a pull needs: the database, the keys (the connection's key is sealed) and a way to take each recorded event. */
export interface PullContext {
  db: Db;
  now: () => Date;
  keys: KeyRing;
  /** `OUTBOUND_ALLOW_PRIVATE=1`: http and private addresses (development and tests only). */
  allowPrivate: boolean;
  /** Orders asked per request (the platform's own page size when absent). */
  pageSize?: number;
  /** The lease an event to take is recorded with (lib/leased-queue): this pull takes it at once. */
  leased: ReturnType<typeof insertedLeased>;
  /** Takes one event recorded with `leased` at once. */
  take(eventId: string): Promise<void>;
}

/** The connection's own settings at its creation (no timezone: the default shop timezone is stored). */
export interface CreatedSettings {
  delayStart: string | null;
  timezone?: string;
  states: number[];
  /** PrestaShop: how many days before the connection its first pull reads. */
  firstPullDays?: number;
}

/** One shop platform: everything that differs between Shopify, WooCommerce and PrestaShop. */
export interface ShopPlatform {
  /**
   * Where the connection's secret comes from: one we generate (signs the shop's webhooks, shown to
   * the roles allowed), the shop's own (the connection waits for it until given), or the key of the
   * shop's API we call (required at creation).
   */
  secret: "generated" | "shop" | "api_key";
  /** The settings `PATCH` accepts for a connection of this platform. */
  settings: readonly ConnectionSetting[];
  /** Its settings at creation, from the body (checked; its defaults for those not given). */
  createdSettings(body: CreationBody): CreatedSettings;
  /** Its settings as the contract shows them (the other platforms' are null or empty). */
  settingsView(row: IntegrationRow): Pick<IntegrationView, "states" | "delay_start" | "timezone">;
  /** A platform that pushes its orders to our webhook. */
  webhook: WebhookReading | null;
  /** A platform whose orders we pull: reads a connection's new orders, records and takes them. */
  pull: ((context: PullContext, row: IntegrationRow) => Promise<void>) | null;
  /** A recorded event's body as an order to take, a reason to ignore or refuse it, or none of ours. */
  mapEvent(topic: string, body: unknown): MappedEvent | null;
}
