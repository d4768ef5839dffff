// Runs in the Vitest main process (Node), next to the real API: writes fixtures straight to its database
// with the API's own test helpers and schema. Component tests reach it through test/support/test-api.ts.
import { randomBytes, randomUUID } from "node:crypto";
import type { Role } from "@certavis/domain";
import { joinRequests, memberships, orders, products, reviews } from "../../../api/src/db/schema";
import { hashReviewKey } from "../../../api/src/lib/review-key";
import {
  createCompanyFor,
  registerVerifiedUser,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "../../../api/test/helpers";
import type {
  SeedAccountInput,
  SeedAccountResult,
  SeededUser,
  SeedJoinRequestsInput,
  SeedOrdersInput,
  SeedProductsInput,
  SeedReviewsInput,
} from "./seed-types";

const DAY = 86_400_000;

function seededUser(user: TestUser): SeededUser {
  return {
    id: user.id,
    email: user.email,
    password: user.password,
    firstName: user.firstName,
    lastName: user.lastName,
    access: user.access,
    refresh: user.refresh,
  };
}

async function account(t: TestApp, input: SeedAccountInput): Promise<SeedAccountResult> {
  const role = input.role === undefined ? "owner" : input.role;
  const profile = {
    email: input.email ?? uniqueEmail(role ?? "user"),
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    emailConfirmed: input.emailConfirmed,
  };
  if (role === null) return { user: seededUser(await registerVerifiedUser(t, profile)), company: null };
  if (role === "owner" && !input.companyId) {
    const owner = await registerVerifiedUser(t, profile);
    const company = await createCompanyFor(t, owner, { name: input.companyName, planType: input.plan });
    return {
      user: seededUser(owner),
      company: { id: company.id, name: company.name, apiKey: company.apiKey, ...company.defaults },
    };
  }
  let companyId = input.companyId;
  let company: SeedAccountResult["company"] = null;
  if (!companyId) {
    const owner = await registerVerifiedUser(t);
    const created = await createCompanyFor(t, owner, { name: input.companyName, planType: input.plan });
    companyId = created.id;
    company = { id: created.id, name: created.name, apiKey: created.apiKey, ...created.defaults };
  }
  const user = await registerVerifiedUser(t, profile);
  await t.ctx.db.insert(memberships).values({ companyId, userId: user.id, role: role as Role });
  return { user: seededUser(user), company: company ?? { id: companyId, name: "", apiKey: "" } };
}

async function productsOp(t: TestApp, input: SeedProductsInput) {
  const rows = await t.ctx.db
    .insert(products)
    .values(
      input.products.map((p) => ({
        companyId: input.companyId,
        name: p.name,
        status: p.status ?? "active",
        sku: p.sku ?? null,
      })),
    )
    .returning({ id: products.id, name: products.name });
  return rows;
}

async function insertOrder(
  t: TestApp,
  companyId: string,
  productId: string,
  orderDate: Date,
  buyer: { first: string; last: string },
) {
  const [row] = await t.ctx.db
    .insert(orders)
    .values({
      companyId,
      productId,
      reference: `CMD-${randomBytes(5).toString("hex")}`,
      buyerEmail: `${randomBytes(4).toString("hex")}@exemple.fr`,
      buyerFirstName: buyer.first,
      buyerLastName: buyer.last,
      orderDate,
      reviewKeyHash: hashReviewKey(randomBytes(32).toString("base64url")),
      createdAt: orderDate,
    })
    .returning({ id: orders.id });
  if (!row) throw new Error("order not created");
  return row.id;
}

async function ordersOp(t: TestApp, input: SeedOrdersInput) {
  const ids: string[] = [];
  for (const order of input.orders) {
    ids.push(
      await insertOrder(t, input.companyId, order.productId, new Date(order.orderDate ?? Date.now()), {
        first: "Jean",
        last: "Acheteur",
      }),
    );
  }
  return { ids };
}

async function reviewsOp(t: TestApp, input: SeedReviewsInput) {
  const created: { id: string }[] = [];
  for (const review of input.reviews) {
    const createdAt = new Date(review.createdAt ?? Date.now());
    const buyer = { first: review.authorFirstName ?? "Jean", last: review.authorLastName ?? "Client" };
    // Certified: each review answers an order, placed a month earlier so it stays out of the weekly chart.
    const orderId =
      review.certified === false
        ? null
        : await insertOrder(
            t,
            input.companyId,
            review.productId,
            new Date(review.orderDate ?? createdAt.getTime() - 30 * DAY),
            buyer,
          );
    const fields = (review.answers ?? []).map((a) => ({ ...a, id: randomUUID() }));
    const [row] = await t.ctx.db
      .insert(reviews)
      .values({
        companyId: input.companyId,
        subject: review.subject ?? "product",
        productId: review.subject === "store" ? null : review.productId,
        orderId,
        rating: (review.rating ?? 5).toFixed(2),
        title: review.title ?? "",
        comment: review.comment ?? "",
        authorFirstName: buyer.first,
        authorLastName: buyer.last,
        status: review.status ?? "pending",
        answers: Object.fromEntries(fields.map((f) => [f.id, f.value])),
        formSnapshot: fields.map((f, position) => ({
          id: f.id,
          label: f.label,
          type: f.type,
          page: 0,
          position,
        })),
        createdAt,
      })
      .returning({ id: reviews.id });
    if (!row) throw new Error("review not created");
    created.push(row);
  }
  return created;
}

async function joinRequestsOp(t: TestApp, input: SeedJoinRequestsInput) {
  const ids: string[] = [];
  for (let i = 0; i < input.count; i++) {
    const requester = await registerVerifiedUser(t, { email: uniqueEmail("demandeur") });
    const [row] = await t.ctx.db
      .insert(joinRequests)
      .values({ companyId: input.companyId, userId: requester.id, status: "pending" })
      .returning({ id: joinRequests.id });
    if (row) ids.push(row.id);
  }
  return { ids };
}

/** The user leaves their company behind the app's back (e.g. removed by an admin). */
async function removeMembership(t: TestApp, input: { userId: string }) {
  const { pglite, pool } = t.ctx.database;
  const statement = "DELETE FROM memberships WHERE user_id = $1";
  await (pglite ? pglite.query(statement, [input.userId]) : pool?.query(statement, [input.userId]));
  return {};
}

/** The operations of the seed server, by URL path. */
export function seedOperations(t: TestApp): Record<string, (body: never) => Promise<unknown>> {
  return {
    "/accounts": (body: SeedAccountInput) => account(t, body),
    "/products": (body: SeedProductsInput) => productsOp(t, body),
    "/orders": (body: SeedOrdersInput) => ordersOp(t, body),
    "/reviews": (body: SeedReviewsInput) => reviewsOp(t, body),
    "/join-requests": (body: SeedJoinRequestsInput) => joinRequestsOp(t, body),
    "/remove-membership": (body: { userId: string }) => removeMembership(t, body),
    // Mails received by the real SMTP server of the test API (read by test/support/mailbox.ts).
    "/mails": async (body: { to: string }) => t.smtp.mailsTo(body.to),
  };
}
