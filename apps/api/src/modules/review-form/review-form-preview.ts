import { SAMPLE_TEMPLATE_VALUES } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { companies } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { ResponseOf } from "../../http/operation-types";
import { formForBuyer, shopForBuyer } from "./buyer-view";
import { formOfProduct } from "./review-key-lookup";

/** The example product of a preview (no real product has this id). */
export const PREVIEW_PRODUCT_ID = "00000000-0000-4000-8000-000000000000";

/**
 * `GET /review/preview/`: the company's default form as a buyer would see it, with an example product
 * and order (the template editor's test e-mail links here; the form then sends nothing). Public: it
 * carries nothing a stranger may not read.
 */
export async function reviewFormPreview(
  ctx: Pick<AppContext, "db" | "storage" | "now">,
  companyId: string,
): Promise<ResponseOf<"reviewFormPreview", 200>> {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const form = await formOfProduct(ctx.db, company.id, null);
  return {
    form: formForBuyer(form, company.planType),
    // Only the address the company gave for buyers: anyone may ask for this preview (a company's id is
    // in its widget's code), the owner's login e-mail that buyers' mails fall back to is not theirs.
    company: shopForBuyer(company, ctx.storage, company.contactEmail),
    product: {
      id: PREVIEW_PRODUCT_ID,
      name: fr.templates.testEmail.exampleProduct,
      image: null,
      description: null,
    },
    order: {
      reference: "EXEMPLE",
      order_date: ctx.now().toISOString(),
      buyer_first_name: SAMPLE_TEMPLATE_VALUES.prenom_acheteur,
    },
  };
}
