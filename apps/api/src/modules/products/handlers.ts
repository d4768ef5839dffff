import { buffer } from "node:stream/consumers";
import { fr } from "@certavis/i18n-fr/server";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { DbOrTx } from "../../db/client";
import { createWithinPlan, duplicateOf } from "../../db/company-lock";
import { isForeignKeyViolation } from "../../db/foreign-key-violation";
import { products, reviews } from "../../db/schema";
import { callerCompanyId } from "../../http/caller";
import { findCompanyRow, updateCompanyRow } from "../../http/company-row";
import { conflict, type FieldErrors, fieldErrors } from "../../http/errors";
import { isMultipart, type MultipartBody, streamMultipart } from "../../http/multipart";
import { defineHandlers } from "../../http/operation-types";
import { paged, pageParams } from "../../http/paging";
import { imageWithoutMetadata } from "../../lib/clean-image";
import { isStoredImage } from "../../lib/image-url";
import { assertProductRoom } from "../../lib/product-room";
import { reviewsChanged } from "../../lib/reviews-changed";
import { sniffFileType } from "../../lib/sniff";
import { type FileStorage, removeStored } from "../../lib/storage";
import { handOverOrderHeads } from "../orders/hand-over-heads";
import { countHeldRequests, sendHeldRequests } from "./held-requests";
import {
  type ProductChanges,
  type ProductPayload,
  payloadFromMultipart,
  resolveProductPayload,
} from "./product-input";
import { getProductView, listProductViews } from "./product-views";

export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

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

async function productHasReviews(db: DbOrTx, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(eq(reviews.productId, productId))
    .limit(1);
  return Boolean(row);
}

/**
 * The payload of a create/update (JSON or multipart); the image, once its first bytes say it is one,
 * is read (within 5 Mo), re-encoded without its metadata and stored. The caller removes it
 * (`imagePath`) if the request fails.
 */
async function readProductRequest(request: FastifyRequest, storage: FileStorage) {
  const errors: FieldErrors = {};
  if (!isMultipart(request))
    return { payload: (request.body ?? {}) as ProductPayload, imagePath: null, errors };
  const stored: string[] = [];
  let body: MultipartBody<null>;
  try {
    body = await streamMultipart(
      request,
      { maxFileBytes: PRODUCT_IMAGE_MAX_BYTES, maxFiles: 1 },
      async (file) => {
        const type = sniffFileType(file.head);
        if (file.field !== "image") errors[file.field] = [fr.server.http.unknownField];
        else if (type?.kind !== "image") errors.image = [fr.server.products.imageType];
        else {
          const image = await imageWithoutMetadata(await buffer(file.stream), type);
          if (image) stored.push(await storage.save("products", type.extension, image));
          else errors.image = [fr.server.products.imageType];
        }
        return null;
      },
    );
  } catch (error) {
    await removeStored(storage, stored);
    throw error;
  }
  return { payload: payloadFromMultipart(body.fields, errors), imagePath: stored[0] ?? null, errors };
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
    const { payload, imagePath, errors } = await readProductRequest(request, storage);
    try {
      const changes = await resolveProductPayload(db, companyId, payload, { creating: true }, errors);
      if (Object.keys(errors).length) throw fieldErrors(errors);
      if (imagePath) changes.imagePath = imagePath;
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
      await removeStored(storage, [imagePath]);
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
    const { payload, imagePath, errors } = await readProductRequest(request, storage);
    let changes: ProductChanges;
    try {
      changes = await resolveProductPayload(
        db,
        companyId,
        payload,
        { creating: false, productId: current.id, current },
        errors,
      );
      if (Object.keys(errors).length) throw fieldErrors(errors);
      if (imagePath) changes.imagePath = imagePath;
      await updateCompanyRow(db, products, companyId, current.id, { ...changes, updatedAt: now() });
    } catch (error) {
      await removeStored(storage, [imagePath]);
      throw error;
    }
    if ("imagePath" in changes && changes.imagePath !== current.imagePath)
      await removeImageIfUnused(db, storage, current.imagePath);
    // Its name, image, status and ids show on the public pages and bodies: their copies go.
    reviewsChanged(companyId);
    return await getProductView(db, storage, companyId, current.id);
  },

  companyProductsDelete: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, storage } = request.server.ctx;
    const current = await findCompanyRow(db, products, companyId, request.params.id);
    // A published review never disappears by the company's hand (ARCHITECTURE §10.12): a product with
    // reviews is archived instead. The foreign key (RESTRICT) refuses a review arriving meanwhile.
    if (await productHasReviews(db, current.id)) throw conflict(fr.server.products.hasReviews);
    try {
      // Its order lines and their e-mail deliveries go with it (ON DELETE CASCADE).
      await db.transaction(async (tx) => {
        await handOverOrderHeads(tx, companyId, current.id);
        await tx.delete(products).where(and(eq(products.companyId, companyId), eq(products.id, current.id)));
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(fr.server.products.hasReviews);
      throw error;
    }
    await removeImageIfUnused(db, storage, current.imagePath);
    reviewsChanged(companyId);
    reply.code(204);
  },

  companyProductsHeldRequestsGet: async (request) => {
    const { db, now } = request.server.ctx;
    return countHeldRequests(db, callerCompanyId(request), request.params.id, now());
  },

  companyProductsHeldRequestsSend: async (request) => {
    const { db, keys, now } = request.server.ctx;
    const sent = await sendHeldRequests(db, keys, callerCompanyId(request), request.params.id, now());
    if (sent.orders) request.server.pipeline?.notify();
    return sent;
  },

  companyProductsDuplicate: async (request, reply) => {
    const companyId = callerCompanyId(request);
    const { db, storage, now } = request.server.ctx;
    const current = await findCompanyRow(db, products, companyId, request.params.id);
    const copy = { ...duplicateOf(current), status: "draft", sku: null, gtin: null, url: null };
    const { id } = await createWithinPlan(db, companyId, assertProductRoom, products, copy, now());
    reply.code(201);
    return await getProductView(db, storage, companyId, id);
  },
});
