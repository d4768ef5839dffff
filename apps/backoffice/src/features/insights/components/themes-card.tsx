import { fr } from "@certavis/i18n-fr";
import { Card, Grid, Heading, Text } from "@radix-ui/themes";
import { useId, useState } from "react";
import type { CompanyInsights } from "../api/get-insights";
import { type OpenTheme, ThemeReviewsDialog } from "./theme-reviews-dialog";

const t = fr.insights.themes;
type Theme = CompanyInsights["themes"]["positive"][number];

/** One side's terms under its title (a region named by it); a term opens the reviews that use it. */
export function ThemeList({
  title,
  themes,
  onOpen,
}: {
  title: string;
  themes: Theme[];
  onOpen: (theme: Theme) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Heading as="h3" size="3" mb="2" id={headingId}>
        {title}
      </Heading>
      {themes.length === 0 ? (
        <Text color="gray" size="2">
          {t.empty}
        </Text>
      ) : (
        <ol className="m-0 flex list-none flex-col gap-1 p-0">
          {themes.map((theme) => (
            <li key={theme.term}>
              <button
                type="button"
                className="flex w-full cursor-pointer justify-between gap-3 rounded px-2 py-1 text-left hover:bg-[var(--gray-3)]"
                onClick={() => onOpen(theme)}
              >
                <span className="text-[var(--accent-11)] underline">{theme.label}</span>
                <span className="tabular-nums text-[var(--gray-11)]">{t.mentions(theme.count)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** 'Ce qui plaît' and 'Ce qui déplaît': the frequent terms; a term opens the reviews that use it. */
export function ThemesCard({ insights }: { insights: CompanyInsights }) {
  const [open, setOpen] = useState<OpenTheme | null>(null);
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="3">
        {t.title}
      </Heading>
      <Grid columns={{ initial: "1", sm: "2" }} gap="5">
        <ThemeList
          title={t.positive}
          themes={insights.themes.positive}
          onOpen={(theme) => setOpen({ label: theme.label, side: "positive" })}
        />
        <ThemeList
          title={t.negative}
          themes={insights.themes.negative}
          onOpen={(theme) => setOpen({ label: theme.label, side: "negative" })}
        />
      </Grid>
      <ThemeReviewsDialog
        theme={open}
        productId={insights.product_id}
        subject="product"
        onClose={() => setOpen(null)}
      />
    </Card>
  );
}
