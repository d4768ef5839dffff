import { errorMessage } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex } from "@radix-ui/themes";
import { ErrorCallout } from "./error-callout";

/** A failed load: the server's message (else `fallback`) in a red box, and 'Réessayer'. */
export function LoadError({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <Flex direction="column" align="start" gap="3">
      <ErrorCallout message={errorMessage(error, fallback)} />
      <Button variant="outline" onClick={onRetry}>
        {fr.common.retry}
      </Button>
    </Flex>
  );
}
