import { FieldGroup } from "./field-group";
import { controlId, describedBy } from "./field-ids";
import { FieldMessages, hasHelp, RequiredMark } from "./field-messages";
import type { FieldProps } from "./field-props";
import { fr } from "./fr";

/** select (one choice, radio buttons) and checkbox (a list, several choices) in a fieldset. */
export function ChoiceGroup({ field, value, error, onChange }: FieldProps<string | string[]>) {
  const multiple = field.type === "checkbox";
  const selected = Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
  const options = field.options ?? [];
  const id = controlId(field.id);
  const toggle = (option: string, checked: boolean) => {
    if (!multiple) return onChange(option);
    const next = checked
      ? [...selected.filter((o) => o !== option), option]
      : selected.filter((o) => o !== option);
    onChange(options.filter((o) => next.includes(o)));
  };
  return (
    <FieldGroup field={field} error={error}>
      <div className="rf-options">
        {options.map((option, index) => (
          <label className="rf-option" key={option} htmlFor={`${id}-${index}`}>
            <input
              id={`${id}-${index}`}
              type={multiple ? "checkbox" : "radio"}
              name={field.id}
              value={option}
              checked={selected.includes(option)}
              required={!multiple && field.required}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(field.id, hasHelp(field), Boolean(error))}
              onChange={(event) => toggle(option, event.currentTarget.checked)}
            />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}

/** dropdown: a native select with a placeholder option. */
export function DropdownField({ field, value, error, onChange }: FieldProps<string>) {
  const id = controlId(field.id);
  return (
    <div className="rf-field" data-field-id={field.id}>
      <label className="rf-label" htmlFor={id}>
        {field.label}
        <RequiredMark required={field.required} />
      </label>
      <select
        id={id}
        name={field.id}
        className="rf-input rf-select"
        value={value ?? ""}
        aria-required={field.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field.id, hasHelp(field), Boolean(error))}
        onChange={(event) => onChange(event.currentTarget.value || undefined)}
      >
        <option value="">{fr.publicForm.selectPlaceholder}</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldMessages field={field} error={error} />
    </div>
  );
}
