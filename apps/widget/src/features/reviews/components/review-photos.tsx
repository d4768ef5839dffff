import { fr } from "../../../lib/fr";
import type { PublicReview } from "../api/public-reviews";

/**
 * A review's photos, loaded lazily. In a card: small thumbnails, each a button opening the review
 * (whose dialog shows them larger); in the dialog: larger, each a link to the full-size photo.
 */
export function ReviewPhotos({ review, onOpen }: { review: PublicReview; onOpen?: () => void }) {
  const photos = review.photos ?? [];
  if (photos.length === 0) return null;
  const author = review.author_name;
  return (
    <ul className={onOpen ? "cw-photos" : "cw-photos cw-photos-large"}>
      {photos.map((url, i) => (
        <li key={url}>
          {onOpen ? (
            <button
              type="button"
              className="cw-photo"
              aria-label={fr.widget.openPhoto(i + 1, author)}
              onClick={(event) => {
                event.stopPropagation();
                onOpen();
              }}
            >
              <img src={url} alt="" loading="lazy" decoding="async" width="64" height="64" />
            </button>
          ) : (
            <a className="cw-photo" href={url} target="_blank" rel="noopener noreferrer">
              <img src={url} alt={fr.widget.photo(i + 1, author)} loading="lazy" decoding="async" />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
