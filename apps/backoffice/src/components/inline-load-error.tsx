import { errorMessage } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { ErrorCallout } from "./error-callout";

/**
 * A card's load failure, inline: the server's message (or `fallback`) with 'Réessayer' inside the callout
 * (settings cards; `LoadError` is the page-sized one, the button under the callout).
 */
export function InlineLoadError({
  error,
  fallback = fr.errors.requestFailed,
  onRetry,
}: {
  error: unknown;
  fallback?: string;
  onRetry: () => void;
}) {
  return (
    <ErrorCallout message={errorMessage(error, fallback)}>
      <Button variant="outline" size="sm" onClick={onRetry} className="justify-self-start">
        {fr.common.retry}
      </Button>
    </ErrorCallout>
  );
}
