import type { NormalizedReview } from "@certavis/domain";
import { formatDate, fr } from "@certavis/i18n-fr";
import { InitialsAvatar, Stars } from "@certavis/ui";
import { StatusBadge } from "../../../components/review-status-badge";
import { ratingText } from "../../../lib/rating-text";
import { reviewAbout } from "../../../lib/review-about";

/** Initials and name, rating /5, optional title, comment (3 lines), date, product; opens the detail. */
export function ReviewCard({ review, onOpen }: { review: NormalizedReview; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex h-full w-full cursor-pointer flex-col gap-2 rounded-xl border border-[var(--gray-5)] bg-[var(--color-panel-solid)] p-4 text-left text-[var(--gray-12)] hover:border-[var(--accent-8)] focus-visible:outline-2 focus-visible:outline-[var(--focus-8)]"
    >
      <span className="flex w-full items-center gap-3">
        <InitialsAvatar name={review.author.name} size={36} />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-semibold text-sm">{review.author.name}</span>
          <span className="flex items-center gap-1.5 text-xs">
            <Stars rating={review.rating} size={14} />
            <span aria-hidden="true">{ratingText(review.rating)}</span>
          </span>
        </span>
        <StatusBadge status={review.status} verified={review.verified} />
      </span>
      {review.title ? <span className="font-medium text-sm">{review.title}</span> : null}
      {review.comment ? (
        <span className="line-clamp-3 text-[var(--gray-11)] text-sm">{review.comment}</span>
      ) : review.title ? null : (
        <span className="text-[var(--gray-11)] text-sm italic">{fr.reviews.detail.noComment}</span>
      )}
      <span className="mt-auto flex w-full justify-between gap-2 pt-2 text-[var(--gray-11)] text-xs">
        <span className="truncate">{reviewAbout(review)}</span>
        <span className="shrink-0">{formatDate(review.createdAt)}</span>
      </span>
    </button>
  );
}
