import { can, type GetStartedStep, normalizeRole } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { useMe } from "../../../lib/api/get-me";
import { toastError } from "../../../lib/toast/error-toast";
import { useGetStarted } from "../api/get-get-started";
import { useHideGetStarted } from "../api/hide-get-started";

const t = fr.getStarted;

/** Where each step is done. */
const STEP_LINKS: Record<GetStartedStep, string> = {
  product: "/products/new",
  shop: "/orders/import",
  email_template: "/email-templates",
  widget: "/iframe",
  first_review: "/reviews",
};

/** The OpenAPI reference, served by the API server itself. */
export const API_DOCS_PATH = "/api/docs";

/** 'Premiers pas': the five steps of a new company, ticked from its data, until done or hidden. */
export function GetStartedCard() {
  const state = useGetStarted();
  const hide = useHideGetStarted();
  const role = normalizeRole(useMe().data?.role);
  const [confirming, setConfirming] = useState(false);
  if (!state.data?.visible) return null;
  const steps = state.data.steps;
  const doneCount = steps.filter((step) => step.done).length;
  const canHide = can(role, "company.edit");
  return (
    <Card size="3" mb="5" asChild>
      <section aria-labelledby="get-started-title">
        <Flex justify="between" align="start" gap="3" wrap="wrap">
          <div>
            <Heading as="h2" size="4" id="get-started-title">
              {t.title}
            </Heading>
            <Text as="p" size="2" color="gray">
              {t.description} {t.progress(doneCount, steps.length)}
            </Text>
          </div>
          {canHide ? (
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
              {t.hide}
            </Button>
          ) : null}
        </Flex>
        <ol className="m-0 mt-3 flex list-none flex-col gap-2 p-0">
          {steps.map((step) => (
            <li key={step.key} className="flex min-w-0 items-start gap-3">
              <span
                aria-hidden="true"
                className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs ${
                  step.done
                    ? "border-[var(--accent-9)] bg-[var(--accent-9)] text-white"
                    : "border-[var(--gray-7)] text-transparent"
                }`}
              >
                ✓
              </span>
              <span className="min-w-0">
                <Link
                  to={STEP_LINKS[step.key]}
                  className={`font-medium text-sm ${step.done ? "text-[var(--gray-11)] line-through" : ""}`}
                >
                  {t.steps[step.key].label}
                </Link>
                <span className="sr-only"> ({step.done ? t.done : t.todo})</span>
                <Text as="span" size="1" color="gray" className="block">
                  {t.steps[step.key].hint}
                </Text>
              </span>
            </li>
          ))}
        </ol>
        <Text as="p" size="2" mt="3">
          <a href={API_DOCS_PATH} target="_blank" rel="noopener">
            {t.apiDocs}
            <span className="sr-only"> {t.apiDocsHint}</span>
          </a>
        </Text>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t.hideTitle}
          description={t.hideDescription}
          confirmLabel={t.hide}
          busy={hide.isPending}
          onConfirm={() =>
            hide.mutate(undefined, {
              onSuccess: () => setConfirming(false),
              onError: (error) => {
                setConfirming(false);
                toastError(error, t.hideFailed);
              },
            })
          }
        />
      </section>
    </Card>
  );
}
