import { DEFAULT_ACCENT_COLOR } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Callout, Card, Checkbox, Flex, Grid, Heading, Link, Select, Switch, Text } from "@radix-ui/themes";
import { useId, useState } from "react";
import { API_BASE } from "../../../app/config";
import { LoadingScreen } from "../../../components/loading-screen";
import { PageHeader } from "../../../components/page-header";
import { useCompany } from "../../../lib/api/get-company";
import { useProducts } from "../../../lib/api/get-products";
import { AccentColorField } from "../components/accent-color-field";
import { CodeToCopy } from "../components/code-to-copy";
import { GoogleFeedCard } from "../components/google-feed-card";
import { ListingStarsCard } from "../components/listing-stars-card";
import {
  badgeCode,
  hasProduct,
  IFRAME_HEIGHT,
  jsonLdUrl,
  plainIframeCode,
  publicPageUrl,
  scriptEmbedCode,
  type WidgetConfig,
  widgetUrl,
} from "../lib/embed-code";

const t = fr.iframe;

export function IframeRoute() {
  const company = useCompany();
  const products = useProducts();
  const id = useId();
  const [productId, setProductId] = useState("all");
  const [showHeader, setShowHeader] = useState(true);
  const [accentColor, setAccentColor] = useState(DEFAULT_ACCENT_COLOR);
  const [jsonLd, setJsonLd] = useState(true);

  if (company.isPending) return <LoadingScreen />;
  const companyId = company.data?.id;
  const config: WidgetConfig | null = companyId
    ? { companyId, productId, showHeader, accentColor, jsonLd }
    : null;
  // The widget and its loader are served from WIDGET_URL, which need not be the back-office's origin.
  const origin = company.data?.widget_url ?? "";
  const apiOrigin = window.location.origin;

  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <Grid columns={{ initial: "1", lg: "2" }} gap="5" align="start">
        <Flex direction="column" gap="5">
          <Card size="3">
            <Heading as="h2" size="4" mb="4">
              {t.settings}
            </Heading>
            <Flex direction="column" gap="4">
              <div className="grid gap-1">
                <Text as="p" id={`${id}-product`} weight="bold" size="2">
                  {t.product}
                </Text>
                <Select.Root value={productId} onValueChange={setProductId}>
                  <Select.Trigger aria-labelledby={`${id}-product`} className="min-w-[14rem]" />
                  <Select.Content position="popper">
                    <Select.Item value="all">{t.allProducts}</Select.Item>
                    {(products.data ?? []).map((p) => (
                      <Select.Item key={p.id} value={p.id}>
                        {p.name}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </div>
              <Text as="label" size="2">
                <Flex gap="2" align="center">
                  <Switch checked={!showHeader} onCheckedChange={(on) => setShowHeader(!on)} />
                  <span>
                    <Text weight="bold">{t.reviewsOnly}</Text> <Text color="gray">{t.reviewsOnlyHint}</Text>
                  </span>
                </Flex>
              </Text>
              <AccentColorField value={accentColor} onChange={setAccentColor} />
            </Flex>
          </Card>

          <Card size="3">
            <Heading as="h2" size="4" mb="1">
              {t.embedCode}
            </Heading>
            <Text as="p" size="2" color="gray" mb="4">
              {t.embedHint}
            </Text>
            {config ? (
              <Flex direction="column" gap="4">
                <CodeToCopy
                  label={t.plainIframe}
                  hint={t.plainIframeHint}
                  code={plainIframeCode(origin, config, fr.widget.title)}
                />
                <CodeToCopy
                  label={t.scriptEmbed}
                  hint={t.scriptEmbedHint}
                  code={scriptEmbedCode(origin, config, fr.widget.title)}
                />
                <Text as="p" size="2" color="gray">
                  {t.skuHint}
                </Text>
              </Flex>
            ) : (
              <Incomplete />
            )}
          </Card>

          {company.data ? (
            <Card size="3">
              <Heading as="h2" size="4" mb="1">
                {t.badge.title}
              </Heading>
              <Text as="p" size="2" color="gray" mb="4">
                {t.badge.intro}
              </Text>
              <Flex direction="column" gap="4">
                <Text as="p" size="2">
                  <Link href={publicPageUrl(apiOrigin, company.data.slug)} target="_blank" rel="noopener">
                    {t.badge.pageLink}
                  </Link>
                </Text>
                {company.data.public_page ? null : (
                  <Callout.Root color="gray" size="1">
                    <Callout.Text>{t.badge.pageOff}</Callout.Text>
                  </Callout.Root>
                )}
                <CodeToCopy
                  label={t.badge.code}
                  hint={t.badge.codeHint}
                  code={badgeCode(apiOrigin, API_BASE, company.data.id, company.data.slug, t.badge.alt)}
                />
              </Flex>
            </Card>
          ) : null}

          {config && company.data ? (
            <ListingStarsCard
              config={config}
              origin={origin}
              apiOrigin={apiOrigin}
              slug={company.data.slug}
            />
          ) : null}

          {company.data ? (
            <GoogleFeedCard
              apiOrigin={apiOrigin}
              apiBase={API_BASE}
              companyId={company.data.id}
              publicPage={company.data.public_page}
            />
          ) : null}

          <Card size="3">
            <Heading as="h2" size="4" mb="1">
              {t.jsonLd.title}
            </Heading>
            <Text as="p" size="2" color="gray" mb="4">
              {t.jsonLd.intro}
            </Text>
            {!config ? (
              <Incomplete />
            ) : !hasProduct(config) ? (
              <Callout.Root color="gray" size="1">
                <Callout.Text>{t.jsonLd.needsProduct}</Callout.Text>
              </Callout.Root>
            ) : (
              <Flex direction="column" gap="4">
                <Text as="label" size="2">
                  <Flex gap="2" align="start">
                    <Checkbox checked={jsonLd} onCheckedChange={(on) => setJsonLd(on === true)} />
                    <span>
                      <Text weight="bold">{t.jsonLd.withScript}</Text>{" "}
                      <Text color="gray">{t.jsonLd.withScriptHint}</Text>
                    </span>
                  </Flex>
                </Text>
                <CodeToCopy
                  label={t.jsonLd.serverUrl}
                  hint={t.jsonLd.serverHint}
                  code={jsonLdUrl(apiOrigin, API_BASE, config) ?? ""}
                />
                <Text as="p" size="1" color="gray" className="font-mono">
                  {t.jsonLd.serverSnippet}
                </Text>
                <Text as="p" size="2">
                  <Link href="https://search.google.com/test/rich-results" target="_blank" rel="noopener">
                    {t.jsonLd.check}
                  </Link>
                </Text>
              </Flex>
            )}
          </Card>
        </Flex>

        <Card size="3" className="lg:sticky lg:top-4">
          <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
            <Heading as="h2" size="4">
              {t.preview}
            </Heading>
            {config ? (
              <Link href={widgetUrl(origin, config)} target="_blank" rel="noopener" size="2">
                {t.openPreview}
              </Link>
            ) : null}
          </Flex>
          {config ? (
            <iframe
              src={widgetUrl(origin, config)}
              title={t.preview}
              height={IFRAME_HEIGHT}
              className="block w-full rounded-md border border-[var(--gray-a6)]"
            />
          ) : (
            <Incomplete />
          )}
        </Card>
      </Grid>
    </>
  );
}

function Incomplete() {
  return (
    <Callout.Root color="amber" role="alert">
      <Callout.Text>
        <Text weight="bold">{t.incompleteConfig}</Text> — {t.incompleteConfigHint}
      </Callout.Text>
    </Callout.Root>
  );
}
