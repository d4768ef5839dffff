import { formatDate, fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { LoadingScreen } from "../../../components/loading-screen";
import { toastError } from "../../../lib/toast/error-toast";
import { toast } from "../../../lib/toast/toast-store";
import { useCancelJoinRequest, useMyJoinRequests } from "../api/join-requests";

const t = fr.companySetup.waiting;

/** Pending join requests with 'Annuler'; when none is left the user is back to the choice. */
export function WaitingRequests({ onNoneLeft }: { onNoneLeft: () => void }) {
  const requests = useMyJoinRequests();
  const cancel = useCancelJoinRequest();
  if (requests.isPending) return <LoadingScreen />;
  const list = (requests.data ?? []).filter((r) => r.status === "pending");

  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        {t.title}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {t.description}
      </Text>
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {list.map((request) => (
          <li key={request.id}>
            <Flex
              justify="between"
              align="center"
              gap="3"
              className="rounded-lg border border-[var(--gray-5)] p-3"
            >
              <div>
                <Text as="p" weight="medium">
                  {request.company.name}
                </Text>
                <Text as="p" size="1" color="gray">
                  {t.sentOn(formatDate(request.created_at))}
                </Text>
              </div>
              <Button
                variant="outline"
                disabled={cancel.isPending}
                onClick={() =>
                  cancel.mutate(request.id, {
                    onSuccess: () => {
                      toast({ title: t.cancelled });
                      if (list.length <= 1) onNoneLeft();
                    },
                    onError: (e) => toastError(e, fr.errors.team.cancelRequestFailed),
                  })
                }
              >
                {t.cancel}
              </Button>
            </Flex>
          </li>
        ))}
      </ul>
    </Card>
  );
}
