import { fr } from "@certavis/i18n-fr";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";

export function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <Flex direction="column" align="center" gap="3" className="text-center">
        <Text size="9" weight="bold" color="gray" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="6">
          {fr.shell.notFound.title}
        </Heading>
        <Text color="gray">{fr.shell.notFound.description}</Text>
        <Button asChild size="3">
          <Link to="/">{fr.shell.notFound.backHome}</Link>
        </Button>
      </Flex>
    </main>
  );
}
