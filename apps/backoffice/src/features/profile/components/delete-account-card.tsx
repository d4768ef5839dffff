import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Text } from "@radix-ui/themes";
import { DeleteAccountDialog } from "../../../components/delete-account-dialog";
import { SettingsSection } from "../../../components/settings-section";

const t = fr.settings.user.deleteAccount;

/** Account deletion with the password; signed out to /login afterwards. */
export function DeleteAccountCard() {
  return (
    <SettingsSection id="delete-account-title" title={t.title} danger>
      <Text as="p" size="2" color="gray" mb="3">
        {t.description}
      </Text>
      <DeleteAccountDialog trigger={<Button variant="destructive">{t.title}</Button>} />
    </SettingsSection>
  );
}
