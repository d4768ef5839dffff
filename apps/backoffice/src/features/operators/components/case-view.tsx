import { normalizeReview } from "@certavis/domain";
import { formatDate, formatDateTime, fr } from "@certavis/i18n-fr";
import { moderation as frModeration } from "@certavis/i18n-fr/messages/moderation";
import { operators } from "@certavis/i18n-fr/messages/operators";
import { Stars } from "@certavis/ui";
import { Badge, Card, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { ReviewAnswers } from "../../../components/review-answers";
import type { OperatorCase } from "../api/get-case";

const t = operators.case;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1">
      <Heading as="h3" size="3">
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** Everything an operator decides on, in the order they read it. */
export function CaseView({ data }: { data: OperatorCase }) {
  const { review, order } = data;
  const normalized = normalizeReview(review);
  return (
    <Card size="3" className="flex flex-col gap-4" data-testid="operator-case">
      <Section title={t.review}>
        <div className="flex items-center gap-2">
          <Stars rating={review.rating} />
          <Badge>
            {fr.statuses.review[review.status as keyof typeof fr.statuses.review] ?? review.status}
          </Badge>
        </div>
        {review.title ? <Text weight="bold">{review.title}</Text> : null}
        {review.comment ? <Text className="whitespace-pre-wrap">{review.comment}</Text> : null}
        <Text size="2" color="gray">
          {review.author_name} · {formatDateTime(review.created_at)}
        </Text>
        <ReviewAnswers fields={normalized.fields} />
      </Section>
      <Section title={t.company}>
        <Text>
          {data.company.name} ·{" "}
          {data.company.moderation.mode === "certavis" ? frModeration.byCertavis : frModeration.byShop}
        </Text>
      </Section>
      <Section title={t.order}>
        {order ? (
          <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt>{t.orderDate}</dt>
            <dd className="m-0">
              {formatDate(order.date)} ({order.reference})
            </dd>
            <dt>{t.products}</dt>
            <dd className="m-0">{order.products.join(", ")}</dd>
            <dt>{t.cameIn}</dt>
            <dd className="m-0">
              {order.came_in === "integration" ? t.cameInIntegration(order.platform ?? "") : t.cameInApi}
            </dd>
          </dl>
        ) : (
          <Text>{t.noOrder}</Text>
        )}
      </Section>
      <Section title={t.checks}>
        {data.check_flags === null ? (
          <Text>{t.checksNone}</Text>
        ) : data.check_flags.length === 0 ? (
          <Text>{t.checksClean}</Text>
        ) : (
          <ul className="m-0 pl-5">
            {data.check_flags.map((flag) => (
              <li key={`${flag.kind}:${flag.match}`}>
                {frModeration.flags[flag.kind]} : « {flag.match} »
              </li>
            ))}
          </ul>
        )}
      </Section>
      {data.contests.length > 0 ? (
        <Section title={t.contests}>
          {data.contests.map((contest) => (
            <Text key={contest.id}>
              {fr.certification.reasons[contest.reason]} — {contest.explanation} (
              {formatDateTime(contest.created_at)})
            </Text>
          ))}
        </Section>
      ) : null}
      {data.reports.length > 0 ? (
        <Section title={t.reports}>
          {data.reports.map((report) => (
            <Text key={report.id}>
              {frModeration.report.reasons[report.reason]} — {report.explanation} (
              {formatDateTime(report.created_at)})
            </Text>
          ))}
        </Section>
      ) : null}
      {data.appeals.length > 0 ? (
        <Section title={t.appeals}>
          {data.appeals.map((appeal) => (
            <Text key={appeal.id}>
              {appeal.explanation} ({formatDateTime(appeal.created_at)} ·{" "}
              {t.appealStatus[appeal.outcome ?? "open"]})
            </Text>
          ))}
        </Section>
      ) : null}
      {data.decisions.length > 0 ? (
        <Section title={t.decisions}>
          <ol className="m-0 pl-5 text-sm">
            {data.decisions.map((decision) => (
              <li key={decision.id}>
                {formatDateTime(decision.created_at)} — {t.decisionKinds[decision.decision]}
                {decision.reason ? ` · ${fr.certification.reasons[decision.reason]}` : ""}
                {decision.decided_by_name ? ` · ${decision.decided_by_name}` : ""}
                {decision.note ? ` · ${decision.note}` : ""}
              </li>
            ))}
          </ol>
        </Section>
      ) : null}
      <Section title={t.history}>
        <ol className="m-0 pl-5 text-sm">
          {data.events.map((event) => (
            <li key={event.id}>
              {formatDateTime(event.created_at)} —{" "}
              {fr.certification.events[event.kind as keyof typeof fr.certification.events] ?? event.kind}
              {event.actor_name ? ` · ${event.actor_name}` : ""}
              {event.note ? ` · ${event.note}` : ""}
            </li>
          ))}
        </ol>
      </Section>
    </Card>
  );
}
