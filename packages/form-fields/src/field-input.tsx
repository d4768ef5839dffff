import type { FormField } from "@certavis/domain";
import { ChoiceGroup, DropdownField } from "./choice-field";
import { FileField } from "./file-field";
import { RatingField } from "./rating-field";
import { TextField } from "./text-field";

interface Props {
  field: FormField;
  value: unknown;
  error?: string | undefined;
  onChange: (value: unknown) => void;
}

/** The control of one form field, by its type (spec §3). */
export function FieldInput({ field, value, error, onChange }: Props) {
  switch (field.type) {
    case "rating":
      return (
        <RatingField
          field={field}
          value={typeof value === "number" ? value : undefined}
          error={error}
          onChange={onChange}
        />
      );
    case "select":
    case "checkbox":
      return (
        <ChoiceGroup
          field={field}
          value={Array.isArray(value) || typeof value === "string" ? (value as string | string[]) : undefined}
          error={error}
          onChange={onChange}
        />
      );
    case "dropdown":
      return (
        <DropdownField
          field={field}
          value={typeof value === "string" ? value : undefined}
          error={error}
          onChange={onChange}
        />
      );
    case "file":
    case "media":
      return (
        <FileField
          field={field}
          value={Array.isArray(value) ? (value as File[]) : undefined}
          error={error}
          onChange={onChange}
        />
      );
    default:
      return (
        <TextField
          field={field}
          value={typeof value === "string" || typeof value === "number" ? String(value) : undefined}
          error={error}
          onChange={onChange}
        />
      );
  }
}
