import { Card, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** One card of the configurator: its title, what it is for, then its codes and options. */
export function ConfiguratorCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="1">
        {title}
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        {intro}
      </Text>
      {children}
    </Card>
  );
}
