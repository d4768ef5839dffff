import { canTransitionReview, MODERATION_TARGETS, type ReviewStatus } from "@certavis/domain";
import { fr, reviewBadgeLabel } from "@certavis/i18n-fr";
import { Badge, DropdownMenu } from "@radix-ui/themes";

const colors = {
  approved: "green",
  pending: "amber",
  rejected: "red",
  withdrawn: "gray",
  expired: "gray",
} as const;

/** Approuvé (green), En attente (yellow), Rejeté (red); 'Vérifié' for a verified review without status. */
export function StatusBadge({ status, verified }: { status: ReviewStatus | null; verified: boolean }) {
  const label = reviewBadgeLabel(status, verified);
  if (!label) return null;
  return (
    <Badge color={status ? colors[status] : "green"} variant="soft" radius="full" highContrast>
      {label}
    </Badge>
  );
}

/**
 * The badge of a pending review as a menu: approve or reject it (moderation is one-way, so a moderated
 * review shows the plain badge); nothing while a change is in flight.
 */
export function StatusBadgeMenu({
  status,
  verified,
  busy,
  onChange,
}: {
  status: ReviewStatus | null;
  verified: boolean;
  busy: boolean;
  onChange: (status: "approved" | "rejected") => void;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger disabled={busy}>
        <button
          type="button"
          aria-label={`${fr.reviews.detail.changeStatus} (${reviewBadgeLabel(status, verified) ?? ""})`}
          className="cursor-pointer rounded-full border-0 bg-transparent p-0 focus-visible:outline-2 focus-visible:outline-[var(--focus-8)] disabled:cursor-not-allowed"
        >
          <StatusBadge status={status} verified={verified} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content>
        {MODERATION_TARGETS.map((target) => (
          <DropdownMenu.Item
            key={target}
            disabled={busy || !canTransitionReview(status, target)}
            onSelect={() => onChange(target as "approved" | "rejected")}
          >
            {fr.statuses.review[target]}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
