import { formatDate } from "@certavis/i18n-fr/format";
import { InitialsAvatar } from "@certavis/ui";
import { fr } from "../../../lib/fr";
import type { PublicReview } from "../api/public-reviews";

/** Dates in the shops' zone, so that the server-rendered HTML and the script agree. */
const DATES = { timeZone: "Europe/Paris" };

/** Author (unless the heading already names them), publication date and experience (order) date. */
export function ReviewMeta({ review, showAuthor = true }: { review: PublicReview; showAuthor?: boolean }) {
  return (
    <div className="cw-meta">
      <InitialsAvatar name={review.author_name} />
      <div>
        {showAuthor ? (
          <p className="cw-author" dir="auto">
            {review.author_name}
          </p>
        ) : null}
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
