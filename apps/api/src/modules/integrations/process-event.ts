import type { OrderSource } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, asc, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { integrationEvents, integrations } from "../../db/schema";
import type { KeyRing } from "../../lib/keyring";
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

type Outcome =
  | { outcome: "taken"; orderId: string; reference: string }
  | {
      outcome: "refused" | "ignored";
      reason: string;
      reference: string | null;
      orderId?: string;
    };

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

/**
 * Takes one recorded event (once: only while `pending`): maps the platform's order, creates its
 * unknown products within the plan, records the order (idempotent on its reference, so a second
 * topic of one order or a retry after a crash finds it), then writes the outcome, blanks the stored
 * body and sets the connection's status (`active`, or `error` after a refused order).
 */
export async function processIntegrationEvent(deps: EventDeps, eventId: string): Promise<void> {
  const [row] = await deps.db
    .select({ event: integrationEvents, platform: integrations.platform })
    .from(integrationEvents)
    .innerJoin(integrations, eq(integrations.id, integrationEvents.integrationId))
    .where(and(eq(integrationEvents.id, eventId), eq(integrationEvents.outcome, "pending")));
  if (!row) return;
  const { event, platform } = row;
  const result = await outcomeOf(
    deps,
    event.companyId,
    platform as OrderSource,
    mapEvent(platform, event.topic, event.payload ?? ""),
  );
  const done = await deps.db
    .update(integrationEvents)
    .set({
      outcome: result.outcome,
      reference: result.reference?.slice(0, 200) ?? null,
      reason: result.outcome === "taken" ? null : result.reason || null,
      orderId: result.orderId ?? null,
      payload: null,
      processedAt: deps.now(),
    })
    .where(and(eq(integrationEvents.id, eventId), eq(integrationEvents.outcome, "pending")))
    .returning({ id: integrationEvents.id });
  if (!done.length) return;
  await deps.db
    .update(integrations)
    .set({ status: result.outcome === "refused" ? "error" : "active", lastEventAt: event.receivedAt })
    .where(eq(integrations.id, event.integrationId));
}

/** How long a recorded event may wait before the sweep takes it (its own request normally does at once). */
export const SWEEP_AFTER_MS = 60_000;
/** An event still failing after this is refused in the log rather than retried forever. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/**
 * Takes the events a crash or an error left pending (oldest first, a batch per run); those pending
 * for a day are refused with `failed`.
 */
export async function sweepPendingEvents(deps: EventDeps, log: (error: unknown) => void): Promise<void> {
  const now = deps.now().getTime();
  const pending = await deps.db
    .select({ id: integrationEvents.id, receivedAt: integrationEvents.receivedAt })
    .from(integrationEvents)
    .where(
      and(
        eq(integrationEvents.outcome, "pending"),
        lt(integrationEvents.receivedAt, new Date(now - SWEEP_AFTER_MS)),
      ),
    )
    .orderBy(asc(integrationEvents.receivedAt))
    .limit(100);
  for (const event of pending) {
    try {
      await processIntegrationEvent(deps, event.id);
    } catch (error) {
      log(error);
      if (event.receivedAt.getTime() < now - GIVE_UP_AFTER_MS)
        await deps.db
          .update(integrationEvents)
          .set({
            outcome: "refused",
            reason: fr.server.integrations.failed,
            payload: null,
            processedAt: deps.now(),
          })
          .where(and(eq(integrationEvents.id, event.id), eq(integrationEvents.outcome, "pending")));
    }
  }
}
