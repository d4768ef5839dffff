import { formatAverage } from "@certavis/i18n-fr/format";
import { fr } from "../../../lib/fr";
import type { PublicReviews } from "../api/public-reviews";
import { RatingStars } from "./rating-stars";

export function WidgetHeader({ data }: { data: PublicReviews }) {
  const average = data.metrics.average_note;
  return (
    <header className="cw-header">
      <div className="cw-header-names">
        <h1 className="cw-company">{data.company.name}</h1>
        <p className="cw-product">{data.product ? data.product.name : fr.widget.allProducts}</p>
      </div>
      <div className="cw-summary">
        {/* No average yet (no published review): no "—/5" and no empty stars, just the count. */}
        {typeof average === "number" ? (
          <>
            <span className="cw-average">{fr.widget.averageOutOfFive(formatAverage(average))}</span>
            <RatingStars rating={average} />
          </>
        ) : null}
        <span className="cw-count">{fr.widget.reviewsCount(data.metrics.reviews_count)}</span>
      </div>
    </header>
  );
}
