// The field components are shared with the back-office's form preview (`@certavis/form-fields`).
export { FieldInput } from "@certavis/form-fields";
