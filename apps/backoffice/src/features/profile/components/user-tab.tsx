import { ALERTED_ROLES } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Flex, Text } from "@radix-ui/themes";
import { InlineLoadError } from "../../../components/inline-load-error";
import { useMe } from "../../../lib/api/get-me";
import { AlertsForm } from "./alerts-form";
import { DeleteAccountCard } from "./delete-account-card";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";

/** Utilisateur: profile, review alerts (owner, admin, manager), password change and account deletion. */
export function UserTab() {
  const me = useMe();
  if (me.isPending) return <Text color="gray">{fr.common.loading}</Text>;
  if (me.isError) return <InlineLoadError error={me.error} onRetry={() => void me.refetch()} />;
  return (
    <Flex direction="column" gap="5">
      <ProfileForm key={`${me.data.email}-${me.data.pending_email ?? ""}`} user={me.data} />
      {me.data.role && ALERTED_ROLES.some((role) => role === me.data.role) ? (
        <AlertsForm user={me.data} />
      ) : null}
      <PasswordForm />
      <DeleteAccountCard />
    </Flex>
  );
}
