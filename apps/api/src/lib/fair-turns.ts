import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Tx } from "../db/client";

/**
 * The due rows of a leased queue (the mail queue, the webhook queue): `from` is its table (joined to
 * what `room` reads), `due` says which rows are waiting, `id` is the table's key. Work is taken in turns: each tenant's oldest row first (one shop's backlog never holds
 * another's), and, with `lane`, each lane's oldest within a tenant (the endpoints of a company),
 * at most `room` rows per lane (an endpoint's free places).
 */
export interface FairTurns {
  from: SQL;
  id: SQLWrapper;
  due: SQL;
  /** When a row became due: turns are taken oldest first. */
  dueAt: SQLWrapper;
  tenant: SQLWrapper;
  lane?: { key: SQLWrapper; room: SQL };
}

/** Candidates read per place to fill: the rows parallel workers have just locked are skipped, not waited for. */
const CANDIDATES_PER_PLACE = 4;

/**
 * Ids of the due rows to fill `places` from, in their fair order (not locked: the caller locks the
 * first `places` free ones with `SKIP LOCKED` in that order, `inListOrder`). Each claim reads every
 * due row's key once (an index range), a scan per batch, not per row; the same SQL runs on PGlite.
 */
export async function fairDueIds(tx: Tx, turns: FairTurns, places: number): Promise<string[]> {
  const laneTurn = turns.lane
    ? sql`row_number() over (partition by ${turns.lane.key} order by ${turns.dueAt}, ${turns.id})`
    : sql`1`;
  const laneRoom = turns.lane ? sql`(${turns.lane.room})` : sql`1`;
  const result = await tx.execute(sql`
    select id from (
      select id, due_at, row_number() over (partition by tenant order by lane_turn, due_at, id) as turn
      from (
        select ${turns.id} as id, ${turns.tenant} as tenant, ${turns.dueAt} as due_at,
          ${laneTurn} as lane_turn, ${laneRoom} as lane_room
        from ${turns.from}
        where ${turns.due}
      ) ranked
      where lane_turn <= lane_room
    ) fair
    order by turn, due_at, id
    limit ${places * CANDIDATES_PER_PLACE}`);
  return (result as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** Orders a locking read by `ids`' order (the fair one): `SKIP LOCKED` takes the first free rows. */
export const inListOrder = (idColumn: SQLWrapper, ids: readonly string[]) =>
  sql`array_position(${`{${ids.join(",")}}`}::uuid[], ${idColumn})`;
