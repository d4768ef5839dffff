import type { Tx } from "../../db/client";
import { companies, memberships } from "../../db/schema";
import type { Cipher } from "../../lib/crypto";
import { newApiKey } from "./api-key";
import { freeSlugFor } from "./company-slug";
import { createCompanyDefaults } from "./defaults";

export interface CreateCompanyInput {
  name: string;
  website?: string | null;
  ownerId: string;
}

/** The company, its owner membership, its API key and its defaults — in the caller's transaction. */
export async function createCompany(tx: Tx, input: CreateCompanyInput, cipher: Cipher, now: Date) {
  const apiKey = newApiKey(cipher, now);
  const [company] = await tx
    .insert(companies)
    .values({
      name: input.name,
      slug: await freeSlugFor(tx, input.name),
      website: input.website ?? null,
      createdBy: input.ownerId,
      planType: "LANCEMENT",
      ...apiKey.columns,
    })
    .returning();
  if (!company) throw new Error("company not created");
  await tx
    .insert(memberships)
    .values({ companyId: company.id, userId: input.ownerId, role: "owner", joinedAt: now });
  const defaults = await createCompanyDefaults(tx, company.id);
  return { company, defaults, apiKey: apiKey.key };
}
