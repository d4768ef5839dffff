import { forwardRef } from "react";

/** Errors not tied to one field (spec §8: root, non_field_errors, all, detail), above the form. */
export const ErrorBanner = forwardRef<HTMLDivElement, { messages: string[] }>(function ErrorBanner(
  { messages },
  ref,
) {
  if (messages.length === 0) return null;
  return (
    <div className="rf-banner" role="alert" ref={ref} tabIndex={-1}>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
});
