import { fr } from "../../../lib/fr";
import { previewOf } from "../../../lib/truncate";
import type { PublicReview } from "../api/public-reviews";
import { RatingStars } from "./rating-stars";
import { ReviewMeta } from "./review-meta";
import { ReviewPhotos } from "./review-photos";
import { ReviewReply } from "./review-reply";

interface Props {
  review: PublicReview;
  onOpen: (review: PublicReview) => void;
}

/** One review; its text is rendered as text (never as HTML), cut at 150 characters with 'Lire plus'. */
export function ReviewCard({ review, onOpen }: Props) {
  const comment = review.comment?.trim() ? review.comment : null;
  const preview = comment ? previewOf(comment) : null;
  const open = () => onOpen(review);
  const title = review.title?.trim() ? review.title : null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a mouse shortcut only; the title button opens it by keyboard.
    <article className="cw-card" onClick={open}>
      <div className="cw-card-top">
        <RatingStars rating={review.rating} />
      </div>
      <h2 className="cw-title">
        <button
          type="button"
          className="cw-open"
          dir="auto"
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
        >
          {title ?? review.author_name}
        </button>
      </h2>
      {comment ? (
        <p className="cw-comment" dir="auto">
          {preview ?? comment}
        </p>
      ) : (
        <p className="cw-comment cw-muted">{fr.widget.noComment}</p>
      )}
      {preview ? (
        <button
          type="button"
          className="cw-more"
          onClick={(event) => {
            event.stopPropagation();
            open();
          }}
        >
          {fr.widget.readMore}
        </button>
      ) : null}
      <ReviewPhotos review={review} onOpen={open} />
      <ReviewReply reply={review.reply} />
      {review.product ? <p className="cw-about">{fr.widget.reviewsOf(review.product.name)}</p> : null}
      {/* Without a title the author's name is the heading: it is not repeated below. */}
      <ReviewMeta review={review} showAuthor={title !== null} />
      {/* The server's report form works without script; a new tab keeps the shop's page. */}
      <a
        className="cw-report"
        href={`/signaler/${encodeURIComponent(review.id)}`}
        target="_blank"
        rel="noopener nofollow"
        onClick={(event) => event.stopPropagation()}
      >
        {fr.moderation.report.action}
      </a>
    </article>
  );
}
