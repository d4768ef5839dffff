import { can } from "@certavis/domain";
import { moderationLabel } from "@certavis/i18n-fr";
import { moderation as frModeration } from "@certavis/i18n-fr/messages/moderation";
import { Button } from "@certavis/ui";
import { Flex, Text } from "@radix-ui/themes";
import { SettingsSection } from "../../../components/settings-section";
import type { Company } from "../../../lib/api/get-company";
import { useCaller } from "../../../lib/hooks/use-caller";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useUpdateModeration } from "../api/update-moderation";

const t = frModeration.settings;

/**
 * Who moderates the reviews (ARCHITECTURE §10.19): the mode in force, since when, the return to the
 * shop waiting for its date; the owner switches (Certavis at once, the shop 30 days later).
 */
export function ModerationCard({ company }: { company: Company }) {
  const { role } = useCaller();
  const update = useUpdateModeration();
  const label = moderationLabel(company.moderation);
  const { mode, pending } = company.moderation;
  const target = mode === "shop" || pending ? "certavis" : "shop";
  const action = mode === "shop" ? t.toCertavis : pending ? t.cancelToShop : t.toShop;
  const note = target === "shop" ? t.toShopNote : mode === "shop" ? t.toCertavisNote : null;
  const change = () =>
    update.mutate(target, {
      onSuccess: () => toast({ title: t.saved, variant: "success" }),
      onError: (error) => toastError(error, t.error),
    });
  return (
    <SettingsSection id="moderation-title" title={t.title} headingGap="1">
      <Text as="p" size="2" color="gray" mb="3">
        {t.description}
      </Text>
      <Text as="p" size="2">
        {`${t.current} : ${label.line}`}
      </Text>
      {label.pending ? (
        <Text as="p" size="2" color="gray">
          {label.pending}
        </Text>
      ) : null}
      {can(role, "moderation.change") ? (
        <Flex gap="2" align="center" wrap="wrap" mt="3">
          <Button variant="outline" size="sm" onClick={change} disabled={update.isPending}>
            {action}
          </Button>
          {note ? (
            <Text size="1" color="gray">
              {note}
            </Text>
          ) : null}
        </Flex>
      ) : null}
    </SettingsSection>
  );
}
