import type { FormField } from "@certavis/domain";

export interface FieldProps<V> {
  field: FormField;
  value: V | undefined;
  error?: string | undefined;
  onChange: (value: V | undefined) => void;
}
