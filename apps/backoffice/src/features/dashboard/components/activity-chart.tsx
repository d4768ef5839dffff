import { fr } from "@certavis/i18n-fr";
import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { readWeek, type WeekCountsInput } from "../lib/week";

const t = fr.dashboard.activity;

/** 'Activité des avis': a pair of bars (reviews, orders) per weekday, Lun..Dim, with weekly totals. */
export function ActivityChart({ reviews, orders }: { reviews: WeekCountsInput; orders: WeekCountsInput }) {
  const r = readWeek(reviews);
  const o = readWeek(orders);
  const max = Math.max(1, ...r.days.map((d) => d.value), ...o.days.map((d) => d.value));
  return (
    <Card size="3">
      <Flex justify="between" align="start" gap="3" wrap="wrap" mb="4">
        <div>
          <Heading as="h2" size="4">
            {t.title}
          </Heading>
          <Text size="2" color="gray">
            {t.description}
          </Text>
        </div>
        <Flex gap="4">
          <Text size="2">
            <span
              className="mr-1.5 inline-block size-2.5 rounded-sm bg-[var(--accent-9)]"
              aria-hidden="true"
            />
            <strong>{r.total}</strong> {t.reviews}
          </Text>
          <Text size="2">
            <span className="mr-1.5 inline-block size-2.5 rounded-sm bg-[var(--gray-8)]" aria-hidden="true" />
            <strong>{o.total}</strong> {t.orders}
          </Text>
        </Flex>
      </Flex>
      <ul className="m-0 grid h-48 list-none grid-cols-7 items-end gap-2 p-0" aria-label={t.title}>
        {r.days.map((day, i) => {
          const orders = o.days[i]?.value ?? 0;
          return (
            <li
              key={day.key}
              className="flex h-full flex-col items-center justify-end gap-1"
              aria-label={`${day.label} : ${day.value} ${t.reviews}, ${orders} ${t.orders}`}
            >
              <div className="flex h-full w-full items-end justify-center gap-1" aria-hidden="true">
                <div
                  className="w-1/3 max-w-4 rounded-t bg-[var(--accent-9)]"
                  style={{ height: `${(day.value / max) * 100}%`, minHeight: day.value ? 4 : 0 }}
                  title={`${day.value} ${t.reviews}`}
                />
                <div
                  className="w-1/3 max-w-4 rounded-t bg-[var(--gray-8)]"
                  style={{ height: `${(orders / max) * 100}%`, minHeight: orders ? 4 : 0 }}
                  title={`${orders} ${t.orders}`}
                />
              </div>
              <Text size="1" color="gray" aria-hidden="true">
                {day.label}
              </Text>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
