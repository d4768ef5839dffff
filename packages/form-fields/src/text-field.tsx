import { controlId, describedBy } from "./field-ids";
import { FieldMessages, hasHelp, RequiredMark } from "./field-messages";
import type { FieldProps } from "./field-props";

const INPUT_TYPES = { text: "text", email: "email", number: "number" } as const;

/** text, email, number and textarea fields. */
export function TextField({ field, value, error, onChange }: FieldProps<string>) {
  const id = controlId(field.id);
  const common = {
    id,
    name: field.id,
    value: value ?? "",
    required: field.required,
    "aria-required": field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(field.id, hasHelp(field), Boolean(error)),
    placeholder: field.placeholder ?? undefined,
    maxLength: field.max_length ?? undefined,
    onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value),
  };
  const isEmail = field.type === "email";
  const type =
    field.type === "textarea" ? null : (INPUT_TYPES[field.type as keyof typeof INPUT_TYPES] ?? "text");
  return (
    <div className="rf-field" data-field-id={field.id}>
      <label className="rf-label" htmlFor={id}>
        {field.label}
        <RequiredMark required={field.required} />
      </label>
      {type === null ? (
        <textarea className="rf-input rf-textarea" rows={5} {...common} />
      ) : (
        <input
          className="rf-input"
          type={type}
          inputMode={type === "number" ? "decimal" : undefined}
          step={type === "number" ? "any" : undefined}
          min={type === "number" ? (field.min ?? undefined) : undefined}
          max={type === "number" ? (field.max ?? undefined) : undefined}
          autoComplete={isEmail ? "email" : "off"}
          {...common}
        />
      )}
      <FieldMessages field={field} error={error} />
    </div>
  );
}
