import type { FormField } from "@certavis/domain";
import { errorId, helpId } from "./field-ids";

/** The help text and the error message of a field, referenced by its control's aria-describedby. */
export function FieldMessages({
  field,
  error,
  extraHelp,
}: {
  field: FormField;
  error?: string | undefined;
  extraHelp?: string;
}) {
  const help = [field.help_text, extraHelp].filter(Boolean).join(" ");
  return (
    <>
      {help ? (
        <p className="rf-help" id={helpId(field.id)}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p className="rf-error" id={errorId(field.id)}>
          {error}
        </p>
      ) : null}
    </>
  );
}

export function hasHelp(field: FormField, extraHelp?: string): boolean {
  return Boolean(field.help_text || extraHelp);
}

export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="rf-required" aria-hidden="true">
      {" *"}
    </span>
  ) : null;
}
