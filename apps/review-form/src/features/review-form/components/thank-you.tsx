import { useEffect, useRef } from "react";
import { fr } from "../../../lib/fr";
import { websiteHref } from "../../../lib/website-href";

/** 'Merci pour votre avis !', and a way back to the shop's website when it has one. */
export function ThankYou({ company }: { company: { name: string; url: string | null } }) {
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
