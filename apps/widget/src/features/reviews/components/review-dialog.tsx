import { useEffect, useRef } from "react";
import { fr } from "../../../lib/fr";
import type { PublicReview } from "../api/public-reviews";
import { RatingStars } from "./rating-stars";
import { ReviewMeta } from "./review-meta";
import { ReviewPhotos } from "./review-photos";
import { ReviewReply } from "./review-reply";

interface Props {
  review: PublicReview | null;
  onClose: () => void;
}

/** The whole review in a modal dialog (native `<dialog>`: focus trap and Escape come with it). */
export function ReviewDialog({ review, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !review) return;
    if (typeof dialog.showModal === "function") {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute("open", "");
    return () => {
      if (typeof dialog.close === "function" && dialog.open) dialog.close();
      else dialog.removeAttribute("open");
    };
  }, [review]);

  if (!review) return null;
  const comment = review.comment?.trim() ? review.comment : null;
  const title = review.title?.trim() ? review.title : null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape does it by keyboard.
    <dialog
      ref={ref}
      className="cw-dialog"
      aria-labelledby="cw-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {/* The dialog itself scrolls a long comment; "Fermer" comes first so it is never scrolled away. */}
      <div className="cw-dialog-body">
        <div className="cw-dialog-top">
          <RatingStars rating={review.rating} />
          <button type="button" className="cw-close" onClick={onClose}>
            {fr.widget.close}
          </button>
        </div>
        <h2 id="cw-dialog-title" className="cw-title" dir="auto">
          {title ?? review.author_name}
        </h2>
        {comment ? (
          <p className="cw-comment" dir="auto">
            {comment}
          </p>
        ) : (
          <p className="cw-comment cw-muted">{fr.widget.noComment}</p>
        )}
        <ReviewPhotos review={review} />
        {review.product ? <p className="cw-about">{fr.widget.reviewsOf(review.product.name)}</p> : null}
        <ReviewReply reply={review.reply} />
        <ReviewMeta review={review} showAuthor={title !== null} />
      </div>
    </dialog>
  );
}
