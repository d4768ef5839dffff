import { Callout } from "@radix-ui/themes";

/** The reasons an import cannot go on (the file's, the server's), in one alert. */
export function ImportProblems({ messages }: { messages: readonly string[] }) {
  return (
    <Callout.Root color="red" role="alert" highContrast>
      {messages.map((message) => (
        <Callout.Text key={message}>{message}</Callout.Text>
      ))}
    </Callout.Root>
  );
}
