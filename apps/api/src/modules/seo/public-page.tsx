import { jsonForScript, productJsonLd, reviewJsonLd } from "@certavis/domain";
import {
  formatAverage,
  formatDate,
  formatInteger,
  formatLongDate,
  fr,
  moderationLabel,
} from "@certavis/i18n-fr/server";
import type { ReactNode } from "react";
import { PageShell, renderPage } from "../../http/pages/page-shell";
import readingPage from "../../http/pages/reading-page.css";
import { moderationView } from "../moderation/company-moderation";
import {
  companyPagePath,
  MODERATION_RULES_PATH,
  pageHref,
  productPagePath,
  reportPagePath,
  reviewPagePath,
} from "./page-paths";
import pageStyle from "./public-page.css";

const style = readingPage + pageStyle;
const PARIS = { timeZone: "Europe/Paris" };

import type { PublicPageData, PublicReviewPageData } from "./public-page-data";

export interface PageUrls {
  /** The server's public origin (`PUBLIC_URL`): canonical and Open Graph addresses are absolute. */
  origin: string;
  /** The procedure page of the company (how reviews are collected and checked). */
  procedure: string;
  /** When the page is painted (who moderates changes with time). */
  now: Date;
}

const stars = (rating: number) => {
  const full = Math.min(5, Math.max(0, Math.round(rating)));
  return "★".repeat(full) + "☆".repeat(5 - full);
};

const absolute = (origin: string, url: string | null) =>
  url ? (/^https?:\/\//i.test(url) ? url : url.startsWith("/") ? `${origin}${url}` : null) : null;

type ReviewOfPage = PublicPageData["reviews"][number];

/** One review as an `<article id="avis-…">`; `withProduct`: a line linking to its product's page. */
function ReviewArticle({
  review: r,
  slug,
  withProduct,
}: {
  review: ReviewOfPage;
  slug: string;
  withProduct: boolean;
}) {
  const t = fr.server.publicPages;
  const w = fr.widget;
  return (
    <article id={`avis-${r.id}`}>
      <p>
        <span className="stars" role="img" aria-label={t.ratingOutOfFive(formatAverage(r.rating))}>
          {stars(r.rating)}
        </span>{" "}
        <span className="verified">{w.verified}</span>
      </p>
      {r.title ? <h3>{r.title}</h3> : null}
      <p>{r.comment ?? w.noComment}</p>
      {/* Each photo links to its full size: the page stays readable without any script. */}
      {r.photos.length ? (
        <p className="photos">
          {r.photos.map((url, i) => (
            <a key={`${i}`} href={url} aria-label={w.openPhoto(i + 1, r.authorName)}>
              <img src={url} alt={w.photo(i + 1, r.authorName)} loading="lazy" width="96" height="96" />
            </a>
          ))}
        </p>
      ) : null}
      <p className="meta">
        {`${r.authorName} · ${w.publishedOn(formatDate(r.publishedAt))}`}
        {r.experienceDate ? ` · ${w.experienceOn(formatDate(r.experienceDate))}` : null}
      </p>
      {withProduct ? (
        <p className="meta">
          <a href={productPagePath(slug, r.product.id)}>{t.product(r.product.name)}</a>
        </p>
      ) : null}
      <p className="meta">
        <a href={reportPagePath(r.id)} rel="nofollow">
          {fr.moderation.report.action}
        </a>
      </p>
      {r.reply ? (
        <div className="reply">
          <p>
            <strong>{w.companyReply}</strong> · <span className="meta">{formatDate(r.reply.createdAt)}</span>
          </p>
          <p>{r.reply.body}</p>
        </div>
      ) : null}
    </article>
  );
}

function OpenGraph(props: { title: string; description: string; canonical: string; image: string | null }) {
  const properties = [
    ["og:type", "website"],
    ["og:locale", "fr_FR"],
    ["og:title", props.title],
    ["og:description", props.description],
    ["og:url", props.canonical],
    ["og:site_name", "Certavis"],
    ...(props.image ? [["og:image", props.image]] : []),
  ];
  return properties.map(([property, content]) => (
    <meta key={property} property={property} content={content ?? ""} />
  ));
}

const JsonLd = ({ value }: { value: unknown }) => (
  <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(value) }} />
);

/** A public page: its title, description and head, its content, the footer. */
function PublicDocument(props: {
  title: string;
  description: string;
  head: ReactNode;
  urls: PageUrls;
  company: PublicPageData["company"];
  children: ReactNode;
}) {
  const w = fr.widget;
  const who = moderationLabel(moderationView(props.company.moderation, props.urls.now));
  return (
    <PageShell title={props.title} description={props.description} head={props.head} style={style}>
      {props.company.departedAt ? (
        <p className="notice">{fr.moderation.departed(formatLongDate(props.company.departedAt, PARIS))}</p>
      ) : null}
      {props.children}
      <footer>
        <p>{who.line}</p>
        {who.pending ? <p>{who.pending}</p> : null}
        <p>
          <a href={props.urls.procedure}>{w.legal.howItWorks}</a>
          {" · "}
          <a href={MODERATION_RULES_PATH}>{fr.moderation.rulesLink}</a>
        </p>
        <p>{w.poweredBy}</p>
      </footer>
    </PageShell>
  );
}

/** `/avis/{slug}/{review id}`: one published review, its reply and its product, with its Review JSON-LD. */
export function renderPublicReviewPage(data: PublicReviewPageData, urls: PageUrls): string {
  const t = fr.server.publicPages;
  const { company, product, review } = data;
  const canonical = `${urls.origin}${reviewPagePath(company.slug, review.id)}`;
  const title = t.reviewTitle(review.authorName, product.name, company.name);
  const description = t.reviewDescription(review.authorName, formatAverage(review.rating), product.name);
  const jsonLd = reviewJsonLd(
    {
      rating: review.rating,
      title: review.title,
      comment: review.comment,
      author_name: review.authorName,
      published_at: review.publishedAt.toISOString(),
    },
    {
      name: product.name,
      image: absolute(urls.origin, product.image),
      sku: product.sku,
      gtin: product.gtin,
      brand: product.brand,
      url: product.url ?? `${urls.origin}${productPagePath(company.slug, product.id)}`,
    },
    company.name,
  );
  const head = (
    <>
      <link rel="canonical" href={canonical} />
      <OpenGraph
        title={title}
        description={description}
        canonical={canonical}
        image={absolute(urls.origin, product.image ?? company.logo)}
      />
      <JsonLd value={jsonLd} />
    </>
  );
  return renderPage(
    <PublicDocument title={title} description={description} head={head} urls={urls} company={company}>
      <h1>{t.productHeading(product.name)}</h1>
      <p>
        <a href={companyPagePath(company.slug)}>{t.allReviews(company.name)}</a>
      </p>
      <ReviewArticle review={review} slug={company.slug} withProduct />
    </PublicDocument>,
  );
}

/** The company's header, or the product's (with a link to all the company's reviews). */
function PageHeading({ data }: { data: PublicPageData }) {
  const t = fr.server.publicPages;
  const { company, product } = data;
  if (product) {
    return (
      <div className="product">
        {product.image ? <img src={product.image} alt={product.name} width="96" height="96" /> : null}
        <div>
          <h1>{t.productHeading(product.name)}</h1>
          <p>
            <a href={companyPagePath(company.slug)}>{t.allReviews(company.name)}</a>
          </p>
        </div>
      </div>
    );
  }
  return (
    <header>
      {company.logo ? <img src={company.logo} alt={company.name} width="64" height="64" /> : null}
      <div>
        <h1>{t.heading(company.name)}</h1>
        {company.website ? (
          <p>
            <a href={company.website} rel="nofollow noopener">
              {t.website}
            </a>
          </p>
        ) : null}
      </div>
    </header>
  );
}

/** The average, and the distribution 5 → 1 with a filter link each (none for an empty row). */
function Summary({ data, path, note }: { data: PublicPageData; path: string; note: number | null }) {
  const t = fr.server.publicPages;
  const w = fr.widget;
  const average = formatAverage(data.average);
  return (
    <section className="summary" aria-label={t.distribution}>
      <div>
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the page's markup as it was before JSX (a refactor); a role for it is a change of its own */}
        <p className="average" aria-label={t.averageLabel(average, formatInteger(data.total))}>
          {w.averageOutOfFive(average)}
        </p>
        <p className="stars" aria-hidden="true">
          {stars(data.average ?? 0)}
        </p>
        <p>{w.reviewsCount(data.total)}</p>
      </div>
      <ul className="bars">
        {[5, 4, 3, 2, 1].map((n) => {
          const count = data.distribution[n - 1] ?? 0;
          const width = data.total ? Math.round((count / data.total) * 100) : 0;
          const label = t.starsRow(n);
          return (
            <li key={n}>
              {count > 0 && note !== n ? (
                <a href={pageHref(path, n, 1)} aria-label={t.filterBy(n)}>
                  {label}
                </a>
              ) : (
                label
              )}
              <span className="bar" aria-hidden="true">
                <span style={{ width: `${width}%` }} />
              </span>
              <span>{formatInteger(count)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Pager({ data, path, note }: { data: PublicPageData; path: string; note: number | null }) {
  const t = fr.server.publicPages;
  if (data.pages <= 1) return null;
  return (
    <nav className="pages" aria-label={t.pagination}>
      {data.page > 1 ? (
        <a rel="prev" href={pageHref(path, note, data.page - 1)}>
          {t.previousPage}
        </a>
      ) : null}
      <span>{t.pageOf(data.page, data.pages)}</span>
      {data.page < data.pages ? (
        <a rel="next" href={pageHref(path, note, data.page + 1)}>
          {t.nextPage}
        </a>
      ) : null}
    </nav>
  );
}

/** `/avis/{slug}` or `/avis/{slug}/produits/{id}`: readable, filterable and paged without any script. */
export function renderPublicPage(data: PublicPageData, note: number | null, urls: PageUrls): string {
  const t = fr.server.publicPages;
  const w = fr.widget;
  const { company, product } = data;
  const path = product ? productPagePath(company.slug, product.id) : companyPagePath(company.slug);
  const canonical = `${urls.origin}${pageHref(path, note, data.page)}`;
  const title = product ? t.productTitle(product.name, company.name) : t.title(company.name);
  const description = t.description(product?.name ?? company.name, data.average, data.total);
  const jsonLd = product
    ? productJsonLd(
        {
          name: product.name,
          image: absolute(urls.origin, product.image),
          mean_note: data.average,
          reviews_count: data.total,
          sku: product.sku,
          gtin: product.gtin,
          brand: product.brand,
          url: product.url ?? `${urls.origin}${path}`,
        },
        data.reviews.map((r) => ({
          rating: r.rating,
          title: r.title,
          comment: r.comment,
          author_name: r.authorName,
          published_at: r.publishedAt.toISOString(),
        })),
      )
    : null;
  const head = (
    <>
      <link rel="canonical" href={canonical} />
      {data.page > 1 ? (
        <link rel="prev" href={`${urls.origin}${pageHref(path, note, data.page - 1)}`} />
      ) : null}
      {data.page < data.pages ? (
        <link rel="next" href={`${urls.origin}${pageHref(path, note, data.page + 1)}`} />
      ) : null}
      <OpenGraph
        title={title}
        description={description}
        canonical={canonical}
        image={absolute(urls.origin, product?.image ?? company.logo)}
      />
      {jsonLd ? <JsonLd value={jsonLd} /> : null}
    </>
  );
  return renderPage(
    <PublicDocument title={title} description={description} head={head} urls={urls} company={company}>
      <PageHeading data={data} />
      <Summary data={data} path={path} note={note} />
      {note ? (
        <p>
          {`${t.filtered(note)} · `}
          <a href={path}>{t.clearFilter}</a>
        </p>
      ) : null}
      <section aria-label={w.reviewsOf(product?.name ?? company.name)}>
        <p className="meta">{`${w.legal.certifiedNotice} · ${w.legal.sortOrder}`}</p>
        {data.reviews.map((r) => (
          <ReviewArticle key={r.id} review={r} slug={company.slug} withProduct={product === null} />
        ))}
        {data.reviews.length === 0 ? <p>{w.empty}</p> : null}
      </section>
      <Pager data={data} path={path} note={note} />
    </PublicDocument>,
  );
}

/** The 404 page of an unknown or unpublished address. */
export function renderPublicNotFound(): string {
  const t = fr.server.publicPages;
  return renderPage(
    <PageShell title={t.notFoundTitle} noindex style={style}>
      <h1>{t.notFoundTitle}</h1>
      <p>{t.notFound}</p>
    </PageShell>,
  );
}
