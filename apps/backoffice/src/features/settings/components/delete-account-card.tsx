import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Card, Heading, Text } from "@radix-ui/themes";
import { DeleteAccountDialog } from "../../../components/delete-account-dialog";

const t = fr.settings.user.deleteAccount;

/** Account deletion with the password; signed out to /login afterwards. */
export function DeleteAccountCard() {
  return (
    <Card size="3" asChild>
      <section aria-labelledby="delete-account-title" className="border border-[var(--red-6)]">
        <Heading as="h2" size="4" id="delete-account-title" mb="2" color="red">
          {t.title}
        </Heading>
        <Text as="p" size="2" color="gray" mb="3">
          {t.description}
        </Text>
        <DeleteAccountDialog trigger={<Button variant="destructive">{t.title}</Button>} />
      </section>
    </Card>
  );
}
