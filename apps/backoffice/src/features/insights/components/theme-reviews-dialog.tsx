import type { ReviewSubject } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Dialog, Flex, Separator, Skeleton, Text } from "@radix-ui/themes";
import { ReviewAuthor } from "../../../components/review-author";
import { ReviewText } from "../../../components/review-text";
import { ratingText } from "../../../lib/rating-text";
import { useThemeReviews } from "../api/get-theme-reviews";

const t = fr.insights.themes;

export interface OpenTheme {
  label: string;
  side: "positive" | "negative";
}

/** The published reviews that use a theme's term, on the theme's side (rated ≥ 4, or ≤ 2). */
export function ThemeReviewsDialog({
  theme,
  productId,
  subject = "product",
  onClose,
}: {
  theme: OpenTheme | null;
  productId: string | null;
  /** Whose themes: the products' reviews (default) or the shop's own. */
  subject?: ReviewSubject;
  onClose: () => void;
}) {
  const reviews = useThemeReviews(theme?.label ?? null, productId, subject);
  const matching = (reviews.data ?? []).filter((review) =>
    theme?.side === "positive" ? review.rating >= 4 : review.rating <= 2,
  );
  return (
    <Dialog.Root open={theme !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      <Dialog.Content maxWidth="600px" aria-describedby={undefined}>
        <Dialog.Title>{theme ? t.dialogTitle(theme.label) : ""}</Dialog.Title>
        <Skeleton loading={reviews.isPending}>
          <Flex direction="column" gap="3">
            {matching.length === 0 && !reviews.isPending ? <Text color="gray">{t.dialogEmpty}</Text> : null}
            {matching.map((review) => (
              <article key={review.id} className="flex flex-col gap-1">
                <ReviewAuthor review={review} avatarSize={32} status={null} />
                <Text size="2" weight="medium">
                  {ratingText(review.rating)}
                </Text>
                <ReviewText review={review} />
                <Separator size="4" mt="2" />
              </article>
            ))}
          </Flex>
        </Skeleton>
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="secondary">{t.close}</Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
