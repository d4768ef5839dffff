import { Card, Text } from "@radix-ui/themes";
import { pending } from "../lib/strings-pending";
import { PageHeader } from "./page-header";

/** Placeholder of a screen another issue builds: right title, so the sidebar links work. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card size="3">
        <Text color="gray">{pending.comingSoon}</Text>
      </Card>
    </>
  );
}
