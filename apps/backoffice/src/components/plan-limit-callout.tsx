import { Callout, Text } from "@radix-ui/themes";
import { Link } from "react-router";

/** Why the plan stops the user here (spec §9 limits), with a link to the subscription tab. */
export function PlanLimitCallout({
  title,
  text,
  linkLabel,
}: {
  title: string;
  text: string;
  linkLabel: string;
}) {
  return (
    <Callout.Root color="amber" mb="4" role="status">
      <Callout.Text>
        <Text weight="bold">{title}</Text> — {text} <Link to="/settings/subscription">{linkLabel}</Link>
      </Callout.Text>
    </Callout.Root>
  );
}
