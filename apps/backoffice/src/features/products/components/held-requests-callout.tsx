import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Callout, Flex, Text } from "@radix-ui/themes";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useHeldRequests } from "../api/get-held-requests";
import { useSendHeldRequests } from "../api/send-held-requests";

const t = fr.products.heldRequests;

/**
 * An active product whose draft days held orders without e-mail: the owner is offered to send their
 * requests (the server counts those still within the review window).
 */
export function HeldRequestsCallout({ productId, active }: { productId: string; active: boolean }) {
  const held = useHeldRequests(productId, active);
  const send = useSendHeldRequests(productId);
  const orders = held.data?.orders ?? 0;
  if (!active || orders === 0) return null;
  return (
    <Callout.Root color="amber" mb="4" role="region" aria-label={t.title}>
      <Flex direction="column" gap="2">
        <Text as="p" size="2">
          {t.text(orders)}
        </Text>
        <div>
          <Button
            loading={send.isPending}
            onClick={() =>
              send.mutate(undefined, {
                onSuccess: (result) => toast({ title: t.sent(result.orders), variant: "success" }),
                onError: (error) => toastError(error, t.failed),
              })
            }
          >
            {t.send}
          </Button>
        </div>
      </Flex>
    </Callout.Root>
  );
}
