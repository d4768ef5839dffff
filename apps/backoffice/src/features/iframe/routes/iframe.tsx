import { DEFAULT_ACCENT_COLOR } from "@certavis/domain";
import { iframe as frIframe } from "@certavis/i18n-fr/messages/iframe";
import { Flex, Grid } from "@radix-ui/themes";
import { useState } from "react";
import { API_BASE } from "../../../app/config";
import { LoadingScreen } from "../../../components/loading-screen";
import { PageHeader } from "../../../components/page-header";
import { useCompany } from "../../../lib/api/get-company";
import { useProducts } from "../../../lib/api/get-products";
import { BadgeCard } from "../components/badge-card";
import { EmbedCodeCard } from "../components/embed-code-card";
import { GoogleFeedCard } from "../components/google-feed-card";
import { JsonLdCard } from "../components/json-ld-card";
import { ListingStarsCard } from "../components/listing-stars-card";
import { WidgetPreviewCard } from "../components/widget-preview-card";
import { WidgetSettingsCard } from "../components/widget-settings-card";
import type { WidgetConfig } from "../lib/embed-code";

const t = frIframe;

export function IframeRoute() {
  const company = useCompany();
  const products = useProducts();
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
          <WidgetSettingsCard
            products={products.data ?? []}
            productId={productId}
            onProductChange={setProductId}
            showHeader={showHeader}
            onShowHeaderChange={setShowHeader}
            accentColor={accentColor}
            onAccentColorChange={setAccentColor}
          />
          <EmbedCodeCard config={config} origin={origin} />
          {company.data ? (
            <BadgeCard company={company.data} apiOrigin={apiOrigin} apiBase={API_BASE} />
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
          <JsonLdCard config={config} apiOrigin={apiOrigin} apiBase={API_BASE} onJsonLdChange={setJsonLd} />
        </Flex>
        <WidgetPreviewCard config={config} origin={origin} />
      </Grid>
    </>
  );
}
