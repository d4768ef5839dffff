import type { NormalizedReview } from "@certavis/domain";
import { formatRelativeTime } from "@certavis/i18n-fr";
import { InitialsAvatar } from "@certavis/ui";
import { Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A review's header in a dialog: initials, author, relative date, then the status (badge or menu). */
export function ReviewAuthor({
  review,
  avatarSize,
  status,
}: {
  review: Pick<NormalizedReview, "author" | "createdAt">;
  avatarSize: number;
  status: ReactNode;
}) {
  return (
    <Flex gap="3" align="center">
      <InitialsAvatar name={review.author.name} size={avatarSize} />
      <div className="min-w-0 flex-1">
        <Text as="p" weight="bold">
          {review.author.name}
        </Text>
        <Text as="p" size="2" color="gray">
          <time dateTime={review.createdAt ?? undefined}>{formatRelativeTime(review.createdAt)}</time>
        </Text>
      </div>
      {status}
    </Flex>
  );
}
