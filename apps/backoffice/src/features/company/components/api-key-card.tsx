import { formatDate, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Code, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { SettingsSection } from "../../../components/settings-section";
import type { Company } from "../../../lib/api/get-company";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useRegenerateApiKey } from "../api/regenerate-api-key";

const t = fr.settings.company.apiKey;
const MASK = "•".repeat(24);

/** The company API key (admin, manager): shown on demand, copied, regenerated after confirmation, with its expiry. */
export function ApiKeyCard({ company, now = new Date() }: { company: Company; now?: Date }) {
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateApiKey();
  const key = company.api_key;
  const expiresAt = company.api_key_expires_at;
  const expired = expiresAt ? new Date(expiresAt).getTime() <= now.getTime() : false;

  async function copy() {
    if (!key) return;
    try {
      await navigator.clipboard.writeText(key);
      toast({ title: fr.common.copied, variant: "success" });
    } catch {
      toast({ title: fr.errors.title, description: fr.errors.copyFailed, variant: "error" });
    }
  }

  return (
    <SettingsSection id="api-key-title" title={t.title} headingGap="1">
      <Text as="p" size="2" color="gray" mb="3">
        {t.description}
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <Code size="3" className="break-all" aria-label={t.title}>
          {key ? (shown ? key : MASK) : "—"}
        </Code>
        {key ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setShown(!shown)} aria-pressed={shown}>
              {shown ? t.hide : t.show}
            </Button>
            <Button variant="outline" size="sm" onClick={() => void copy()}>
              {t.copy}
            </Button>
          </>
        ) : null}
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          {t.regenerate}
        </Button>
      </Flex>
      {expiresAt ? (
        <Text as="p" size="2" mt="2" color={expired ? "red" : "gray"}>
          {expired ? t.expired(formatDate(expiresAt)) : t.expires(formatDate(expiresAt))}
        </Text>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.regenerateTitle}
        description={t.regenerateDescription}
        confirmLabel={t.regenerate}
        busy={regenerate.isPending}
        onConfirm={() =>
          regenerate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              setShown(true);
              toast({ title: t.regenerated, variant: "success" });
            },
            onError: (error) => {
              setConfirming(false);
              toastError(error, fr.errors.company.regenerateKeyFailed);
            },
          })
        }
      />
    </SettingsSection>
  );
}
