import type { CSSProperties } from "react";
import { LEFT_HALF_STAR_POINTS, STAR_POINTS } from "./star-shape";

export const STARS_MAX = 5;

export type StarState = "full" | "half" | "empty";

/** Clamps a rating to 0–5 (non-numbers count as 0). */
export function clampRating(rating: number | null | undefined): number {
  if (typeof rating !== "number" || !Number.isFinite(rating)) return 0;
  return Math.min(STARS_MAX, Math.max(0, rating));
}

/** Full, half and empty stars of a rating, rounded to the nearest half star: 2.5 → ★★½☆☆. */
export function starStates(rating: number | null | undefined): StarState[] {
  const halves = Math.round(clampRating(rating) * 2);
  return Array.from({ length: STARS_MAX }, (_, index) => {
    const left = halves - index * 2;
    return left >= 2 ? "full" : left === 1 ? "half" : "empty";
  });
}

const ratingFormat = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });

/** 'Note : 4,5 sur 5' */
export function starsLabel(rating: number | null | undefined): string {
  return `Note : ${ratingFormat.format(clampRating(rating))} sur ${STARS_MAX}`;
}

export interface StarsProps {
  rating: number | null | undefined;
  /** Star size in pixels (default 16). */
  size?: number;
  /** Fill colour; default the CSS variable --cv-accent (#10b981). */
  color?: string;
  /** Replaces the French label 'Note : x sur 5'. */
  label?: string;
  className?: string;
}

/** Read-only 0–5 rating with half stars. Needs only light.css (no Radix Themes). */
export function Stars({ rating, size = 16, color, label, className }: StarsProps) {
  const style = {
    "--cv-star-size": `${size}px`,
    ...(color ? { "--cv-accent": color } : {}),
  } as CSSProperties;
  return (
    <span
      role="img"
      aria-label={label ?? starsLabel(rating)}
      className={className ? `cv-stars ${className}` : "cv-stars"}
      style={style}
    >
      {starStates(rating).map((state, index) => (
        <svg
          key={index}
          className={`cv-star cv-star--${state}`}
          data-star={state}
          viewBox="0 0 24 24"
          width={size}
          height={size}
          aria-hidden="true"
          focusable="false"
        >
          <polygon className="cv-star__empty" points={STAR_POINTS} />
          {state === "full" && <polygon className="cv-star__fill" points={STAR_POINTS} />}
          {state === "half" && <polygon className="cv-star__fill" points={LEFT_HALF_STAR_POINTS} />}
        </svg>
      ))}
    </span>
  );
}
