import type { PublicReview } from "../api/public-reviews";
import { ReviewCard } from "./review-card";

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
