import { Callout } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";

type Props = Omit<ComponentProps<typeof Callout.Root>, "children" | "color" | "role"> & {
  /** The message to announce; nothing is rendered without one. */
  message: ReactNode;
  /** Shown after the message inside the callout (a retry button). */
  children?: ReactNode;
};

/** A form's or a page's error, announced to screen readers (role="alert"). */
export function ErrorCallout({ message, children, ...rest }: Props) {
  if (!message) return null;
  return (
    <Callout.Root color="red" role="alert" {...rest}>
      <Callout.Text>{message}</Callout.Text>
      {children}
    </Callout.Root>
  );
}
