import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Text } from "@radix-ui/themes";
import { ChevronLeftIcon, ChevronRightIcon } from "../../../components/icons";

const t = fr.reviews.detail;

/** 'Précédent', the review's place in the list, 'Suivant'. */
export function ReviewNavigationBar({
  index,
  count,
  previousId,
  nextId,
  onOpen,
}: {
  index: number;
  count: number;
  previousId: string | null;
  nextId: string | null;
  onOpen: (id: string) => void;
}) {
  return (
    <Flex
      justify="between"
      align="center"
      wrap="wrap"
      gap="2"
      pt="2"
      className="border-[var(--gray-5)] border-t"
    >
      <Button variant="ghost" disabled={!previousId} onClick={() => previousId && onOpen(previousId)}>
        <ChevronLeftIcon /> {t.previous}
      </Button>
      <Text size="2" color="gray" aria-live="polite">
        {index >= 0 ? t.position(index + 1, count) : null}
      </Text>
      <Button variant="ghost" disabled={!nextId} onClick={() => nextId && onOpen(nextId)}>
        {t.next} <ChevronRightIcon />
      </Button>
    </Flex>
  );
}
