import { fr } from "../../../lib/fr";
import type { PublicReview } from "../api/public-reviews";

/** The company's public reply under a review (rendered as text). */
export function ReviewReply({ reply }: { reply: PublicReview["reply"] }) {
  if (!reply?.body.trim()) return null;
  return (
    <div className="cw-reply">
      <p className="cw-reply-from">{fr.widget.companyReply}</p>
      <p className="cw-comment" dir="auto">
        {reply.body}
      </p>
    </div>
  );
}
