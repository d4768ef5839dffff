import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Text } from "@radix-ui/themes";
import { FormField } from "../../../components/form-field";
import type { User } from "../../../lib/api/get-me";

const t = fr.auth.register.company;

type Invite = NonNullable<User["company_invite"]>;

/** Joining a company: who invited the user (when someone did) and the invitation code. */
export function JoinCompanyFields({
  invitedTo,
  code,
  error,
  pending,
  onCodeChange,
}: {
  invitedTo: Invite | null;
  code: string;
  error: string | undefined;
  pending: boolean;
  onCodeChange: (code: string) => void;
}) {
  return (
    <>
      {invitedTo ? (
        <Text size="2" color="gray">
          {fr.companySetup.invitations.invitedBy(
            `${invitedTo.inviter_first_name} ${invitedTo.inviter_last_name}`.trim(),
          )}{" "}
          — {invitedTo.company.name}
        </Text>
      ) : null}
      <FormField
        label={t.invitationCode}
        name="code"
        value={code}
        placeholder={invitedTo ? invitedTo.id : undefined}
        onChange={(e) => onCodeChange(e.target.value)}
        autoComplete="off"
        error={error}
      />
      <Button type="submit" size="lg" loading={pending}>
        {t.joinSubmit}
      </Button>
    </>
  );
}
