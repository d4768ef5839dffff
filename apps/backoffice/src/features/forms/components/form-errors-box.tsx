import { fr } from "@certavis/i18n-fr";
import { Callout, Text } from "@radix-ui/themes";

const t = fr.forms.editor;

/** Spec §8: the form's schema and general errors, in one box above it (nothing when there are none). */
export function FormErrorsBox({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Callout.Root color="red" role="alert" mb="4">
      <Callout.Text>
        <Text weight="bold">{t.errorsTitle}</Text>
      </Callout.Text>
      <ul className="m-0 pl-5">
        {messages.map((message) => (
          <li key={message}>
            <Text size="2">{message}</Text>
          </li>
        ))}
      </ul>
    </Callout.Root>
  );
}
