import { createHmac } from "node:crypto";
import { fr } from "@certavis/i18n-fr/server";
import { and, asc, eq, inArray, isNotNull, notLike, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailDeliveries, emailSuppressions, orders, periodicTaskRuns } from "../../db/schema";
import { sha256 } from "../../lib/crypto";
import type { KeyRing } from "../../lib/keyring";
import { kindsWith } from "../../mail/mail-kinds";

export type SuppressionReason = "unsubscribe" | "bounce" | "erasure";

const normalized = (email: string) => email.trim().toLowerCase();

/** `v2.<kid>.<HMAC-SHA256 under the root's email-hash key of the address's SHA-256>`. */
function keyedHash(kid: string, key: Uint8Array, digest: string): string {
  return `v2.${kid}.${createHmac("sha256", key).update(digest).digest("hex")}`;
}

/**
 * How a suppressed address is found (the only thing kept of an erased buyer's): an HMAC under the
 * ring's current `email-hash` key, tagged with its root's id, so that nobody holding the table
 * alone can test addresses against it. Keyed over the address's SHA-256, which is what was kept
 * before (`upgradeSuppressionHashes` turns those rows into this form without the address).
 */
export function emailHash(keys: KeyRing, email: string): string {
  return keyedHash(keys.current.kid, keys.currentKey("email-hash"), sha256(normalized(email)));
}

/**
 * Every form `email` may be stored under: its HMAC under each root of the ring (one made before a
 * rotation is still found while its root is kept), and the bare SHA-256 an instance of an older
 * version may still write during a rolling deploy (turned into an HMAC at the next start).
 */
function storedHashesOf(keys: KeyRing, email: string): string[] {
  const digest = sha256(normalized(email));
  return [
    ...keys.roots.map((root) => keyedHash(root.kid, keys.key("email-hash", root.kid) as Uint8Array, digest)),
    digest,
  ];
}

export async function isSuppressed(
  db: DbOrTx,
  keys: KeyRing,
  companyId: string,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: emailSuppressions.id })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.companyId, companyId),
        inArray(emailSuppressions.emailHash, storedHashesOf(keys, email)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The addresses of `emails` (lower-cased) that `companyId` no longer e-mails. */
export async function suppressedAmong(
  db: DbOrTx,
  keys: KeyRing,
  companyId: string,
  emails: string[],
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const byHash = new Map(
    emails.flatMap((e) => storedHashesOf(keys, e).map((h) => [h, normalized(e)] as const)),
  );
  const rows = await db
    .select({ emailHash: emailSuppressions.emailHash })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.companyId, companyId),
        inArray(emailSuppressions.emailHash, [...byHash.keys()]),
      ),
    );
  return new Set(rows.flatMap((r) => byHash.get(r.emailHash) ?? []));
}

/**
 * Puts `email` on the company's suppression list (a first reason stays, except that an erasure
 * blanks the address of a row already there: it becomes an erasure's, a hash only) and stops what
 * was still to go to it: its pending requests and reminders (even one a worker is sending) are
 * cancelled and their orders marked `suppressed`. A row found under an older key is re-keyed.
 */
export async function suppressAddress(
  tx: DbOrTx,
  keys: KeyRing,
  companyId: string,
  email: string,
  reason: SuppressionReason,
  now: Date,
): Promise<void> {
  const address = normalized(email);
  const hash = emailHash(keys, address);
  const erasure = reason === "erasure";
  // The e-mails first, as the mail worker's claim locks them (then the company, for its quota):
  // the suppression row below locks the company (its foreign key), and the other order deadlocked.
  const theirOrders = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.buyerEmail, address)));
  const stopped = await tx
    .update(emailDeliveries)
    .set({
      status: "cancelled",
      lastError: fr.server.mailQueue.suppressed,
      leaseUntil: null,
      leaseToken: null,
    })
    .where(
      and(
        inArray(emailDeliveries.orderId, theirOrders),
        inArray(emailDeliveries.kind, kindsWith("suppressible")),
        // One already leased to a worker too: its lease gone, the worker does not send it (lib/leased-queue).
        inArray(emailDeliveries.status, ["scheduled", "held", "sending"]),
      ),
    )
    .returning({ orderId: emailDeliveries.orderId });
  const orderIds = [...new Set(stopped.flatMap((s) => (s.orderId ? [s.orderId] : [])))];
  if (orderIds.length)
    await tx.update(orders).set({ emailStop: "suppressed" }).where(inArray(orders.id, orderIds));
  const found = await tx
    .select({ id: emailSuppressions.id, emailHash: emailSuppressions.emailHash })
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.companyId, companyId),
        inArray(emailSuppressions.emailHash, storedHashesOf(keys, address)),
      ),
    )
    .orderBy(asc(emailSuppressions.createdAt))
    .for("update");
  const [kept, ...others] = [
    ...found.filter((row) => row.emailHash === hash),
    ...found.filter((row) => row.emailHash !== hash),
  ];
  if (others.length)
    await tx.delete(emailSuppressions).where(
      inArray(
        emailSuppressions.id,
        others.map((row) => row.id),
      ),
    );
  if (kept) {
    if (erasure || kept.emailHash !== hash)
      await tx
        .update(emailSuppressions)
        .set({ emailHash: hash, ...(erasure ? { email: null, reason } : {}) })
        .where(eq(emailSuppressions.id, kept.id));
  } else {
    const insert = tx
      .insert(emailSuppressions)
      .values({ companyId, email: erasure ? null : address, emailHash: hash, reason, createdAt: now });
    // A row written meanwhile by another transaction: an erasure still blanks it.
    await (erasure
      ? insert.onConflictDoUpdate({
          target: [emailSuppressions.companyId, emailSuppressions.emailHash],
          set: { email: null, reason },
        })
      : insert.onConflictDoNothing());
  }
}

const UPGRADE_BATCH = 500;

/**
 * At start, once the ring is loaded: the rows not under the current key take it. A bare SHA-256
 * (kept before hashes were keyed, or written by an older instance during a rolling deploy) becomes
 * its HMAC; a row whose address is still known is hashed again under the current key. An erased
 * address hashed under an older root cannot be: it is found while that root stays in the ring.
 */
export async function upgradeSuppressionHashes(db: DbOrTx, keys: KeyRing): Promise<number> {
  const current = `v2.${keys.current.kid}.%`;
  const key = keys.currentKey("email-hash");
  // Once every known address is under the current root (recorded), a start reads only the bare
  // hashes an older instance may still write (a small partial index): no scan of the whole list.
  const marker = `suppression-hashes ${keys.current.kid}`;
  const rehashed =
    (await db.select().from(periodicTaskRuns).where(eq(periodicTaskRuns.name, marker))).length > 0;
  const bare = notLike(emailSuppressions.emailHash, "v2.%");
  const stale = rehashed
    ? bare
    : or(bare, and(isNotNull(emailSuppressions.email), notLike(emailSuppressions.emailHash, current)));
  let total = 0;
  for (;;) {
    const due = await db
      .select({
        id: emailSuppressions.id,
        companyId: emailSuppressions.companyId,
        email: emailSuppressions.email,
        emailHash: emailSuppressions.emailHash,
      })
      .from(emailSuppressions)
      .where(stale)
      .orderBy(asc(emailSuppressions.id))
      .limit(UPGRADE_BATCH);
    if (due.length === 0) {
      if (!rehashed)
        await db
          .insert(periodicTaskRuns)
          .values({ name: marker, lastRunAt: new Date() })
          .onConflictDoNothing();
      return total;
    }
    const upgraded = due.map((row) => ({
      ...row,
      hash: row.email ? emailHash(keys, row.email) : keyedHash(keys.current.kid, key, row.emailHash),
    }));
    // The same address already under the current key: the older row goes.
    const twins = await db
      .select({ companyId: emailSuppressions.companyId, emailHash: emailSuppressions.emailHash })
      .from(emailSuppressions)
      .where(
        inArray(
          emailSuppressions.emailHash,
          upgraded.map((row) => row.hash),
        ),
      );
    const taken = new Set(twins.map((twin) => `${twin.companyId} ${twin.emailHash}`));
    const gone: typeof upgraded = [];
    const moved: typeof upgraded = [];
    for (const row of upgraded) {
      const id = `${row.companyId} ${row.hash}`;
      (taken.has(id) ? gone : moved).push(row);
      taken.add(id);
    }
    if (gone.length)
      await db.delete(emailSuppressions).where(
        inArray(
          emailSuppressions.id,
          gone.map((row) => row.id),
        ),
      );
    if (moved.length) {
      const values = sql.join(
        moved.map((row) => sql`(${row.id}::uuid, ${row.hash})`),
        sql`, `,
      );
      await db.execute(
        sql`UPDATE email_suppressions AS s SET email_hash = v.hash FROM (VALUES ${values}) AS v(id, hash) WHERE s.id = v.id`,
      );
    }
    total += due.length;
  }
}
