import { can } from "@certavis/domain";
import { Flex } from "@radix-ui/themes";
import { useCaller } from "../../../lib/hooks/use-caller";
import { InvitationsCard } from "./invitations-card";
import { JoinRequestsCard } from "./join-requests-card";
import { MembersCard } from "./members-card";

/** Équipe: members, invitations and join requests, each action only for the roles of spec §6. */
export function TeamsTab() {
  const { role } = useCaller();
  return (
    <Flex direction="column" gap="5">
      <MembersCard />
      {can(role, "members.invite") || can(role, "invites.cancel") ? <InvitationsCard /> : null}
      {can(role, "requests.review") ? <JoinRequestsCard /> : null}
    </Flex>
  );
}
