import { EMAIL_ALERTS, type EmailAlerts } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Flex, RadioGroup, Text } from "@radix-ui/themes";
import { useId } from "react";
import { SettingsSection } from "../../../components/settings-section";
import type { User } from "../../../lib/api/get-me";
import { useUpdateProfile } from "../../../lib/api/update-profile";
import { toast } from "../../../lib/toast/toast-store";

const t = fr.settings.user.alerts;

/** 'Alertes par e-mail': toutes / négatifs seulement / aucune, saved as soon as chosen. */
export function AlertsForm({ user }: { user: User }) {
  const id = useId();
  const update = useUpdateProfile();
  const choose = (value: string) => {
    const choice = EMAIL_ALERTS.find((option) => option === value);
    if (!choice || choice === user.email_alerts) return;
    update.mutate(
      { email_alerts: choice },
      {
        onSuccess: () => toast({ title: t.updated, variant: "success" }),
        onError: () => toast({ title: t.failed, variant: "error" }),
      },
    );
  };
  const shown: EmailAlerts = update.isPending
    ? (update.variables.email_alerts ?? user.email_alerts)
    : user.email_alerts;
  return (
    <SettingsSection id="alerts-title" title={t.title}>
      <Flex direction="column" gap="3">
        <Text id={`${id}-description`} size="2" color="gray">
          {t.description}
        </Text>
        <RadioGroup.Root
          value={shown}
          disabled={update.isPending}
          onValueChange={choose}
          aria-labelledby="alerts-title"
          aria-describedby={`${id}-description`}
        >
          {EMAIL_ALERTS.map((option) => (
            <RadioGroup.Item key={option} value={option}>
              {t[option]}
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      </Flex>
    </SettingsSection>
  );
}
