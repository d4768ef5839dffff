import { type TemplateVariable, variableToken } from "@certavis/domain";
import { useRef } from "react";
import type { UseFormReturn } from "react-hook-form";
import { insertAt } from "./insert-at-cursor";
import type { TemplateFormValues } from "./template-form-values";

type TextFieldName = "subject" | "body";

/**
 * Where a variable goes: the subject or the body, whichever had the cursor last, at its cursor.
 * The editor gives the two fields' elements to `subjectRef` / `bodyRef` and reports their focus.
 */
export function useVariableInsertion(form: UseFormReturn<TemplateFormValues>) {
  const subjectRef = useRef<HTMLInputElement | null>(null);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const lastField = useRef<TextFieldName>("body");

  function insertVariable(name: TemplateVariable) {
    const field = lastField.current;
    const element = field === "subject" ? subjectRef.current : bodyRef.current;
    const current = form.getValues(field);
    const next = insertAt(current, variableToken(name), element?.selectionStart, element?.selectionEnd);
    form.setValue(field, next.value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.caret, next.caret);
    });
  }

  return {
    subjectRef,
    bodyRef,
    insertVariable,
    focused(field: TextFieldName) {
      lastField.current = field;
    },
  };
}
