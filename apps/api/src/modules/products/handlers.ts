import { productLimitMessage } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { DbOrTx } from "../../db/client";
import { createWithinPlan, duplicateOf } from "../../db/company-lock";
import { countRows } from "../../db/count-rows";
import { products } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { findCompanyRow, updateCompanyRow } from "../../http/company-row";
import { type FieldErrors, fieldErrors } from "../../http/errors";
import { isMultipart, readMultipart } from "../../http/multipart";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { planRoom } from "../../http/plan-room";
import { isStoredImage } from "../../lib/image-url";
import { sniffFileType } from "../../lib/sniff";
import type { FileStorage } from "../../lib/storage";
import {
  type ProductChanges,
  type ProductPayload,
  payloadFromMultipart,
  resolveProductPayload,
} from "./product-input";
import { getProductView, listProductViews } from "./product-views";

export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const assertProductRoom = planRoom({
  limit: (plan) => plan.max_products,
  count: (db, companyId) => countRows(db, products, eq(products.companyId, companyId)),
  message: productLimitMessage,
});

/** Removes a stored product image once no product points at it any more (duplicates share it). */
async function removeImageIfUnused(
  db: DbOrTx,
  storage: FileStorage,
  imagePath: string | null,
): Promise<void> {
  if (!isStoredImage(imagePath)) return;
  const [stillUsed] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.imagePath, imagePath))
    .limit(1);
  if (!stillUsed) await storage.remove(imagePath);
}

/** The payload of a create/update (JSON or multipart) with the checked image, nothing stored yet. */
async function readProductRequest(request: FastifyRequest) {
  const errors: FieldErrors = {};
  if (!isMultipart(request)) return { payload: (request.body ?? {}) as ProductPayload, image: null, errors };
  const body = await readMultipart(request, { maxFileBytes: PRODUCT_IMAGE_MAX_BYTES, maxFiles: 1 });
  const payload = payloadFromMultipart(body.fields, errors);
  let image: { data: Buffer; extension: string } | null = null;
  for (const file of body.files) {
    if (file.field !== "image") {
      errors[file.field] = [fr.server.http.unknownField];
      continue;
    }
    const type = sniffFileType(file.data);
    if (type?.kind !== "image") errors.image = [fr.server.products.imageType];
    else image = { data: file.data, extension: type.extension };
  }
  return { payload, image, errors };
}

export const productHandlers = defineHandlers({
  companyProductsList: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, storage } = request.server.ctx;
    const page = pageParams(request.query);
    const { count, results } = await listProductViews(db, storage, companyId, page);
    return paged(request, page, count, results);
  },

  companyProductsCreate: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, storage, now } = request.server.ctx;
    await assertProductRoom(db, companyId);
    const { payload, image, errors } = await readProductRequest(request);
    const changes = await resolveProductPayload(db, companyId, payload, { creating: true }, errors);
    if (Object.keys(errors).length) throw fieldErrors(errors);
    if (image) changes.imagePath = await storage.save("products", image.extension, image.data);
    try {
      const { id } = await createWithinPlan(
        db,
        companyId,
        assertProductRoom,
        products,
        changes as Required<Pick<ProductChanges, "name">> & ProductChanges,
        now(),
      );
      reply.code(201);
      return await getProductView(db, storage, companyId, id);
    } catch (error) {
      if (image) await storage.remove(changes.imagePath);
      throw error;
    }
  },

  companyProductsGet: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, storage } = request.server.ctx;
    return await getProductView(db, storage, companyId, request.params.id);
  },

  companyProductsUpdate: async (request) => {
    const companyId = callerCompanyId(request);
    const { db, storage, now } = request.server.ctx;
    const current = await findCompanyRow(db, products, companyId, request.params.id);
    const { payload, image, errors } = await readProductRequest(request);
    const changes = await resolveProductPayload(
      db,
      companyId,
      payload,
      { creating: false, productId: current.id, current },
      errors,
    );
    if (Object.keys(errors).length) throw fieldErrors(errors);
    if (image) changes.imagePath = await storage.save("products", image.extension, image.data);
    await updateCompanyRow(db, products, companyId, current.id, { ...changes, updatedAt: now() });
    if ("imagePath" in changes && changes.imagePath !== current.imagePath)
      await removeImageIfUnused(db, storage, current.imagePath);
    return await getProductView(db, storage, companyId, current.id);
  },

  companyProductsDelete: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, storage } = request.server.ctx;
    const current = await findCompanyRow(db, products, companyId, request.params.id);
    // Orders, reviews, their files and e-mail deliveries go with it (ON DELETE CASCADE).
    await db.delete(products).where(and(eq(products.companyId, companyId), eq(products.id, current.id)));
    await removeImageIfUnused(db, storage, current.imagePath);
    reply.code(204);
  },

  companyProductsDuplicate: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, storage, now } = request.server.ctx;
    const current = await findCompanyRow(db, products, companyId, request.params.id);
    const copy = { ...duplicateOf(current), status: "draft", sku: null };
    const { id } = await createWithinPlan(db, companyId, assertProductRoom, products, copy, now());
    reply.code(201);
    return await getProductView(db, storage, companyId, id);
  },
});
