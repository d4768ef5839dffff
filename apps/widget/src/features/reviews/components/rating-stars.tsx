import { starStates, starsLabel } from "@certavis/ui";
import type { CSSProperties } from "react";

/** One star's tile in `.cw-stars` (widget.css): a 16 px star with 1 px on each side. */
const TILE_PX = 18;

/**
 * The read-only stars of the widget in ONE element: a background of the accent up to the rating
 * (to the nearest half star, as `Stars`), cut to five stars by a CSS mask. `Stars` paints five SVGs
 * of two polygons each: times eleven on a widget page, most of the HTML the frame parses and of the
 * boxes its first layout lays out on the host's main thread.
 */
export function RatingStars({ rating }: { rating: number | null | undefined }) {
  const states = starStates(rating);
  const full = states.filter((state) => state === "full").length;
  const fill = full * TILE_PX + (states.includes("half") ? TILE_PX / 2 : 0);
  return (
    <span
      role="img"
      aria-label={starsLabel(rating)}
      className="cw-stars"
      style={{ "--cw-stars-fill": `${fill}px` } as CSSProperties}
    />
  );
}
