import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Code, Flex } from "@radix-ui/themes";
import { toast } from "../../../lib/toast/toast-store";

/** A signing secret shown in full with a copy button. */
export function SecretCode({ secret }: { secret: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: fr.webhooks.copied, variant: "success" });
    } catch {
      toast({ title: fr.errors.title, description: fr.errors.copyFailed, variant: "error" });
    }
  }
  return (
    <Flex gap="2" align="center" wrap="wrap" mt="2">
      <Code size="2" className="break-all" aria-label={fr.webhooks.secret}>
        {secret}
      </Code>
      <Button variant="outline" size="sm" onClick={() => void copy()}>
        {fr.webhooks.copySecret}
      </Button>
    </Flex>
  );
}
