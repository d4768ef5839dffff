import { AppTheme } from "@certavis/ui";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "../components/toaster";

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AppTheme>
        {children}
        <Toaster />
      </AppTheme>
    </QueryClientProvider>
  );
}
