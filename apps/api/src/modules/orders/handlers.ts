import { can, isUuid, maskEmail, parseOrderDate } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import { orderImports } from "../../db/schema";
import { callerCompanyId, callerMembership } from "../../http/caller";
import { fieldErrors, forbidden, notFound } from "../../http/errors";
import { defineHandlers, type ResponseOf } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { reviewKeyOf, reviewUrl } from "../../lib/review-key";
import { createOrder } from "./create-order";
import { startOrderImport } from "./import-csv";
import { listOrderImports } from "./list-order-imports";
import { resendFailedRequest, sendRequestNow } from "./order-actions";
import { orderDetail, orderHead } from "./order-detail";
import { failStaleImports, orderImportView } from "./order-import-job";
import { listOrderViews, type OrderView } from "./order-views";
import { readOrderImport } from "./read-order-import";

const masked = <T extends Pick<OrderView, "buyer_email">>(order: T): T => ({
  ...order,
  buyer_email: maskEmail(order.buyer_email),
});

export const orderHandlers = defineHandlers({
  ordersCreate: async (request, reply) => {
    const companyId = request.apiKeyCompanyId;
    if (!companyId) throw forbidden();
    const ctx = request.server.ctx;
    const body = request.body;
    const orderDate = body.order_date ? parseOrderDate(String(body.order_date)) : null;
    if (body.order_date && !orderDate) throw fieldErrors({ order_date: [fr.server.http.invalidDate] });
    const result = await ctx.db.transaction((tx) =>
      createOrder(
        tx,
        companyId,
        {
          items: body.items?.map((item) => ({ productId: item.product_id, sku: item.sku })),
          productId: body.product_id,
          sku: body.sku,
          buyerEmail: body.buyer_email,
          buyerFirstName: body.buyer_first_name,
          buyerLastName: body.buyer_last_name,
          reference: body.reference,
          orderDate,
        },
        { now: ctx.now(), secret: ctx.keys.currentKey("review-key"), keys: ctx.keys },
      ),
    );
    if (!result.ok) throw fieldErrors(result.errors);
    request.server.pipeline?.notify();
    const [view] = (await listOrderViews(ctx.db, companyId, { ids: [result.order.id], limit: 1, offset: 0 }))
      .results;
    if (!view) throw new Error("order not found after creation");
    reply.code(result.created ? 201 : 200);
    const urls = result.lines.map((line) =>
      reviewUrl(ctx.config.formUrl, reviewKeyOf(ctx.keys.all("review-key"), line.id, line.reviewKeyHash)),
    );
    return { ...view, review_url: urls[0] ?? "", review_urls: urls };
  },

  companyOrdersList: async (request) => {
    const { companyId, role } = callerMembership(request);
    const { db } = request.server.ctx;
    const { query } = request;
    const page = pageParams(query);
    const day = (field: "from" | "to", value: string | undefined) => {
      if (value === undefined) return undefined;
      const date = parseOrderDate(value);
      if (!date || value.length !== 10) throw fieldErrors({ [field]: [fr.server.http.invalidDate] });
      return field === "to" ? new Date(date.getTime() + 86_400_000) : date;
    };
    const from = day("from", query.from);
    const to = day("to", query.to);
    let after = null;
    if (query.cursor !== undefined) {
      after = isUuid(query.cursor) ? await orderHead(db, companyId, query.cursor) : null;
      if (!after) throw fieldErrors({ cursor: [fr.server.orders.invalidCursor] });
    }
    // Buyers' addresses are for the roles that may see personal data (ARCHITECTURE §10.13): the
    // others neither see nor search them.
    const personal = can(role, "personalData.view");
    const { count, capped, results, last } = await listOrderViews(db, companyId, {
      ...page,
      productId: query.product_id,
      after,
      filters: { q: query.q, emailSearch: personal, state: query.state, source: query.source, from, to },
    });
    const shown = personal ? results : results.map(masked);
    // `next` by offset; a keyset page (`cursor`) links on by `next_cursor` only.
    const links = paged(request, page, capped ? count + 1 : count, shown);
    return {
      ...links,
      ...(after ? { previous: null, next: null } : {}),
      count,
      count_capped: capped,
      next_cursor: last?.id ?? null,
    };
  },

  companyOrdersGet: async (request) => {
    const { companyId, role } = callerMembership(request);
    const detail = await orderDetail(request.server.ctx.db, companyId, request.params.id);
    if (!detail) throw notFound();
    return can(role, "personalData.view") ? detail : masked(detail);
  },

  companyOrdersSendNow: async (request) => {
    const { companyId } = callerMembership(request);
    const { db, now } = request.server.ctx;
    if (!(await sendRequestNow(db, companyId, request.params.id, now()))) throw notFound();
    request.server.pipeline?.notify();
    const detail = await orderDetail(db, companyId, request.params.id);
    if (!detail) throw notFound();
    return detail;
  },

  companyOrdersResend: async (request) => {
    const { companyId } = callerMembership(request);
    const { db, now } = request.server.ctx;
    if (!(await resendFailedRequest(db, companyId, request.params.id, now()))) throw notFound();
    request.server.pipeline?.notify();
    const detail = await orderDetail(db, companyId, request.params.id);
    if (!detail) throw notFound();
    return detail;
  },

  /** The same import as the job endpoints, answered once it is over (kept for API users). */
  companyOrdersImport: async (request): Promise<ResponseOf<"companyOrdersImport", 200>> => {
    const { job, finished } = await startOrderImport(request);
    await finished;
    const [row] = await request.server.ctx.db.select().from(orderImports).where(eq(orderImports.id, job.id));
    return { created: row?.created ?? 0, existing: row?.existing ?? 0, errors: row?.errors ?? [] };
  },

  companyOrderImportsCreate: async (
    request,
    reply,
  ): Promise<ResponseOf<"companyOrderImportsCreate", 202>> => {
    const { job } = await startOrderImport(request);
    reply.code(202);
    return job;
  },

  companyOrderImportsList: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    await failStaleImports(db, now(), companyId);
    const page = pageParams(request.query);
    const { count, results } = await listOrderImports(db, companyId, page);
    return paged(request, page, count, results);
  },

  companyOrderImportsGet: async (request): Promise<ResponseOf<"companyOrderImportsGet", 200>> => {
    const companyId = callerCompanyId(request);
    const { db, now } = request.server.ctx;
    await failStaleImports(db, now(), companyId);
    const row = await readOrderImport(db, companyId, request.params.id, request.query.errors_from ?? 0);
    if (!row) throw notFound();
    return orderImportView(row);
  },
});
