import { randomBytes } from "node:crypto";
import type { Role } from "@certavis/domain";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../src/auth/password";
import { issueTokenPair } from "../../src/auth/refresh-tokens";
import { companies, memberships, users } from "../../src/db/schema";
import { createCompany } from "../../src/modules/company/create-company";
import type { TestApp } from "./test-app";

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  access: string;
  refresh: string;
}

export interface TestCompany {
  id: string;
  name: string;
  /** The plain company API key (for `X-Api-Key`). */
  apiKey: string;
  owner: TestUser;
  defaults: {
    requestTemplateId: string;
    reminderTemplateId: string;
    thanksTemplateId: string;
    formId: string;
  };
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@exemple.test`;
}

/**
 * A user with a confirmed e-mail and a fresh token pair, written straight to the database (fast; the
 * HTTP registration flow has its own tests).
 */
export async function registerVerifiedUser(
  t: TestApp,
  input: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    emailConfirmed?: boolean;
  } = {},
): Promise<TestUser> {
  const email = (input.email ?? uniqueEmail()).toLowerCase();
  const password = input.password ?? "motdepasse-solide";
  const firstName = input.firstName ?? "Alice";
  const lastName = input.lastName ?? "Durand";
  const [row] = await t.ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password, t.ctx.passwordHashParams),
      firstName,
      lastName,
      emailConfirmed: input.emailConfirmed ?? true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error("user not created");
  const tokens = await issueTokenPair(t.ctx, t.ctx.db, row.id);
  return { id: row.id, email, password, firstName, lastName, ...tokens };
}

/** A company owned by `owner` (created with its API key and default templates and form), optionally on a plan. */
export async function createCompanyFor(
  t: TestApp,
  owner: TestUser,
  input: {
    name?: string;
    planType?: "LANCEMENT" | "CROISSANCE" | "EXPANSION";
    /** Needed before a paid checkout. */
    billingAddress?: string;
  } = {},
): Promise<TestCompany> {
  const name = input.name ?? `Entreprise ${randomBytes(3).toString("hex")}`;
  const created = await t.ctx.db.transaction((tx) =>
    createCompany(tx, { name, ownerId: owner.id }, t.ctx.apiKeyCipher, t.ctx.now()),
  );
  if (input.planType && input.planType !== "LANCEMENT") {
    await t.ctx.db
      .update(companies)
      .set({ planType: input.planType, subscriptionStatus: "active" })
      .where(eq(companies.id, created.company.id));
  }
  if (input.billingAddress) {
    await t.ctx.db
      .update(companies)
      .set({ billingAddress: input.billingAddress })
      .where(eq(companies.id, created.company.id));
  }
  return { id: created.company.id, name, apiKey: created.apiKey, owner, defaults: created.defaults };
}

/** A new verified user who is a member of `company` with `role`. */
export async function addMember(t: TestApp, company: { id: string }, role: Role): Promise<TestUser> {
  const user = await registerVerifiedUser(t, { email: uniqueEmail(role) });
  await t.ctx.db.insert(memberships).values({ companyId: company.id, userId: user.id, role });
  return user;
}
