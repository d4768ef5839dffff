import { errorMessage } from "@certavis/api-client";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Callout, Flex } from "@radix-ui/themes";

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
    <Callout.Root color="red" role="alert">
      <Flex direction="column" gap="2" align="start">
        <Callout.Text>{errorMessage(error, fallback)}</Callout.Text>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {fr.common.retry}
        </Button>
      </Flex>
    </Callout.Root>
  );
}
