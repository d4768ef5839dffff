import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** Centred card of the account screens (login, register, reset, verify…). */
export function AuthLayout({
  title,
  subtitle,
  children,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-[var(--gray-2)] p-4">
      <title>{`${title} · Certavis`}</title>
      <Card size="4" className={`w-full ${wide ? "max-w-3xl" : "max-w-md"}`}>
        <Flex direction="column" gap="2" mb="5">
          <Flex align="center" gap="2" mb="2">
            <span className="flex size-8 items-center justify-center rounded-md bg-[var(--accent-9)] font-bold text-[var(--accent-contrast)]">
              C
            </span>
            <Text weight="bold" size="4">
              Certavis
            </Text>
          </Flex>
          <Heading as="h1" size="6">
            {title}
          </Heading>
          {subtitle ? (
            <Text as="p" color="gray" size="2">
              {subtitle}
            </Text>
          ) : null}
        </Flex>
        {children}
      </Card>
    </main>
  );
}
