import { Card, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A card of the settings page: a section named by its h2 (`id` links them); `danger` for the red zones. */
export function SettingsSection({
  id,
  title,
  danger = false,
  headingGap = danger ? "2" : "3",
  children,
}: {
  id: string;
  title: string;
  danger?: boolean;
  headingGap?: "1" | "2" | "3";
  children: ReactNode;
}) {
  return (
    <Card size="3" asChild>
      <section aria-labelledby={id} className={danger ? "border border-[var(--red-6)]" : undefined}>
        <Heading as="h2" size="4" id={id} mb={headingGap} color={danger ? "red" : undefined}>
          {title}
        </Heading>
        {children}
      </section>
    </Card>
  );
}
