import { DEFAULT_INVITATION_RECORD_ROLE } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Text } from "@radix-ui/themes";
import { useId, useState } from "react";
import { type InviteRow, InviteRowFields } from "./invite-row-fields";

const t = fr.auth.register.company;

/** The new company's optional invitations: their rows, 'Ajouter' and 'Ignorer les invitations'. */
export function CompanyInvitesFieldset({
  invites,
  errors,
  busy,
  onChange,
  onIgnore,
}: {
  invites: InviteRow[];
  errors: Map<number, string>;
  busy: boolean;
  onChange: (update: (list: InviteRow[]) => InviteRow[]) => void;
  onIgnore: () => void;
}) {
  const [nextKey, setNextKey] = useState(1);
  const roleLabelId = useId();
  return (
    <fieldset className="m-0 flex flex-col gap-3 border-0 p-0">
      <legend className="mb-1 p-0">
        <Text size="2" weight="medium">
          {t.invitesTitle}
        </Text>
        <Text as="p" size="1" color="gray">
          {t.invitesDescription}
        </Text>
        <Text as="p" size="1" color="gray">
          {t.freePlanInvites}
        </Text>
      </legend>
      <span id={roleLabelId} hidden>
        {t.inviteRole}
      </span>
      {invites.map((row, index) => (
        <InviteRowFields
          key={row.key}
          row={row}
          index={index}
          error={errors.get(row.key)}
          onChange={(next) => onChange((list) => list.map((r) => (r.key === row.key ? next : r)))}
          onRemove={() => onChange((list) => list.filter((r) => r.key !== row.key))}
        />
      ))}
      <Flex gap="2" wrap="wrap">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            onChange((list) => [
              ...list,
              { key: nextKey, email: "", role: DEFAULT_INVITATION_RECORD_ROLE as InviteRow["role"] },
            ]);
            setNextKey((k) => k + 1);
          }}
        >
          {t.addInvite}
        </Button>
        {invites.length > 0 ? (
          <Button type="button" variant="ghost" disabled={busy} onClick={onIgnore}>
            {t.ignoreInvitations}
          </Button>
        ) : null}
      </Flex>
    </fieldset>
  );
}
