import { ASSIGNABLE_ROLES, grantableRoles, type Role } from "@certavis/domain";
import { formatDate, fr, roleLabel } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Select, Text } from "@radix-ui/themes";
import { useState } from "react";
import { InlineLoadError } from "../../../components/inline-load-error";
import { SettingsSection } from "../../../components/settings-section";
import { useJoinRequests } from "../../../lib/api/get-join-requests";
import { useCaller } from "../../../lib/hooks/use-caller";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useAcceptJoinRequest } from "../api/accept-join-request";
import { useDeclineJoinRequest } from "../api/decline-join-request";

const t = fr.settings.teams.requests;

type JoinRequest = NonNullable<ReturnType<typeof useJoinRequests>["data"]>[number];

/** Pending join requests: accepted with a role (up to the caller's own) or refused. */
export function JoinRequestsCard() {
  const requests = useJoinRequests();
  const pending = requests.data?.filter((r) => r.status === "pending") ?? [];

  return (
    <SettingsSection id="requests-title" title={t.title}>
      {requests.isPending ? (
        <Text color="gray">{fr.common.loading}</Text>
      ) : requests.isError ? (
        <InlineLoadError error={requests.error} onRetry={() => void requests.refetch()} />
      ) : pending.length === 0 ? (
        <Text size="2" color="gray">
          {t.empty}
        </Text>
      ) : (
        <ul className="m-0 flex list-none flex-col divide-y divide-[var(--gray-5)] p-0">
          {pending.map((request) => (
            <RequestRow key={request.id} request={request} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function RequestRow({ request }: { request: JoinRequest }) {
  const { role } = useCaller();
  const choices = grantableRoles(role, ASSIGNABLE_ROLES);
  const [granted, setGranted] = useState<Role>(
    choices.includes("member") ? "member" : (choices[0] ?? "member"),
  );
  const accept = useAcceptJoinRequest();
  const decline = useDeclineJoinRequest();
  const name = `${request.first_name} ${request.last_name}`.trim() || request.email;

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <Text weight="medium">{name}</Text>
        <Text as="p" size="2" color="gray">
          {request.email} · {t.receivedOn(formatDate(request.created_at))}
        </Text>
      </div>
      <Select.Root value={granted} onValueChange={(v) => setGranted(v as Role)}>
        <Select.Trigger aria-label={t.roleFor(name)} />
        <Select.Content>
          {choices.map((choice) => (
            <Select.Item key={choice} value={choice}>
              {roleLabel(choice)}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      <Flex gap="2">
        <Button
          size="sm"
          aria-label={t.acceptOf(name)}
          loading={accept.isPending}
          disabled={decline.isPending || granted === "owner"}
          onClick={() => {
            if (granted === "owner") return;
            accept.mutate(
              { id: request.id, role: granted },
              {
                onSuccess: () => toast({ title: t.accepted, variant: "success" }),
                onError: (error) => toastError(error, fr.errors.team.acceptRequestFailed),
              },
            );
          }}
        >
          {t.accept}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={t.refuseOf(name)}
          loading={decline.isPending}
          disabled={accept.isPending}
          onClick={() =>
            decline.mutate(request.id, {
              onSuccess: () => toast({ title: t.refused, variant: "success" }),
              onError: (error) => toastError(error, fr.errors.team.refuseRequestFailed),
            })
          }
        >
          {t.refuse}
        </Button>
      </Flex>
    </li>
  );
}
