import { errorMessage } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { ErrorCallout } from "../../../components/error-callout";

/** An inline load failure with the server's message (or `fallback`) and 'Réessayer'. */
export function LoadError({
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
