import { fr } from "@certavis/i18n-fr";
import { Flex, Spinner, Text } from "@radix-ui/themes";

export function LoadingScreen() {
  return (
    <Flex role="status" align="center" justify="center" gap="2" className="min-h-[60vh]">
      <Spinner />
      <Text color="gray">{fr.common.loading}</Text>
    </Flex>
  );
}
