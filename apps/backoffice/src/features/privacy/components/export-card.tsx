import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { SettingsSection } from "../../../components/settings-section";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { downloadExport } from "../api/download-export";

const t = fr.settings.privacy.export;

/** 'Exporter toutes les données': the company's whole data as one ZIP (owner and admin). */
export function ExportCard() {
  const [busy, setBusy] = useState(false);

  const start = () => {
    setBusy(true);
    downloadExport()
      .then(() => toast({ title: t.done, variant: "success" }))
      .catch((error: unknown) => toastError(error, t.failed))
      .finally(() => setBusy(false));
  };

  return (
    <SettingsSection id="export-title" title={t.title}>
      <Text as="p" size="2" color="gray" mb="3">
        {t.description}
      </Text>
      <Flex align="center" gap="3" wrap="wrap">
        <Button onClick={start} loading={busy} disabled={busy}>
          {t.button}
        </Button>
        <Text size="2" color="gray" role="status" aria-live="polite">
          {busy ? t.busy : ""}
        </Text>
      </Flex>
    </SettingsSection>
  );
}
