import { type CSSProperties, useState } from "react";
import { fr } from "../../../lib/fr";
import { CAROUSEL_THRESHOLD, MAX_REVIEWS } from "../../../lib/widget-constants";
import type { WidgetParams } from "../../../lib/widget-params";
import type { PublicReview, WidgetState } from "../api/public-reviews";
import { LegalNotice } from "./legal-notice";
import { ReviewCarousel } from "./review-carousel";
import { ReviewDialog } from "./review-dialog";
import { ReviewList } from "./review-list";
import { WidgetHeader } from "./widget-header";

interface Props {
  params: WidgetParams;
  state: WidgetState;
  /** The slide the carousel shows when this takes over the server-painted page (see start-widget). */
  carouselStart?: number;
}

/**
 * The widget's page. Its `main` is named: the page lives in a frame of a page with a `main` of its own
 * (the shop's, or the configurator's preview in the back-office), and two unnamed landmarks of one role
 * cannot be told apart (axe landmark-unique).
 */
export function Widget({ params, state, carouselStart = 0 }: Props) {
  const [selected, setSelected] = useState<PublicReview | null>(null);
  const style = { "--cw-accent": params.accentColor, "--cv-accent": params.accentColor } as CSSProperties;

  if (state.kind === "loading") {
    return (
      <main className="cw" style={style} aria-label={fr.widget.title} aria-busy="true">
        <HiddenTitle />
        <p className="cw-status">{fr.common.loading}</p>
      </main>
    );
  }
  if (state.kind === "error") {
    return (
      <main className="cw" style={style} aria-label={fr.widget.title}>
        <HiddenTitle />
        <p className="cw-error" role="alert">
          {state.message}
        </p>
      </main>
    );
  }

  const { data } = state;
  const reviews = data.reviews.slice(0, MAX_REVIEWS);
  return (
    <main className="cw" style={style} aria-label={fr.widget.title}>
      {params.showHeader ? <WidgetHeader data={data} /> : <HiddenTitle />}
      <LegalNotice company={data.company} />
      {reviews.length === 0 ? (
        <p className="cw-status">{fr.widget.empty}</p>
      ) : reviews.length > CAROUSEL_THRESHOLD ? (
        <ReviewCarousel
          reviews={reviews}
          onOpen={setSelected}
          paused={selected !== null}
          initialIndex={carouselStart}
        />
      ) : (
        <ReviewList reviews={reviews} onOpen={setSelected} />
      )}
      <p className="cw-powered">{fr.widget.poweredBy}</p>
      <ReviewDialog review={selected} onClose={() => setSelected(null)} />
    </main>
  );
}

/** The page's heading when the header is not shown (the frame's page still needs one). */
function HiddenTitle() {
  return <h1 className="cw-visually-hidden">{fr.widget.title}</h1>;
}
