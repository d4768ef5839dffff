import { REGISTRATION_INVITE_ROLE_CHOICES } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Select, Text } from "@radix-ui/themes";
import { FormField } from "../../../components/form-field";
import type { InviteInput } from "../../../lib/api/send-invite";

const t = fr.auth.register.company;

export interface InviteRow {
  key: number;
  email: string;
  role: InviteInput["role"];
}

/** One invitation of the new company: its e-mail, its role and 'Retirer'. */
export function InviteRowFields({
  row,
  index,
  error,
  onChange,
  onRemove,
}: {
  row: InviteRow;
  index: number;
  error: string | undefined;
  onChange: (row: InviteRow) => void;
  onRemove: () => void;
}) {
  return (
    <Flex gap="2" align="start">
      <div className="flex-1">
        <FormField
          label={`${t.inviteEmail} ${index + 1}`}
          type="email"
          value={row.email}
          onChange={(e) => onChange({ ...row, email: e.target.value })}
          error={error}
        />
      </div>
      <div className="flex flex-col gap-1">
        <Text size="2" weight="medium" aria-hidden="true">
          {t.inviteRole}
        </Text>
        <Select.Root
          size="3"
          value={row.role}
          onValueChange={(role) => onChange({ ...row, role: role as InviteRow["role"] })}
        >
          <Select.Trigger aria-label={`${t.inviteRole} ${index + 1}`} />
          <Select.Content position="popper">
            {REGISTRATION_INVITE_ROLE_CHOICES.map((role) => (
              <Select.Item key={role} value={role}>
                {fr.roles[role]}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      </div>
      <Button type="button" variant="ghost" className="mt-7" onClick={onRemove}>
        {t.removeInvite}
      </Button>
    </Flex>
  );
}
