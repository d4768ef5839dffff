import { displayAnswer, isRatingAnswerType, type NormalizedReview } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Stars } from "@certavis/ui";
import { Text } from "@radix-ui/themes";

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
          {fields.map((field) => (
            <div key={field.id} className="rounded-md border border-[var(--gray-5)] p-2">
              <dt className="text-[var(--gray-11)] text-xs">{field.label}</dt>
              <dd className="m-0 flex items-center gap-2 whitespace-pre-line text-sm">
                {isRatingAnswerType(field.type) && typeof field.value === "number" ? (
                  <span aria-hidden="true" className="flex shrink-0">
                    <Stars rating={field.value} size={14} />
                  </span>
                ) : null}
                {displayAnswer(field.type, field.value)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
