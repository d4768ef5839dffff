import { useEffect, useRef } from "react";
import { fr } from "../../../lib/fr";
import { websiteHref } from "../../../lib/website-href";
import type { OtherProduct, StoreQuestionOffer } from "../api/submit-review";
import type { submitStoreReview } from "../api/submit-store-review";
import { StoreQuestion } from "./store-question";

/**
 * 'Merci pour votre avis !', the question about the shop when the order's is still unanswered, the
 * order's other products still to review (each with its own link), and a way back to the shop's
 * website when it has one.
 */
export function ThankYou({
  company,
  others = [],
  storeQuestion = null,
  submitStore,
}: {
  company: { name: string; url: string | null };
  others?: OtherProduct[];
  storeQuestion?: StoreQuestionOffer | null;
  submitStore?: typeof submitStoreReview;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const website = websiteHref(company.url);
  return (
    <section className="rf-thanks" aria-live="polite">
      <p className="rf-thanks-mark" aria-hidden="true">
        ✓
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {fr.publicForm.thanks.title}
      </h1>
      <p>{fr.publicForm.thanks.description}</p>
      {storeQuestion ? <StoreQuestion question={storeQuestion} submit={submitStore} /> : null}
      {others.length > 0 ? (
        <>
          <h2>{fr.publicForm.thanks.othersTitle}</h2>
          <ul className="rf-thanks-others">
            {others.map((other) => (
              <li key={other.review_url}>
                <a className="rf-button rf-thanks-link" href={other.review_url}>
                  {fr.publicForm.thanks.reviewOther(other.product_name)}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {website ? (
        <p>
          <a className="rf-button rf-thanks-link" href={website}>
            {fr.publicForm.thanks.backToShop(company.name)}
          </a>
        </p>
      ) : null}
    </section>
  );
}
