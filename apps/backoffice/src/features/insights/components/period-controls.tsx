import type { InsightsGranularity } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, RadioCards, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { FilterSelect } from "../../../components/filter-select";
import type { InsightsPreset, InsightsQuery } from "../lib/insights-query";

const t = fr.insights.filters;
const ALL = "all";

export interface PeriodControlsProps {
  preset: InsightsPreset;
  query: InsightsQuery;
  products: { id: string; name: string }[];
  onChange: (changes: Record<string, string | null>) => void;
}

/** Period presets and custom dates, granularity and product: every choice is written to the URL. */
export function PeriodControls({ preset, query, products, onChange }: PeriodControlsProps) {
  const [from, setFrom] = useState(query.from);
  const [to, setTo] = useState(query.to);
  const [custom, setCustom] = useState(preset === "custom");
  const presets: [InsightsPreset, string][] = [
    ["30d", t.presets.days30],
    ["90d", t.presets.days90],
    ["12m", t.presets.months12],
    ["custom", t.presets.custom],
  ];
  return (
    <Flex direction="column" gap="3" mb="5">
      <Flex direction="column" gap="2">
        <Text as="span" size="2" weight="medium" id="insights-period">
          {t.period}
        </Text>
        <RadioCards.Root
          aria-labelledby="insights-period"
          size="1"
          columns={{ initial: "2", sm: "4" }}
          gap="2"
          value={custom ? "custom" : preset}
          onValueChange={(value) => {
            if (value === "custom") return setCustom(true);
            setCustom(false);
            onChange({ periode: value, du: null, au: null, par: null });
          }}
        >
          {presets.map(([value, label]) => (
            <RadioCards.Item key={value} value={value}>
              {label}
            </RadioCards.Item>
          ))}
        </RadioCards.Root>
      </Flex>
      {custom ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ periode: "custom", du: from, au: to });
          }}
        >
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor="insights-from" size="2">
              {t.from}
            </Text>
            <TextField.Root
              id="insights-from"
              type="date"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              required
            />
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" htmlFor="insights-to" size="2">
              {t.to}
            </Text>
            <TextField.Root
              id="insights-to"
              type="date"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              required
            />
          </Flex>
          <Button type="submit">{t.apply}</Button>
        </form>
      ) : null}
      <Flex gap="3" wrap="wrap">
        <FilterSelect<InsightsGranularity>
          label={t.granularity}
          value={query.granularity}
          options={[
            ["day", t.granularities.day],
            ["week", t.granularities.week],
            ["month", t.granularities.month],
          ]}
          onChange={(value) => onChange({ par: value })}
          className="min-w-40"
        />
        <FilterSelect<string>
          label={t.product}
          value={query.productId ?? ALL}
          options={[[ALL, t.allProducts], ...products.map((p) => [p.id, p.name] as const)]}
          onChange={(value) => onChange({ produit: value === ALL ? null : value })}
          className="min-w-52"
        />
      </Flex>
    </Flex>
  );
}
