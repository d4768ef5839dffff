import type { OrderSource } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type integrationEvents, integrations } from "../../db/schema";
import type { KeyRing } from "../../lib/keyring";
import type { Finished } from "../../lib/leased-queue";
import { shopProducts } from "../../lib/shop-products";
import { createOrder } from "../orders/create-order";
import { platformOf } from "./platforms";
import type { MappedEvent } from "./shop-order";

export interface EventDeps {
  db: Db;
  now: () => Date;
  reviewKeySecret: () => Uint8Array;
  /** The server keys (an address is looked up on the suppression list by its keyed hash). */
  keys: KeyRing;
  /** Wakes the mail worker once an order is recorded. */
  notify: () => void;
}

export const EVENT_OUTCOMES = ["taken", "refused", "ignored"] as const;
export type EventOutcome = (typeof EVENT_OUTCOMES)[number];

/** A recorded event leased to a worker: what taking it reads. */
export interface ClaimedEvent {
  id: string;
  integrationId: string;
  companyId: string;
  platform: string;
  topic: string;
  payload: string | null;
  receivedAt: Date;
}

type Outcome =
  | { outcome: "taken"; orderId: string; reference: string }
  | {
      outcome: "refused" | "ignored";
      reason: string;
      reference: string | null;
      orderId?: string;
    };

/** An event still failing after this is refused in the log rather than tried again forever. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

function mapEvent(platform: string, topic: string, payload: string): MappedEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return { kind: "refused", reason: fr.server.integrations.unreadable, reference: null };
  }
  return platformOf(platform)?.mapEvent(topic, body) ?? null;
}

async function outcomeOf(
  deps: EventDeps,
  companyId: string,
  platform: OrderSource,
  mapped: MappedEvent | null,
): Promise<Outcome> {
  if (!mapped) return { outcome: "ignored", reason: "", reference: null };
  if (mapped.kind !== "order")
    return { outcome: mapped.kind, reason: mapped.reason, reference: mapped.reference };
  const { order } = mapped;
  const refuse = (reason: string): Outcome => ({ outcome: "refused", reason, reference: order.reference });
  const found = await shopProducts(deps.db, companyId, order.items, deps.now());
  if (!found.ok) return refuse(found.reason);
  const result = await deps.db.transaction((tx) =>
    createOrder(
      tx,
      companyId,
      {
        items: found.ids.map((productId) => ({ productId })),
        buyerEmail: order.email,
        buyerFirstName: order.firstName,
        buyerLastName: order.lastName,
        reference: order.reference,
        orderDate: order.orderDate,
        source: platform,
      },
      { now: deps.now(), secret: deps.reviewKeySecret(), keys: deps.keys },
    ),
  );
  if (!result.ok) return refuse(Object.values(result.errors).flat().join(" "));
  // A second topic of one order (Shopify's fulfilled after paid, WooCommerce's later updates).
  if (!result.created)
    return {
      outcome: "ignored",
      reason: fr.server.integrations.alreadyTaken,
      reference: order.reference,
      orderId: result.order.id,
    };
  deps.notify();
  return { outcome: "taken", orderId: result.order.id, reference: order.reference };
}

type EventRecord = Finished<typeof integrationEvents, EventOutcome>;

/** The event's outcome as its row records it; the stored body is blanked. */
const recorded = (deps: EventDeps, result: Outcome): EventRecord["record"] => ({
  status: "done",
  outcome: result.outcome,
  reference: result.reference?.slice(0, 200) ?? null,
  reason: result.outcome === "taken" ? null : result.reason || null,
  orderId: result.orderId ?? null,
  payload: null,
  processedAt: deps.now(),
});

/**
 * Takes one leased event: maps the platform's order, creates its unknown products within the plan,
 * records the order (idempotent on its reference, so a second topic of one order or a retry after a
 * crash finds it), then the outcome to record and, once recorded, the connection's status (`active`,
 * or `error` after a refused order). An error is thrown (the lease runs out and the event is taken
 * again) until the event is a day old: it is then refused with `failed`.
 */
export async function takeEvent(deps: EventDeps, event: ClaimedEvent): Promise<EventRecord> {
  let result: Outcome;
  try {
    result = await outcomeOf(
      deps,
      event.companyId,
      event.platform as OrderSource,
      mapEvent(event.platform, event.topic, event.payload ?? ""),
    );
  } catch (error) {
    if (event.receivedAt.getTime() >= deps.now().getTime() - GIVE_UP_AFTER_MS) throw error;
    const failed: Outcome = { outcome: "refused", reason: fr.server.integrations.failed, reference: null };
    return { outcome: "refused", record: recorded(deps, failed) };
  }
  return {
    outcome: result.outcome,
    record: recorded(deps, result),
    async andThen(tx) {
      await tx
        .update(integrations)
        .set({ status: result.outcome === "refused" ? "error" : "active", lastEventAt: event.receivedAt })
        .where(eq(integrations.id, event.integrationId));
      return undefined;
    },
  };
}
