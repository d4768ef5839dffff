import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex } from "@radix-ui/themes";

const t = fr.forms.editor;

/** Page navigation: one button per page, add a page, delete the page shown (at least one remains). */
export function PageTabs({
  pages,
  current,
  onSelect,
  onAdd,
  onDelete,
}: {
  pages: number;
  current: number;
  onSelect: (page: number) => void;
  onAdd: () => void;
  onDelete: () => void;
}) {
  return (
    <Flex gap="2" wrap="wrap" align="center" justify="between">
      <nav aria-label={t.pages}>
        <Flex gap="2" wrap="wrap" asChild>
          <ul className="m-0 list-none p-0">
            {Array.from({ length: pages }, (_, page) => (
              <li key={page}>
                <Button
                  type="button"
                  size="sm"
                  variant={page === current ? "default" : "outline"}
                  aria-current={page === current ? "page" : undefined}
                  onClick={() => onSelect(page)}
                >
                  {t.page(page + 1)}
                </Button>
              </li>
            ))}
          </ul>
        </Flex>
      </nav>
      <Flex gap="2">
        <Button type="button" size="sm" variant="secondary" onClick={onAdd}>
          {t.addPage}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDelete} disabled={pages <= 1}>
          {t.deletePage}
        </Button>
      </Flex>
    </Flex>
  );
}
