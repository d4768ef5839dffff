import type { PGlite, Transaction } from "@electric-sql/pglite";
import { yieldToLoop } from "../lib/yield-to-loop";

/** `target` whose `query` and `exec` first give the event loop back; its own methods bound to it. */
function yieldingQueries<T extends object>(target: T, extra: Partial<Record<PropertyKey, unknown>> = {}): T {
  return new Proxy(target, {
    get(object, property) {
      if (property in extra) return extra[property];
      const value = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      if (property === "query" || property === "exec")
        return async (...args: unknown[]) => {
          await yieldToLoop();
          return value.apply(object, args);
        };
      // PGlite keeps its state in private fields: its methods must run on the instance itself.
      return value.bind(object);
    },
  });
}

/**
 * The PGlite the ORM talks to: every statement (in a transaction too) waits for the event loop to
 * turn first. PGlite runs a statement on the server's own thread and its promise settles without
 * any I/O, so a task made of many statements (a mail worker's claim, an import batch) would
 * otherwise hold every other request, even those that never touch the database (/health/,
 * /embed.js), from its first statement to its last. Now the longest hold is one statement.
 */
export function yieldingPglite(pglite: PGlite): PGlite {
  return yieldingQueries(pglite, {
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      pglite.transaction((tx) => callback(yieldingQueries(tx))),
  });
}
