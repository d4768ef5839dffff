import {
  type AnswerMedia,
  answerMedia,
  displayAnswer,
  isRatingAnswerType,
  type NormalizedReview,
} from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Stars } from "@certavis/ui";
import { Text } from "@radix-ui/themes";

/** Photos as thumbnails (each a link to its full size), videos playable, other files as links. */
function AnswerMediaList({ media }: { media: AnswerMedia[] }) {
  const t = fr.reviews.detail;
  return (
    <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
      {media.map((item, index) => (
        <li key={item.url} className="max-w-full">
          {item.kind === "image" ? (
            <a
              href={item.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t.openPhoto(index + 1)}
              className="block rounded-md focus-visible:outline-2 focus-visible:outline-[var(--accent-9)]"
            >
              <img
                src={item.url}
                alt={t.photo(index + 1, item.name)}
                loading="lazy"
                width={96}
                height={96}
                className="block h-24 w-24 rounded-md border border-[var(--gray-5)] object-cover"
              />
            </a>
          ) : item.kind === "video" ? (
            // biome-ignore lint/a11y/useMediaCaption: buyers' videos come without captions.
            <video
              src={item.url}
              controls
              preload="metadata"
              aria-label={t.video(index + 1, item.name)}
              className="block max-h-60 w-full max-w-80 rounded-md bg-black"
            />
          ) : (
            <a href={item.url} target="_blank" rel="noopener noreferrer" className="text-sm">
              {item.name || item.url}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** 'Réponses :' — the answered form fields of a review, as spec §5 displays them. */
export function ReviewAnswers({ fields }: { fields: NormalizedReview["fields"] }) {
  const t = fr.reviews.detail;
  return (
    <section aria-labelledby="review-answers-title">
      <Text as="p" weight="bold" mb="2" id="review-answers-title">
        {t.answers}
      </Text>
      {fields.length === 0 ? (
        <Text size="2" color="gray">
          {t.noAnswers}
        </Text>
      ) : (
        <dl className="m-0 grid grid-cols-1 gap-2">
          {fields.map((field) => {
            const media = answerMedia(field.value);
            return (
              <div key={field.id} className="min-w-0 rounded-md border border-[var(--gray-5)] p-2">
                <dt className="text-[var(--gray-11)] text-xs">{field.label}</dt>
                {media.length > 0 ? (
                  <dd className="m-0 mt-1">
                    <AnswerMediaList media={media} />
                  </dd>
                ) : (
                  <dd className="m-0 flex items-center gap-2 whitespace-pre-line break-words text-sm">
                    {isRatingAnswerType(field.type) && typeof field.value === "number" ? (
                      <span aria-hidden="true" className="flex shrink-0">
                        <Stars rating={field.value} size={14} />
                      </span>
                    ) : null}
                    {displayAnswer(field.type, field.value)}
                  </dd>
                )}
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
