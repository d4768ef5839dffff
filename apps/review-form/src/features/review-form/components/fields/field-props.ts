import type { FormField } from "../../api/review-form-types";

export interface FieldProps<V> {
  field: FormField;
  value: V | undefined;
  error?: string | undefined;
  onChange: (value: V | undefined) => void;
}
