import { iframe as frIframe } from "@certavis/i18n-fr/messages/iframe";
import { Card, Flex, Heading, Select, Switch, Text } from "@radix-ui/themes";
import { useId } from "react";
import { AccentColorField } from "./accent-color-field";

const t = frIframe;

/** The widget's settings: which product (or all), reviews only, accent colour. */
export function WidgetSettingsCard({
  products,
  productId,
  onProductChange,
  showHeader,
  onShowHeaderChange,
  accentColor,
  onAccentColorChange,
}: {
  products: readonly { id: string; name: string }[];
  productId: string;
  onProductChange: (id: string) => void;
  showHeader: boolean;
  onShowHeaderChange: (show: boolean) => void;
  accentColor: string;
  onAccentColorChange: (color: string) => void;
}) {
  const id = useId();
  return (
    <Card size="3">
      <Heading as="h2" size="4" mb="4">
        {t.settings}
      </Heading>
      <Flex direction="column" gap="4">
        <div className="grid gap-1">
          <Text as="p" id={`${id}-product`} weight="bold" size="2">
            {t.product}
          </Text>
          <Select.Root value={productId} onValueChange={onProductChange}>
            <Select.Trigger aria-labelledby={`${id}-product`} className="min-w-[14rem]" />
            <Select.Content position="popper">
              <Select.Item value="all">{t.allProducts}</Select.Item>
              <Select.Item value="store">{t.storeReviews}</Select.Item>
              {products.map((p) => (
                <Select.Item key={p.id} value={p.id}>
                  {p.name}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </div>
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Switch checked={!showHeader} onCheckedChange={(on) => onShowHeaderChange(!on)} />
            <span>
              <Text weight="bold">{t.reviewsOnly}</Text> <Text color="gray">{t.reviewsOnlyHint}</Text>
            </span>
          </Flex>
        </Text>
        <AccentColorField value={accentColor} onChange={onAccentColorChange} />
      </Flex>
    </Card>
  );
}
