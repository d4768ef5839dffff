import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { companies } from "../../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Companies already marked by this process: the widget's hot path writes once per company. */
const marked = new LRUCache<string, true>({ max: 10_000 });

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * A step of the guided start: the first time `/widget` is framed by a page of another site (its
 * `Referer` names another origin than ours: not the back-office's live preview), the company's
 * `widget_shown_at` is set. Never awaited by the page, never failing it.
 */
export function noteWidgetShown(request: FastifyRequest): void {
  const companyId = (request.query as { company_id?: unknown } | undefined)?.company_id;
  if (typeof companyId !== "string" || !UUID.test(companyId) || marked.has(companyId)) return;
  const from = originOf(request.headers.referer);
  if (!from) return;
  const { config, db, now } = request.server.ctx;
  const ours = [config.publicUrl, config.formUrl, config.widgetUrl].map(originOf);
  if (ours.includes(from)) return;
  marked.set(companyId, true);
  db.update(companies)
    .set({ widgetShownAt: now() })
    .where(and(eq(companies.id, companyId), isNull(companies.widgetShownAt)))
    .catch((error: unknown) => {
      marked.delete(companyId);
      request.log.warn({ err: error }, "could not note the widget as shown");
    });
}
