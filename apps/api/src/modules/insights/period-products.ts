import type { ResponseOf } from "../../http/operation-types";
import type { PeriodFigures } from "./period-figures";
import { numberOrNull } from "./period-filter";

type InsightsProducts = ResponseOf<"companyInsightsGet", 200>["products"];

/** Products with reviews submitted or asked for (their order's request sent) in the period, most reviews first. */
export function periodProducts(products: PeriodFigures["products"]): InsightsProducts {
  return products
    .filter((product) => product.submitted > 0 || product.asked > 0)
    .map((product) => ({
      id: product.id,
      name: product.name,
      reviews: product.submitted,
      average_rating: product.published > 0 ? numberOrNull(product.ratingSum / product.published, 2) : null,
      response_rate: product.asked > 0 ? numberOrNull(product.answered / product.asked, 4) : null,
    }));
}
