import { formatDate } from "@certavis/i18n-fr/format";
import { InitialsAvatar } from "@certavis/ui";
import { fr } from "../../../lib/fr";
import type { PublicReview } from "../api/public-reviews";

/** Dates in the shops' zone, so that the server-rendered HTML and the script agree. */
const DATES = { timeZone: "Europe/Paris" };

/** Author, publication date and experience (order) date of a review. */
export function ReviewMeta({ review }: { review: PublicReview }) {
  return (
    <div className="cw-meta">
      <InitialsAvatar name={review.author_name} />
      <div>
        <p className="cw-author" dir="auto">
          {review.author_name}
        </p>
        <p className="cw-dates">
          <span>{fr.widget.publishedOn(formatDate(review.published_at, DATES))}</span>
          {review.experience_date ? (
            <>
              <span aria-hidden="true"> · </span>
              <span>{fr.widget.experienceOn(formatDate(review.experience_date, DATES))}</span>
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
