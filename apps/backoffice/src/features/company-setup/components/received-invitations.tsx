import { formatDate, fr, roleLabel } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useAcceptInvitation } from "../../../lib/api/accept-invitation";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useDeclineInvitation } from "../api/decline-invitation";
import { useReceivedInvitations } from "../api/get-received-invitations";

const t = fr.companySetup.invitations;

/** Invitations received: company, role, inviter, date; accepting goes home, refusing refreshes. */
export function ReceivedInvitations({ onAccepted }: { onAccepted: () => void }) {
  const invitations = useReceivedInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const list = (invitations.data ?? []).filter((i) => i.status === "pending");
  if (list.length === 0) return null;
  const busy = accept.isPending || decline.isPending;

  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {t.title}
      </Heading>
      <ul className="m-0 flex list-none flex-col gap-3 p-0">
        {list.map((invitation) => (
          <li key={invitation.id} className="rounded-lg border border-[var(--gray-5)] p-3">
            <Flex justify="between" align="center" gap="3" wrap="wrap">
              <div>
                <Text as="p" weight="bold">
                  {invitation.company.name}
                </Text>
                <Text as="p" size="2" color="gray">
                  {t.role(roleLabel(invitation.role))} ·{" "}
                  {t.invitedBy(`${invitation.inviter_first_name} ${invitation.inviter_last_name}`.trim())} ·{" "}
                  {t.receivedOn(formatDate(invitation.created_at))}
                </Text>
              </div>
              <Flex gap="2">
                <Button
                  variant="outline"
                  disabled={busy}
                  onClick={() =>
                    decline.mutate(invitation.id, {
                      onSuccess: () => toast({ title: t.refused }),
                      onError: (e) => toastError(e, fr.errors.team.refuseInvitationFailed),
                    })
                  }
                >
                  {t.refuse}
                </Button>
                <Button
                  disabled={busy}
                  onClick={() =>
                    accept.mutate(invitation.id, {
                      onSuccess: () => {
                        toast({ title: t.accepted, variant: "success" });
                        onAccepted();
                      },
                      onError: (e) => toastError(e, fr.errors.team.acceptInvitationFailed),
                    })
                  }
                >
                  {t.accept}
                </Button>
              </Flex>
            </Flex>
          </li>
        ))}
      </ul>
    </Card>
  );
}
