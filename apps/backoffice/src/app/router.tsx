import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { LoadingScreen } from "../components/loading-screen";
import { GuestGuard, SessionGuard } from "./guards/session-guard";
import { NotFound } from "./routes/not-found";
import { RouteError } from "./routes/route-error";

/** The settings tabs of spec §2, in their order. */
export const SETTINGS_TABS = ["teams", "subscription", "company", "integrations", "privacy", "user"] as const;

// Spec §2 route table, exactly: any other path is the 404 screen. Screens are lazy so /login does not carry
// the signed-in app.
export const routes: RouteObject[] = [
  {
    path: "/",
    errorElement: <RouteError />,
    HydrateFallback: LoadingScreen,
    children: [
      {
        element: <GuestGuard />,
        children: [
          {
            path: "login",
            lazy: () => import("../features/auth/routes/login").then((m) => ({ Component: m.LoginRoute })),
          },
          {
            path: "register",
            lazy: () =>
              import("../features/auth/routes/register").then((m) => ({ Component: m.RegisterRoute })),
          },
        ],
      },
      {
        path: "forgot-password",
        lazy: () =>
          import("../features/auth/routes/forgot-password").then((m) => ({
            Component: m.ForgotPasswordRoute,
          })),
      },
      {
        path: "reset-password",
        lazy: () =>
          import("../features/auth/routes/reset-password").then((m) => ({ Component: m.ResetPasswordRoute })),
      },
      {
        path: "confirm-email-change",
        lazy: () =>
          import("../features/auth/routes/confirm-email-change").then((m) => ({
            Component: m.ConfirmEmailChangeRoute,
          })),
      },
      {
        // The operators' console (ARCHITECTURE §10.19): Certavis staff outside any company; the server
        // answers 403 to anyone else.
        path: "operators",
        lazy: () =>
          import("../features/operators/routes/operator-console").then((m) => ({
            Component: m.OperatorConsoleRoute,
          })),
      },
      {
        path: "cgu",
        lazy: () => import("../features/legal/routes/legal").then((m) => ({ Component: m.CguRoute })),
      },
      {
        path: "politique-confidentialite",
        lazy: () => import("../features/legal/routes/legal").then((m) => ({ Component: m.PrivacyRoute })),
      },
      {
        element: <SessionGuard kind="verify-email" />,
        children: [
          {
            path: "verify-email",
            lazy: () =>
              import("../features/auth/routes/verify-email").then((m) => ({ Component: m.VerifyEmailRoute })),
          },
        ],
      },
      {
        element: <SessionGuard kind="company-setup" />,
        children: [
          {
            path: "company-setup",
            lazy: () =>
              import("../features/company-setup/routes/company-setup").then((m) => ({
                Component: m.CompanySetupRoute,
              })),
          },
        ],
      },
      {
        element: <SessionGuard kind="app" />,
        children: [
          {
            lazy: () =>
              import("../features/shell/components/app-shell").then((m) => ({ Component: m.AppShell })),
            children: [
              {
                index: true,
                lazy: () =>
                  import("../features/dashboard/routes/dashboard").then((m) => ({
                    Component: m.DashboardRoute,
                  })),
              },
              {
                path: "reviews",
                lazy: () =>
                  import("../features/reviews/routes/reviews").then((m) => ({ Component: m.ReviewsRoute })),
              },
              {
                path: "reviews/insights",
                lazy: () =>
                  import("../features/insights/routes/insights").then((m) => ({
                    Component: m.InsightsRoute,
                  })),
              },
              {
                path: "products",
                lazy: () =>
                  import("../features/products/routes/products").then((m) => ({
                    Component: m.ProductsRoute,
                  })),
              },
              ...["products/new", "products/:id"].map((path) => ({
                path,
                lazy: () =>
                  import("../features/products/routes/product-form").then((m) => ({
                    Component: m.ProductFormRoute,
                  })),
              })),
              {
                path: "orders",
                lazy: () =>
                  import("../features/orders/routes/orders").then((m) => ({ Component: m.OrdersRoute })),
              },
              {
                path: "orders/:id",
                lazy: () =>
                  import("../features/orders/routes/order-detail").then((m) => ({
                    Component: m.OrderDetailRoute,
                  })),
              },
              {
                path: "orders/import",
                lazy: () =>
                  import("../features/orders/routes/order-import").then((m) => ({
                    Component: m.OrderImportRoute,
                  })),
              },
              {
                path: "email-templates",
                lazy: () =>
                  import("../features/templates/routes/templates").then((m) => ({
                    Component: m.TemplatesRoute,
                  })),
              },
              ...["email-templates/new", "email-templates/:templateId"].map((path) => ({
                path,
                lazy: () =>
                  import("../features/templates/routes/template-editor").then((m) => ({
                    Component: m.TemplateEditorRoute,
                  })),
              })),
              {
                path: "forms",
                lazy: () =>
                  import("../features/forms/routes/forms").then((m) => ({ Component: m.FormsRoute })),
              },
              ...["forms/new", "forms/:formId"].map((path) => ({
                path,
                lazy: () =>
                  import("../features/forms/routes/form-builder").then((m) => ({
                    Component: m.FormBuilderRoute,
                  })),
              })),
              {
                path: "iframe",
                lazy: () =>
                  import("../features/iframe/routes/iframe").then((m) => ({ Component: m.IframeRoute })),
              },
              { path: "settings", element: <Navigate to="/settings/teams" replace /> },
              ...SETTINGS_TABS.map((tab) => ({
                path: `settings/${tab}`,
                lazy: () =>
                  import("../features/settings/routes/settings").then((m) => ({
                    Component: m.SettingsRoute,
                  })),
              })),
            ],
          },
        ],
      },
      { path: "*", element: <NotFound /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
