import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders } from "./app/providers";
import { createRouter } from "./app/router";
import { onSessionExpired } from "./lib/api-client";
import { createQueryClient } from "./lib/query-client";
import "./styles.css";

const queryClient = createQueryClient();
const router = createRouter();

// Refresh failed: tokens are already cleared; the user signs in again and comes back here.
onSessionExpired(() => {
  queryClient.clear();
  const here = router.state.location;
  if (here.pathname !== "/login") void router.navigate("/login", { replace: true, state: { from: here } });
});

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing");
createRoot(root).render(
  <StrictMode>
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
