import { domainCodeText } from "@certavis/i18n-fr";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";

/**
 * A resolver of a domain schema whose issues carry message codes: each field's message becomes its
 * French text (`domainCodeText`), so react-hook-form never shows a code.
 */
export function translated<T extends FieldValues, C, O>(resolver: Resolver<T, C, O>): Resolver<T, C, O> {
  return async (...args) => {
    const result = await resolver(...args);
    for (const error of Object.values(result.errors) as (FieldError | undefined)[]) {
      if (typeof error?.message === "string") error.message = domainCodeText(error.message);
    }
    return result;
  };
}
