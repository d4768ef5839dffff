import { Card, Flex, Heading } from "@radix-ui/themes";
import { type ReactNode, useId } from "react";

/** A titled card of the product editor, named by its heading. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card size="3" asChild>
      <section aria-labelledby={id}>
        <Heading as="h2" size="4" mb="4" id={id}>
          {title}
        </Heading>
        <Flex direction="column" gap="4">
          {children}
        </Flex>
      </section>
    </Card>
  );
}
