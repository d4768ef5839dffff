import { ratingMaxOf, ratingStepOf } from "@certavis/domain";
import { useRef } from "react";
import { FieldGroup } from "./field-group";
import { controlId, describedBy } from "./field-ids";
import { FieldMessages, hasHelp, RequiredMark } from "./field-messages";
import type { FieldProps } from "./field-props";
import { ratingTypeOf } from "./field-rules";
import { fr } from "./fr";

const decimal = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });

function valueText(value: number, max: number): string {
  return fr.publicForm.ratingValue(decimal.format(value), max);
}

/** rating: whole stars (half steps when the field asks), a slider starting at 0, or a row of notes. */
export function RatingField(props: FieldProps<number>) {
  const type = ratingTypeOf(props.field);
  if (type === "slider") return <SliderRating {...props} />;
  return <ChoiceRating {...props} stars={type === "star"} />;
}

/**
 * What a tap on a star gives (touch only, where a 22 px half is too small to aim at): always the whole
 * star, so a second tap on the chosen star never changes it. Keyboard and mouse reach the halves of a
 * field in half steps.
 */
export function tappedStarValue(choice: number): number {
  return Math.ceil(choice);
}

function ChoiceRating({ field, value, error, onChange, stars }: FieldProps<number> & { stars: boolean }) {
  const max = ratingMaxOf(field);
  const id = controlId(field.id);
  const step = ratingStepOf(field);
  const choices = Array.from({ length: Math.round(max / step) }, (_, i) => (i + 1) * step);
  // Whether the radio being chosen was touched (set by the pointer, cleared by any key).
  const touch = useRef(false);
  return (
    <FieldGroup field={field} error={error}>
      <div className={stars ? "rf-stars" : "rf-notes"}>
        {choices.map((choice) => {
          const half = !stars
            ? "rf-note"
            : step === 1
              ? "rf-star"
              : choice % 1 !== 0
                ? "rf-half rf-half--left"
                : "rf-half rf-half--right";
          const on = typeof value === "number" && value >= choice;
          return (
            <label key={choice} className={`${half}${on ? " rf-on" : ""}`} htmlFor={`${id}-${choice}`}>
              <input
                id={`${id}-${choice}`}
                className="rf-choice-input"
                type="radio"
                name={field.id}
                value={choice}
                checked={value === choice}
                required={field.required}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(field.id, hasHelp(field), Boolean(error))}
                aria-label={valueText(choice, max)}
                onPointerDown={(event) => {
                  touch.current = stars && event.pointerType === "touch";
                }}
                onKeyDown={() => {
                  touch.current = false;
                }}
                onChange={() => {
                  if (!touch.current) onChange(choice);
                }}
                onClick={() => {
                  // A click comes even on the radio already checked: the second tap on a star.
                  if (touch.current) onChange(tappedStarValue(choice));
                }}
              />
              <span aria-hidden="true">{stars ? "★" : choice}</span>
            </label>
          );
        })}
      </div>
      <p className="rf-rating-value" aria-hidden="true">
        {typeof value === "number" ? valueText(value, max) : "\u00a0"}
      </p>
    </FieldGroup>
  );
}

function SliderRating({ field, value, error, onChange }: FieldProps<number>) {
  const max = ratingMaxOf(field);
  const id = controlId(field.id);
  const current = typeof value === "number" ? value : 0;
  return (
    <div className="rf-field" data-field-id={field.id}>
      <label className="rf-label" htmlFor={id}>
        {field.label}
        <RequiredMark required={field.required} />
      </label>
      <div className="rf-slider">
        <input
          id={id}
          name={field.id}
          type="range"
          min={0}
          max={max}
          step={0.1}
          value={current}
          aria-invalid={error ? true : undefined}
          aria-valuetext={valueText(current, max)}
          aria-describedby={describedBy(field.id, hasHelp(field), Boolean(error))}
          onChange={(event) => onChange(Number(event.currentTarget.value))}
        />
        <output htmlFor={id} className="rf-rating-value">
          {valueText(current, max)}
        </output>
      </div>
      <FieldMessages field={field} error={error} />
    </div>
  );
}
