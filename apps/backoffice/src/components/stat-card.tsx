import { Card, Flex, Skeleton, Text } from "@radix-ui/themes";
import type { ComponentType, ReactNode, SVGProps } from "react";

interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  onClick?: () => void;
  /** The figure is still loading: a placeholder of its size instead of a wrong or empty value. */
  loading?: boolean;
  /** A value in words ('il y a 2 heures') is set smaller than a figure, to stay on one line. */
  wordy?: boolean;
}

/** A figure with its label; clickable when `onClick` is given (then a real button). */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  onClick,
  loading = false,
  wordy = false,
}: StatCardProps) {
  const body = (
    <Flex direction="column" gap="1" className="text-left">
      <Flex justify="between" align="center" gap="2">
        <Text size="2" color="gray" weight="medium">
          {label}
        </Text>
        {Icon ? <Icon className="text-[var(--gray-10)]" /> : null}
      </Flex>
      <Skeleton loading={loading}>
        <Text size={wordy ? "5" : "7"} weight="bold" className={wordy ? "leading-9" : undefined}>
          {loading ? "0,0" : value}
        </Text>
      </Skeleton>
      {hint ? (
        <Text size="1" color="gray">
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
  if (!onClick || loading) return <Card size="2">{body}</Card>;
  return (
    <Card size="2" asChild>
      <button type="button" onClick={onClick} className="w-full cursor-pointer">
        {body}
      </button>
    </Card>
  );
}
