import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { totpCode } from "../../src/auth/totp";
import { companies, reviews } from "../../src/db/schema";
import { runOperatorRequest } from "../../src/modules/operators/operator-accounts";
import { registerVerifiedUser, type TestApp, type TestUser } from "../helpers";

/** A new operator signed in through the real second factor: their user and an access token. */
export async function signedInOperator(t: TestApp): Promise<TestUser & { access: string }> {
  const user = await registerVerifiedUser(t, { firstName: "Odile", lastName: "Opératrice" });
  expect((await runOperatorRequest(t.ctx.db, { command: "add", email: user.email }, t.ctx.now())).ok).toBe(
    true,
  );
  const login = await t.inject({
    method: "POST",
    url: "/api/v1/auth/login/",
    payload: { email: user.email, password: user.password },
  });
  const { challenge, enrolment } = login.json();
  const res = await t.inject({
    method: "POST",
    url: "/api/v1/auth/login/second-factor/",
    payload: { challenge, code: totpCode(enrolment.secret, t.ctx.now()) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...user, access: res.json().access };
}

/** The company is moderated by Certavis since `since`. */
export async function moderatedByCertavis(t: TestApp, companyId: string, since: Date): Promise<void> {
  await t.ctx.db
    .update(companies)
    .set({ moderation: "certavis", moderationRequestedAt: since, moderationEffectiveAt: since })
    .where(eq(companies.id, companyId));
}

export async function reviewOfOrder(t: TestApp, orderId: string) {
  const [row] = await t.ctx.db.select().from(reviews).where(eq(reviews.orderId, orderId));
  if (!row) throw new Error("no review");
  return row;
}
