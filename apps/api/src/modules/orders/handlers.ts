import { parseOrderDate } from "@certavis/domain";
import { callerCompanyId } from "../../http/caller";
import { fieldErrors, forbidden } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { deriveReviewKey, reviewUrl } from "../pipeline/review-key";
import { createOrder } from "./create-order";
import { importOrdersCsv } from "./import-csv";
import { listOrderViews } from "./order-views";

export const INVALID_ORDER_DATE = "Date invalide.";

export const orderHandlers = defineHandlers({
  ordersCreate: async (request, reply) => {
    const companyId = request.apiKeyCompanyId;
    if (!companyId) throw forbidden();
    const ctx = request.server.ctx;
    const body = request.body;
    const orderDate = body.order_date ? parseOrderDate(String(body.order_date)) : null;
    if (body.order_date && !orderDate) throw fieldErrors({ order_date: [INVALID_ORDER_DATE] });
    const result = await ctx.db.transaction((tx) =>
      createOrder(
        tx,
        companyId,
        {
          productId: body.product_id,
          sku: body.sku,
          buyerEmail: body.buyer_email,
          buyerFirstName: body.buyer_first_name,
          buyerLastName: body.buyer_last_name,
          reference: body.reference,
          orderDate,
        },
        { now: ctx.now(), secret: ctx.jwtKey },
      ),
    );
    if (!result.ok) throw fieldErrors(result.errors);
    request.server.pipeline?.notify();
    const [view] = (await listOrderViews(ctx.db, companyId, { ids: [result.order.id], limit: 1, offset: 0 }))
      .results;
    reply.code(result.created ? 201 : 200);
    return {
      ...view,
      review_url: reviewUrl(ctx.config.formUrl, deriveReviewKey(ctx.jwtKey, result.order.id)),
    };
  },

  companyOrdersList: async (request) => {
    const companyId = callerCompanyId(request);
    const page = pageParams(request.query);
    const { count, results } = await listOrderViews(request.server.ctx.db, companyId, {
      ...page,
      productId: request.query.product_id,
    });
    return paged(request, page, count, results);
  },

  companyOrdersImport: async (request) => {
    const companyId = callerCompanyId(request);
    const result = await importOrdersCsv(request, companyId);
    request.server.pipeline?.notify();
    return result;
  },
});
