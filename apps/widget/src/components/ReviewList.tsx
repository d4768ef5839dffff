import type { PublicReview } from "../lib/public-reviews";
import { ReviewCard } from "./ReviewCard";

interface Props {
  reviews: PublicReview[];
  onOpen: (review: PublicReview) => void;
}

export function ReviewList({ reviews, onOpen }: Props) {
  return (
    <ul className="cw-list">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
