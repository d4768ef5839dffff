import { Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** Page title (also the document title) with an optional subtitle and actions. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <Flex justify="between" align="start" gap="4" wrap="wrap" mb="5">
      <title>{`${title} · Certavis`}</title>
      <div>
        <Heading as="h1" size="7">
          {title}
        </Heading>
        {subtitle ? (
          <Text as="p" color="gray" mt="1">
            {subtitle}
          </Text>
        ) : null}
      </div>
      {actions}
    </Flex>
  );
}
