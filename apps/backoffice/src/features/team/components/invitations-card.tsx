import {
  can,
  DEFAULT_INVITATION_ROLE,
  grantableRoles,
  INVITATION_ROLE_CHOICES,
  isBasicEmail,
  type Role,
} from "@certavis/domain";
import { formatDate, fr, roleLabel } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Select, Text } from "@radix-ui/themes";
import { type FormEvent, useId, useState } from "react";
import { FormField } from "../../../components/form-field";
import { InlineLoadError } from "../../../components/inline-load-error";
import { SettingsSection } from "../../../components/settings-section";
import { useSendInvite } from "../../../lib/api/send-invite";
import { apiFieldErrors } from "../../../lib/field-errors";
import { useCaller } from "../../../lib/hooks/use-caller";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useCancelInvite } from "../api/cancel-invite";
import { useInvites } from "../api/get-invites";

const t = fr.settings.teams.invitations;

/** Pending invitations: sent by e-mail with a role (never above the caller's, §10.11), cancelled by admins and managers. */
export function InvitationsCard() {
  const { role } = useCaller();
  const invites = useInvites();
  const cancel = useCancelInvite();
  const mayCancel = can(role, "invites.cancel");

  return (
    <SettingsSection id="invitations-title" title={t.title}>
      {can(role, "members.invite") ? <InviteForm role={role} /> : null}
      {invites.isPending ? (
        <Text color="gray">{fr.common.loading}</Text>
      ) : invites.isError ? (
        <InlineLoadError error={invites.error} onRetry={() => void invites.refetch()} />
      ) : invites.data.length === 0 ? (
        <Text size="2" color="gray">
          {t.empty}
        </Text>
      ) : (
        <ul className="m-0 flex list-none flex-col divide-y divide-[var(--gray-5)] p-0">
          {invites.data.map((invite) => (
            <li key={invite.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <Text weight="medium">{invite.email}</Text>
                <Text as="p" size="2" color="gray">
                  {roleLabel(invite.role)} ·{" "}
                  {invite.status === "held"
                    ? t.heldSince(formatDate(invite.created_at))
                    : t.sentOn(formatDate(invite.created_at))}
                </Text>
              </div>
              {mayCancel ? (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t.cancelOf(invite.email)}
                  loading={cancel.isPending && cancel.variables === invite.id}
                  onClick={() =>
                    cancel.mutate(invite.id, {
                      onSuccess: () => toast({ title: t.cancelled, variant: "success" }),
                      onError: (error) => toastError(error, fr.errors.team.cancelInviteFailed),
                    })
                  }
                >
                  {t.cancel}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function InviteForm({ role }: { role: Role | null }) {
  const choices = grantableRoles(role, INVITATION_ROLE_CHOICES);
  const initial = choices.includes(DEFAULT_INVITATION_ROLE) ? DEFAULT_INVITATION_ROLE : (choices[0] ?? null);
  const [email, setEmail] = useState("");
  const [invitedRole, setInvitedRole] = useState<Role | null>(initial);
  const [error, setError] = useState<string>();
  const create = useSendInvite();
  const roleId = useId();
  if (!invitedRole || invitedRole === "owner") return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isBasicEmail(email)) {
      setError(fr.validation.invalidEmail);
      toast({
        title: fr.validation.invalidEmailTitle,
        description: fr.validation.invalidEmail,
        variant: "error",
      });
      return;
    }
    if (!invitedRole || invitedRole === "owner") return;
    setError(undefined);
    create.mutate(
      { email: email.trim(), role: invitedRole },
      {
        onSuccess: () => {
          toast({ title: t.sent, variant: "success" });
          setEmail("");
        },
        onError: (e) => {
          const fields = apiFieldErrors(e);
          if (fields.email) setError(fields.email);
          else toastError(e, fr.errors.team.inviteFailed);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="mb-4">
      <Flex gap="3" align="end" wrap="wrap">
        <div className="min-w-[16rem] flex-1">
          <FormField
            label={t.email}
            type="email"
            autoComplete="off"
            placeholder={t.emailPlaceholder}
            value={email}
            error={error}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Text as="label" id={roleId} size="2" weight="medium">
            {t.role}
          </Text>
          <Select.Root size="3" value={invitedRole} onValueChange={(v) => setInvitedRole(v as Role)}>
            <Select.Trigger aria-labelledby={roleId} />
            <Select.Content>
              {choices.map((choice) => (
                <Select.Item key={choice} value={choice}>
                  {roleLabel(choice)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </div>
        <Button type="submit" size="lg" loading={create.isPending}>
          {t.send}
        </Button>
      </Flex>
    </form>
  );
}
