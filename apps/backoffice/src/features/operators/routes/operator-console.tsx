import { errorMessage } from "@certavis/api-client";
import { REJECTION_NOTE_MAX_LENGTH } from "@certavis/domain";
import { formatRelativeTime } from "@certavis/i18n-fr";
import { operators } from "@certavis/i18n-fr/messages/operators";
import { Button } from "@certavis/ui";
import { Badge, Callout, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { useCallback, useEffect, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { LoadingScreen } from "../../../components/loading-screen";
import { ReasonDialog } from "../../../components/reason-dialog";
import { hasSession } from "../../../lib/session";
import { toast } from "../../../lib/toast/toast-store";
import { type DecisionInput, useDecide } from "../api/decide";
import { useCase } from "../api/get-case";
import { useQueue } from "../api/get-queue";
import { type QueueName, useQueues } from "../api/get-queues";
import { CaseView } from "../components/case-view";

const t = operators;
const SOURCE_KIND = { flagged: "review", contests: "contest", reports: "report", appeals: "appeal" } as const;

/** Keys typed into a field or a dialog are not shortcuts. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
      !!target.closest("[role=dialog]"))
  );
}

/**
 * The operators' console (ARCHITECTURE §10.19): the four queues with their counts and oldest item's
 * age, the current queue oldest first, the selected item's whole case, and the decisions, all from the
 * keyboard (j/k or arrows, p publish, m keep, r remove → reason 1-5 and a note). In the appeals queue
 * the same keys decide the appeal: p overturns the decision (the review is published again), m upholds
 * it; r does nothing there.
 */
export function OperatorConsoleRoute() {
  const location = useLocation();
  const [queue, setQueue] = useState<QueueName>("flagged");
  const [index, setIndex] = useState(0);
  const [removing, setRemoving] = useState(false);
  const queues = useQueues();
  const list = useQueue(queue);
  const items = list.data?.results ?? [];
  const current = items[Math.min(index, Math.max(0, items.length - 1))] ?? null;
  const detail = useCase(current?.review_id ?? null);
  const decide = useDecide();
  const busy = decide.isPending || list.isFetching;
  const appeals = queue === "appeals";
  const publish = appeals
    ? { label: t.appealActions.overturn, done: t.appealActions.overturned }
    : { label: t.actions.publish, done: t.actions.published };
  const keep = appeals
    ? { label: t.appealActions.uphold, done: t.appealActions.upheld }
    : { label: t.actions.keep, done: t.actions.kept };

  useEffect(() => {
    if (index > 0 && index >= items.length) setIndex(Math.max(0, items.length - 1));
  }, [index, items.length]);

  const send = useCallback(
    async (body: Omit<DecisionInput, "source">, done: string) => {
      if (!current) return;
      const source =
        SOURCE_KIND[queue] === "review"
          ? { kind: "review" as const }
          : { kind: SOURCE_KIND[queue], id: current.id };
      try {
        await decide.mutateAsync({ id: current.review_id, body: { ...body, source } });
        toast({ title: done, variant: "success" });
      } catch (error) {
        toast({
          title: t.actions.failed,
          description: errorMessage(error, t.actions.failed),
          variant: "error",
        });
      }
    },
    [current, decide, queue],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target) || removing) return;
      // A decision on its way, or the queue being read again: the current item may be the one just
      // decided; the keys wait for the fresh queue.
      if (busy) return;
      const key = event.key;
      if (key === "j" || key === "ArrowDown") setIndex((i) => Math.min(i + 1, Math.max(0, items.length - 1)));
      else if (key === "k" || key === "ArrowUp") setIndex((i) => Math.max(0, i - 1));
      else if (key === "p") void send({ action: "publish" }, publish.done);
      else if (key === "m") void send({ action: "keep" }, keep.done);
      else if (key === "r" && current && !appeals) setRemoving(true);
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [items.length, send, current, removing, busy, appeals, publish.done, keep.done]);

  if (!hasSession()) return <Navigate to="/login" replace state={{ from: location }} />;
  if (queues.isPending) return <LoadingScreen />;
  if (queues.isError)
    return (
      <Container size="2" p="6">
        <Callout.Root color="red" role="alert">
          <Callout.Text>{errorMessage(queues.error, t.loadError)}</Callout.Text>
        </Callout.Root>
      </Container>
    );

  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-4 p-6">
      <header>
        <Heading as="h1" size="6">
          {t.title}
        </Heading>
        <Text color="gray">{t.subtitle}</Text>
      </header>
      <nav aria-label={t.queuesLabel}>
        <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
          {queues.data.queues.map((summary) => (
            <li key={summary.queue}>
              <Button
                variant={summary.queue === queue ? "default" : "outline"}
                aria-pressed={summary.queue === queue}
                onClick={() => {
                  setQueue(summary.queue);
                  setIndex(0);
                }}
              >
                {t.queues[summary.queue]}{" "}
                <Badge data-testid={`count-${summary.queue}`}>{t.count(summary.count)}</Badge>
                {summary.oldest_at ? (
                  <Text size="1">{t.oldest(formatRelativeTime(summary.oldest_at))}</Text>
                ) : null}
              </Button>
            </li>
          ))}
        </ul>
      </nav>
      <Text size="2" color="gray">
        {appeals ? t.appealActions.shortcuts : t.actions.shortcuts}
      </Text>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section aria-label={t.itemsLabel}>
          {items.length === 0 && !list.isPending ? (
            <Text>{t.empty}</Text>
          ) : (
            <ol className="m-0 flex list-none flex-col gap-1 p-0">
              {items.map((item, position) => (
                <li key={item.id}>
                  <button
                    type="button"
                    aria-current={item === current ? "true" : undefined}
                    onClick={() => setIndex(position)}
                    className={`w-full rounded-md border p-2 text-left ${item === current ? "border-[var(--accent-9)] bg-[var(--accent-3)]" : "border-[var(--gray-5)]"}`}
                  >
                    <Text as="div" size="2" weight="bold">
                      {item.company_name} · {item.rating}/5
                    </Text>
                    <Text as="div" size="2">
                      {item.excerpt}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {formatRelativeTime(item.created_at)}
                      {item.reason ? ` · ${item.reason}` : ""}
                    </Text>
                  </button>
                </li>
              ))}
            </ol>
          )}
        </section>
        <div className="flex flex-col gap-3">
          {current ? (
            <Flex gap="2">
              <Button onClick={() => void send({ action: "publish" }, publish.done)} disabled={busy}>
                {publish.label} (p)
              </Button>
              <Button
                variant="outline"
                onClick={() => void send({ action: "keep" }, keep.done)}
                disabled={busy}
              >
                {keep.label} (m)
              </Button>
              {appeals ? null : (
                <Button variant="destructive" onClick={() => setRemoving(true)} disabled={busy}>
                  {t.actions.remove} (r)
                </Button>
              )}
            </Flex>
          ) : null}
          {detail.data && current ? <CaseView data={detail.data} /> : null}
        </div>
      </div>
      {/* The reason (keys 1 to 5 pick one) and a note before the review is removed. */}
      <ReasonDialog
        key={current?.id ?? "none"}
        open={removing}
        onOpenChange={setRemoving}
        title={t.removeDialog.title}
        description={t.removeDialog.description}
        reasons={{ label: t.removeDialog.reason, numbered: true }}
        note={{ label: t.removeDialog.note, maxLength: REJECTION_NOTE_MAX_LENGTH }}
        cancelLabel={t.removeDialog.cancel}
        confirmLabel={t.removeDialog.confirm}
        destructive
        busy={decide.isPending}
        onConfirm={({ reason, note }) => {
          if (!reason) return;
          setRemoving(false);
          void send({ action: "remove", reason, note }, t.actions.removed);
        }}
      />
    </main>
  );
}
