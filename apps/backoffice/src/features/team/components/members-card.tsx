import { canChangeMemberRole, canRemoveMember, memberRoleChoices } from "@certavis/domain";
import { formatDate, fr, planLimitMessages, roleLabel } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Badge, Callout, Card, Flex, Heading, Select, Text } from "@radix-ui/themes";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { CrownIcon } from "../../../components/icons";
import { InlineLoadError } from "../../../components/inline-load-error";
import { useCompany } from "../../../lib/api/get-company";
import { type Member, useMembers } from "../../../lib/api/get-members";
import { useRemoveMember } from "../../../lib/api/remove-member";
import { useCaller } from "../../../lib/hooks/use-caller";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useUpdateMemberRole } from "../api/update-member-role";

const t = fr.settings.teams.members;

const fullName = (m: Pick<Member, "first_name" | "last_name" | "email">) =>
  `${m.first_name} ${m.last_name}`.trim() || m.email;

/** Members (owner with a crown), role change and removal for the roles allowed, and the plan's member limit. */
export function MembersCard() {
  const members = useMembers();
  const company = useCompany();
  const caller = useCaller();
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useRemoveMember();

  const max = company.data?.subscription_limits.max_members ?? null;
  const count = members.data?.length ?? company.data?.members_count ?? 0;

  return (
    <Card size="3" asChild>
      <section aria-labelledby="members-title">
        <Flex justify="between" align="center" mb="3" wrap="wrap" gap="2">
          <Heading as="h2" size="4" id="members-title">
            {t.title}
          </Heading>
          <Text size="2" color="gray">
            {max === null ? t.unlimited : t.usage(count, max)}
          </Text>
        </Flex>
        {max !== null && count >= max ? (
          <Callout.Root color="amber" mb="3">
            <Callout.Text>
              {planLimitMessages.members(max)} {t.upgradeHint}
            </Callout.Text>
          </Callout.Root>
        ) : null}
        {members.isPending ? (
          <Text color="gray">{fr.common.loading}</Text>
        ) : members.isError ? (
          <InlineLoadError error={members.error} onRetry={() => void members.refetch()} />
        ) : (
          <ul className="m-0 flex list-none flex-col divide-y divide-[var(--gray-5)] p-0">
            {members.data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isSelf={member.user_id === caller.userId}
                onRemove={() => setRemoving(member)}
              />
            ))}
          </ul>
        )}
        <ConfirmDialog
          open={removing !== null}
          onOpenChange={(open) => (open ? undefined : setRemoving(null))}
          title={t.removeTitle}
          description={removing ? t.removeDescription(fullName(removing)) : ""}
          confirmLabel={t.remove}
          busy={remove.isPending}
          onConfirm={() => {
            if (!removing) return;
            remove.mutate(removing.id, {
              onSuccess: () => {
                toast({ title: t.removed, variant: "success" });
                setRemoving(null);
              },
              onError: (error) => {
                toastError(error, fr.errors.team.removeFailed);
                setRemoving(null);
              },
            });
          }}
        />
      </section>
    </Card>
  );
}

function MemberRow({ member, isSelf, onRemove }: { member: Member; isSelf: boolean; onRemove: () => void }) {
  const { role } = useCaller();
  const update = useUpdateMemberRole();
  const name = fullName(member);
  const choices = memberRoleChoices.filter((next) =>
    canChangeMemberRole(role, member.role, next, { isSelf }),
  );
  // The member's own role stays listed (a manager or accountant) even when it is not a choice.
  const options = choices.includes(member.role) ? choices : [member.role, ...choices];
  const removable = !isSelf && canRemoveMember(role, member.role);

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <Flex align="center" gap="2">
          <Text weight="medium">{name}</Text>
          {member.is_owner ? (
            <span role="img" aria-label={t.owner} title={t.owner} className="text-[var(--amber-11)]">
              <CrownIcon />
            </span>
          ) : null}
          {isSelf ? (
            <Text size="2" color="gray">
              {t.you}
            </Text>
          ) : null}
        </Flex>
        <Text as="p" size="2" color="gray">
          {member.email} · {t.joinedOn(formatDate(member.joined_at))}
        </Text>
      </div>
      {choices.length > 0 ? (
        <Select.Root
          value={member.role}
          disabled={update.isPending}
          onValueChange={(next) => {
            const target = choices.find((c) => c === next);
            if (!target || target === "owner" || target === member.role) return;
            update.mutate(
              { id: member.id, role: target },
              {
                onSuccess: () => toast({ title: t.roleUpdated, variant: "success" }),
                onError: (error) => toastError(error, fr.errors.team.roleUpdateFailed),
              },
            );
          }}
        >
          <Select.Trigger aria-label={t.roleOf(name)} />
          <Select.Content>
            {options.map((option) => (
              <Select.Item key={option} value={option} disabled={!choices.includes(option)}>
                {roleLabel(option)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Root>
      ) : (
        <Badge color={member.is_owner ? "amber" : "gray"} size="2">
          {roleLabel(member.role)}
        </Badge>
      )}
      {removable ? (
        <Button variant="outline" size="sm" onClick={onRemove} aria-label={t.removeOf(name)}>
          {t.remove}
        </Button>
      ) : null}
    </li>
  );
}
