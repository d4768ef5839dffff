import { fr } from "@certavis/i18n-fr";
import { Card, Text } from "@radix-ui/themes";
import { PageHeader } from "./page-header";

/** Placeholder of a screen another issue builds: right title, so the sidebar links work. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card size="3">
        <Text color="gray">{fr.common.comingSoon}</Text>
      </Card>
    </>
  );
}
