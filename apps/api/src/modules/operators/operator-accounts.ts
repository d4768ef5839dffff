import { isBasicEmail, normalizeEmail } from "@certavis/domain";
import { formatDate } from "@certavis/i18n-fr";
import { fr } from "@certavis/i18n-fr/server";
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { memberships, operators, users } from "../../db/schema";

/** What the operators' command asks: the same whether the server runs it (channel) or the command itself. */
export type OperatorRequest =
  | { command: "add"; email: string }
  | { command: "remove"; email: string }
  | { command: "list" };

export interface OperatorAnswer {
  ok: boolean;
  /** What the command prints (French). */
  message: string;
}

const t = fr.server.operators;

/** Parses a request line of the channel or the command's arguments; null when it is not one. */
export function parseOperatorRequest(value: unknown): OperatorRequest | null {
  if (!value || typeof value !== "object") return null;
  const { command, email } = value as { command?: unknown; email?: unknown };
  if (command === "list") return { command };
  if ((command === "add" || command === "remove") && typeof email === "string") return { command, email };
  return null;
}

/** Runs one request on the database (the server's own, or the command's when no server holds it). */
export async function runOperatorRequest(
  db: DbOrTx,
  request: OperatorRequest,
  now: Date,
): Promise<OperatorAnswer> {
  if (request.command === "list") return listOperators(db);
  const email = normalizeEmail(request.email);
  if (!isBasicEmail(email)) return { ok: false, message: t.invalidEmail(request.email) };
  return request.command === "add" ? addOperator(db, email, now) : removeOperator(db, email);
}

async function addOperator(db: DbOrTx, email: string, now: Date): Promise<OperatorAnswer> {
  return db.transaction(async (tx) => {
    // The user's row locked first, then its memberships read: joining a company takes the same lock
    // (db/operator-lock.ts), so the two never cross.
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email))
      .limit(1)
      .for("update");
    if (!user) return { ok: false, message: t.noAccount(email) };
    const [membership] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.userId, user.id))
      .limit(1);
    if (membership) return { ok: false, message: t.memberOfCompany(email) };
    const added = await tx
      .insert(operators)
      .values({ userId: user.id, addedAt: now })
      .onConflictDoNothing()
      .returning({ userId: operators.userId });
    return { ok: true, message: added.length > 0 ? t.added(email) : t.alreadyOperator(email) };
  });
}

async function removeOperator(db: DbOrTx, email: string): Promise<OperatorAnswer> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  const removed = user
    ? await db.delete(operators).where(eq(operators.userId, user.id)).returning({ userId: operators.userId })
    : [];
  return removed.length > 0
    ? { ok: true, message: t.removed(email) }
    : { ok: false, message: t.notOperator(email) };
}

async function listOperators(db: DbOrTx): Promise<OperatorAnswer> {
  const rows = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      addedAt: operators.addedAt,
      confirmed: operators.totpConfirmedAt,
    })
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .orderBy(asc(operators.addedAt), asc(users.email));
  if (rows.length === 0) return { ok: true, message: t.noOperators };
  return {
    ok: true,
    message: rows
      .map((row) =>
        t.listLine(
          row.email,
          `${row.firstName} ${row.lastName}`.trim(),
          formatDate(row.addedAt),
          row.confirmed !== null,
        ),
      )
      .join("\n"),
  };
}
