import type { FormField } from "@certavis/domain";
import type { ReactNode } from "react";
import { describedBy } from "./field-ids";
import { FieldMessages, hasHelp, RequiredMark } from "./field-messages";

/** A field of several inputs (choices, rating buttons): a fieldset named by its label, then help and error. */
export function FieldGroup({
  field,
  error,
  children,
}: {
  field: FormField;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <fieldset
      className="rf-field rf-fieldset"
      data-field-id={field.id}
      aria-describedby={describedBy(field.id, hasHelp(field), Boolean(error))}
    >
      <legend className="rf-label">
        {field.label}
        <RequiredMark required={field.required} />
      </legend>
      {children}
      <FieldMessages field={field} error={error} />
    </fieldset>
  );
}
