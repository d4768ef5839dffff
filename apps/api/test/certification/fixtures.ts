import type { ManualClock } from "../../src/modules/pipeline";
import {
  authHeaders,
  createCompanyFor,
  expectMatchesContract,
  registerVerifiedUser,
  type TestApp,
  type TestCompany,
} from "../helpers";

export interface Shop {
  company: TestCompany;
  auth: Record<string, string>;
  productId: string;
}

/** A paying company with one active product on the default form and templates. */
export async function openShop(t: TestApp, name = "Lampe Aurore"): Promise<Shop> {
  const owner = await registerVerifiedUser(t);
  const company = await createCompanyFor(t, owner, { planType: "CROISSANCE" });
  const auth = authHeaders(owner.access);
  const created = await t.inject({
    method: "POST",
    url: "/api/v1/company/products/",
    headers: auth,
    payload: {
      name,
      status: "active",
      form_id: company.defaults.formId,
      email_request_template_id: company.defaults.requestTemplateId,
    },
  });
  return {
    company,
    auth,
    productId: expectMatchesContract<{ id: string }>(created, "companyProductsCreate").id,
  };
}

let counter = 0;

/** An order placed `daysAgo` days before the clock, answered now: returns the review id and buyer. */
export async function submitReview(
  t: TestApp,
  shop: Shop,
  clock: ManualClock,
  answers: { rating: number; comment: string },
  daysAgo = 2,
): Promise<{ reviewId: string; email: string; orderId: string; orderDate: string }> {
  counter += 1;
  const email = `acheteur${counter}.${Date.now()}@exemple.fr`;
  const orderDate = new Date(clock.now().getTime() - daysAgo * 86_400_000).toISOString();
  const res = await t.inject({
    method: "POST",
    url: "/api/v1/orders/",
    headers: { "x-api-key": shop.company.apiKey },
    payload: {
      product_id: shop.productId,
      buyer_email: email,
      buyer_first_name: "Léa",
      buyer_last_name: "Bernard",
      reference: `CMD-${counter}-${Date.now()}`,
      order_date: orderDate,
    },
  });
  const order = expectMatchesContract<{ id: string; review_url: string }>(res, "ordersCreate");
  const key = new URL(order.review_url).searchParams.get("api_key") as string;
  const submitted = await t.inject({
    method: "POST",
    url: `/api/v1/review/?api_key=${encodeURIComponent(key)}`,
    payload: { answers },
  });
  const review = expectMatchesContract<{ id: string }>(submitted, "reviewSubmit");
  return { reviewId: review.id, email, orderId: order.id, orderDate };
}

/** Signs the owner in again (the access token expires when the test clock moves on). */
export async function signInAgain(t: TestApp, shop: Shop): Promise<void> {
  const res = await t.inject({
    method: "POST",
    url: "/api/v1/auth/login/",
    payload: { email: shop.company.owner.email, password: shop.company.owner.password },
  });
  const { access } = expectMatchesContract<{ access: string }>(res, "authLogin");
  Object.assign(shop.auth, authHeaders(access));
}
