import { fr } from "@certavis/i18n-fr";
import { Code, Flex, Heading } from "@radix-ui/themes";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFound } from "./not-found";

export function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** A route that fails to render: 'Unexpected Application Error!' with the status text or message. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main className="p-8">
      <Flex direction="column" gap="3">
        <Heading as="h1" size="6">
          {fr.shell.appError}
        </Heading>
        <Code size="3" variant="ghost" color="red">
          {errorText(error)}
        </Code>
      </Flex>
    </main>
  );
}
