import { fr } from "@certavis/i18n-fr";
import { Button, Stars } from "@certavis/ui";
import { Callout, Dialog, Flex, Text } from "@radix-ui/themes";
import { useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "../../../components/icons";
import { LoadingScreen } from "../../../components/loading-screen";
import { ReviewAuthor } from "../../../components/review-author";
import { StatusBadge } from "../../../components/review-status-badge";
import { ReviewText } from "../../../components/review-text";
import { ratingText } from "../../../lib/rating-text";
import { useProductReviews } from "../api/get-product-reviews";

const t = fr.products.productReviews;

/** Index after a step of ±1, wrapping round the list (spec §2: previous/next wrap). */
export const wrapIndex = (index: number, step: number, total: number) =>
  total === 0 ? 0 : (((index + step) % total) + total) % total;

/** 'Avis du produit': one review at a time with its answers, 'n/total', wrapping previous/next. */
export function ProductReviewsDialog({
  productId,
  onClose,
}: {
  /** The product whose reviews are shown; null when closed. */
  productId: string | null;
  onClose: () => void;
}) {
  const reviews = useProductReviews(productId);
  // Each product opens on its first review.
  const [position, setPosition] = useState({ productId, index: 0 });
  const index = position.productId === productId ? position.index : 0;
  const step = (by: number) => setPosition({ productId, index: wrapIndex(index, by, list.length) });
  const list = reviews.data ?? [];
  const review = list[Math.min(index, Math.max(list.length - 1, 0))];

  return (
    <Dialog.Root open={productId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="560px" aria-describedby={undefined}>
        <Flex justify="between" align="center" mb="3">
          <Dialog.Title mb="0">{t.title}</Dialog.Title>
          {list.length > 0 ? (
            <Text size="2" color="gray" aria-live="polite" data-testid="review-counter">
              {t.counter(index + 1, list.length)}
            </Text>
          ) : null}
        </Flex>
        {reviews.isPending ? (
          <LoadingScreen />
        ) : reviews.isError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{fr.errors.reviews.loadFailed}</Callout.Text>
          </Callout.Root>
        ) : !review ? (
          <Text as="p" color="gray">
            {t.empty}
          </Text>
        ) : (
          <Flex direction="column" gap="3">
            <ReviewAuthor
              review={review}
              avatarSize={40}
              status={<StatusBadge status={review.status} verified={review.verified} />}
            />
            <Flex gap="2" align="center">
              <Stars rating={review.rating} size={18} />
              <Text size="2" weight="bold">
                {ratingText(review.rating)}
              </Text>
            </Flex>
            <ReviewText review={review} />
          </Flex>
        )}
        <Flex justify="between" align="center" pt="3" mt="3" className="border-[var(--gray-5)] border-t">
          <Button variant="ghost" disabled={list.length < 2} onClick={() => step(-1)}>
            <ChevronLeftIcon /> {fr.common.previous}
          </Button>
          <Dialog.Close>
            <Button variant="outline">{fr.common.close}</Button>
          </Dialog.Close>
          <Button variant="ghost" disabled={list.length < 2} onClick={() => step(1)}>
            {fr.common.next} <ChevronRightIcon />
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
