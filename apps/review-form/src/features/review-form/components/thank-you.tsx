import { useEffect, useRef } from "react";
import { fr } from "../../../lib/fr";

export function ThankYou() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="rf-thanks" aria-live="polite">
      <p className="rf-thanks-mark" aria-hidden="true">
        ✓
      </p>
      <h1 ref={heading} tabIndex={-1}>
        {fr.publicForm.thanks.title}
      </h1>
      <p>{fr.publicForm.thanks.description}</p>
    </section>
  );
}
