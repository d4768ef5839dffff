import { Card, Flex, Text } from "@radix-ui/themes";
import type { ComponentType, ReactNode, SVGProps } from "react";

interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  onClick?: () => void;
}

/** A figure with its label; clickable when `onClick` is given (then a real button). */
export function StatCard({ label, value, hint, icon: Icon, onClick }: StatCardProps) {
  const body = (
    <Flex direction="column" gap="1" className="text-left">
      <Flex justify="between" align="center" gap="2">
        <Text size="2" color="gray" weight="medium">
          {label}
        </Text>
        {Icon ? <Icon className="text-[var(--gray-10)]" /> : null}
      </Flex>
      <Text size="7" weight="bold">
        {value}
      </Text>
      {hint ? (
        <Text size="1" color="gray">
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
  if (!onClick) return <Card size="2">{body}</Card>;
  return (
    <Card size="2" asChild>
      <button type="button" onClick={onClick} className="w-full cursor-pointer">
        {body}
      </button>
    </Card>
  );
}
