export { ChoiceGroup, DropdownField } from "./choice-field";
export { controlId, describedBy, errorId, helpId } from "./field-ids";
export { FieldInput } from "./field-input";
export { FieldMessages, hasHelp, RequiredMark } from "./field-messages";
export type { FieldProps } from "./field-props";
export { acceptOf, type FileLimits, fileLimitsOf, pickFiles, ratingTypeOf } from "./field-rules";
export { FileField } from "./file-field";
export { RatingField, tappedStarValue } from "./rating-field";
export { TextField } from "./text-field";
