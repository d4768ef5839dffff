import { type FocusEvent, useEffect, useRef, useState } from "react";
import { fr } from "../../../lib/fr";
import { usePrefersReducedMotion } from "../../../lib/use-reduced-motion";
import { AUTOPLAY_MS } from "../../../lib/widget-constants";
import type { PublicReview } from "../api/public-reviews";
import { ReviewCard } from "./review-card";

interface Props {
  reviews: PublicReview[];
  onOpen: (review: PublicReview) => void;
  /** Held by the parent, e.g. while the detail dialog is open. */
  paused?: boolean;
  autoplayMs?: number;
  /** The slide shown first (the one the page's light autoplay had reached). */
  initialIndex?: number;
}

type PauseReason = "hover" | "drag" | "focus" | "offscreen";

/**
 * Horizontal, swipeable (CSS scroll snap) list that advances every 4 s; paused while hovered, dragged,
 * focused or out of sight, and never moving by itself when the visitor prefers reduced motion.
 */
export function ReviewCarousel({
  reviews,
  onOpen,
  paused = false,
  autoplayMs = AUTOPLAY_MS,
  initialIndex = 0,
}: Props) {
  const [index, setIndex] = useState(() =>
    initialIndex >= 0 && initialIndex < reviews.length ? initialIndex : 0,
  );
  const [pauses, setPauses] = useState<PauseReason[]>([]);
  const reducedMotion = usePrefersReducedMotion();
  const track = useRef<HTMLUListElement>(null);
  const count = reviews.length;
  const playing = !paused && !reducedMotion && pauses.length === 0;

  const pause = (reason: PauseReason) =>
    setPauses((list) => (list.includes(reason) ? list : [...list, reason]));
  const resume = (reason: PauseReason) => setPauses((list) => list.filter((r) => r !== reason));

  // Out of sight (scrolled away on the host page): no slide goes by unseen.
  useEffect(() => {
    const section = track.current?.parentElement;
    if (!section || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) =>
      entry?.isIntersecting ? resume("offscreen") : pause("offscreen"),
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), autoplayMs);
    return () => clearInterval(timer);
  }, [playing, count, autoplayMs]);

  useEffect(() => {
    const list = track.current;
    const slide = list?.children[index] as HTMLElement | undefined;
    if (!list || !slide || typeof list.scrollTo !== "function") return;
    list.scrollTo({ left: slide.offsetLeft - list.offsetLeft, behavior: reducedMotion ? "auto" : "smooth" });
  }, [index, reducedMotion]);

  const onScrollEnd = () => {
    const list = track.current;
    const first = list?.children[0] as HTMLElement | undefined;
    if (!list || !first?.offsetWidth) return;
    const nearest = Math.round(list.scrollLeft / first.offsetWidth);
    if (nearest !== index && nearest >= 0 && nearest < count) setIndex(nearest);
  };

  const scrollTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onScroll = () => {
    clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(onScrollEnd, 120);
  };
  useEffect(() => () => clearTimeout(scrollTimer.current), []);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resume("focus");
  };

  return (
    <section
      className="cw-carousel"
      aria-roledescription="carrousel"
      aria-label={fr.widget.title}
      data-playing={playing ? "true" : "false"}
      data-index={index}
      onPointerEnter={(event) => event.pointerType === "mouse" && pause("hover")}
      onPointerLeave={() => resume("hover")}
      onPointerDown={() => pause("drag")}
      onPointerUp={() => resume("drag")}
      onPointerCancel={() => resume("drag")}
      onFocus={() => pause("focus")}
      onBlur={onBlur}
    >
      <ul className="cw-track" ref={track} onScroll={onScroll}>
        {reviews.map((review, i) => (
          <li
            key={review.id}
            className="cw-slide"
            aria-roledescription="diapositive"
            aria-label={`${i + 1} / ${count}`}
            aria-current={i === index ? "true" : undefined}
          >
            <ReviewCard review={review} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      <div className="cw-controls">
        <button
          type="button"
          className="cw-arrow"
          aria-label={fr.widget.previous}
          onClick={() => setIndex((i) => (i - 1 + count) % count)}
        >
          ‹
        </button>
        <span className="cw-position" aria-live={playing ? "off" : "polite"}>
          {`${index + 1} / ${count}`}
        </span>
        <button
          type="button"
          className="cw-arrow"
          aria-label={fr.widget.next}
          onClick={() => setIndex((i) => (i + 1) % count)}
        >
          ›
        </button>
      </div>
    </section>
  );
}
