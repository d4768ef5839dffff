import { fr } from "@certavis/i18n-fr";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";

/** The not-found screen inside the shell (unknown sub-path of a known section). */
export function NotFoundPanel() {
  return (
    <Flex direction="column" align="center" gap="3" py="9" className="text-center">
      <title>{`${fr.shell.notFound.title} · Certavis`}</title>
      <Text size="9" weight="bold" color="gray" aria-hidden="true">
        404
      </Text>
      <Heading as="h1" size="6">
        {fr.shell.notFound.title}
      </Heading>
      <Text color="gray">{fr.shell.notFound.description}</Text>
      <Button asChild>
        <Link to="/">{fr.shell.notFound.backHome}</Link>
      </Button>
    </Flex>
  );
}
