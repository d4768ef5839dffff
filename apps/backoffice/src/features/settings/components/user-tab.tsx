import { fr } from "@certavis/i18n-fr";
import { Flex, Text } from "@radix-ui/themes";
import { useMe } from "../../../lib/api/get-me";
import { DeleteAccountCard } from "./delete-account-card";
import { LoadError } from "./load-error";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";

/** Utilisateur: profile, password change and account deletion, for every role. */
export function UserTab() {
  const me = useMe();
  if (me.isPending) return <Text color="gray">{fr.common.loading}</Text>;
  if (me.isError) return <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  return (
    <Flex direction="column" gap="5">
      <ProfileForm key={`${me.data.email}-${me.data.pending_email ?? ""}`} user={me.data} />
      <PasswordForm />
      <DeleteAccountCard />
    </Flex>
  );
}
