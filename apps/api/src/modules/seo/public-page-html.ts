import { escapeHtml, jsonForScript, productJsonLd, reviewJsonLd } from "@certavis/domain";
import { formatAverage, formatDate, formatInteger, fr } from "@certavis/i18n-fr/server";
import { FAVICON_LINK } from "../../http/favicon";
import type { PublicPageData, PublicReviewPageData } from "./public-page-data";

const STYLE = `body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#fff}
main{max-width:46rem;margin:0 auto;padding:24px 16px 48px}h1{font-size:1.5rem;line-height:1.25;margin:.25rem 0}
a{color:#047857}header{display:flex;gap:16px;align-items:center}header img{width:64px;height:64px;object-fit:contain;border-radius:8px}
.summary{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start;margin:24px 0;padding:16px;border:1px solid #e5e7eb;border-radius:12px}
.average{font-size:2.25rem;font-weight:700;line-height:1}.stars{color:#b45309;letter-spacing:2px}
.bars{list-style:none;margin:0;padding:0;flex:1;min-width:14rem}.bars li{display:grid;grid-template-columns:6.5rem 1fr 3rem;gap:8px;align-items:center}
.bar{height:8px;background:#e5e7eb;border-radius:4px;overflow:hidden}.bar span{display:block;height:100%;background:#b45309}
article{border-top:1px solid #e5e7eb;padding:16px 0}article h3{font-size:1.05rem;margin:.25rem 0}
.meta{color:#4b5563;font-size:.875rem}.verified{color:#047857;font-weight:600}
.reply{margin:8px 0 0 16px;padding:8px 12px;border-left:3px solid #047857;background:#f9fafb}
nav.pages{display:flex;gap:16px;justify-content:center;margin-top:24px}footer{margin-top:32px;color:#4b5563;font-size:.875rem}
.photos{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0}.photos img{width:96px;height:96px;object-fit:cover;border-radius:8px;display:block}
.product{display:flex;gap:16px;align-items:center}.product img{width:96px;height:96px;object-fit:cover;border-radius:8px}`;

export interface PageUrls {
  /** The server's public origin (`PUBLIC_URL`): canonical and Open Graph addresses are absolute. */
  origin: string;
  /** The procedure page of the company (how reviews are collected and checked). */
  procedure: string;
}

const stars = (rating: number) => {
  const full = Math.min(5, Math.max(0, Math.round(rating)));
  return "★".repeat(full) + "☆".repeat(5 - full);
};

const absolute = (origin: string, url: string | null) =>
  url ? (/^https?:\/\//i.test(url) ? url : url.startsWith("/") ? `${origin}${url}` : null) : null;

export function companyPagePath(slug: string): string {
  return `/avis/${slug}`;
}

export function productPagePath(slug: string, productId: string): string {
  return `/avis/${slug}/produits/${productId}`;
}

/** The page's own address with its filter and page number (page 1 has none). */
export function pageHref(path: string, note: number | null, page: number): string {
  const params = new URLSearchParams();
  if (note) params.set("note", String(note));
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

type ReviewOfPage = PublicPageData["reviews"][number];

/** One review as an `<article id="avis-…">`; `withProduct`: a line linking to its product's page. */
function reviewArticle(r: ReviewOfPage, slug: string, withProduct: boolean): string {
  const t = fr.server.publicPages;
  const w = fr.widget;
  const productLine = !withProduct
    ? ""
    : `<p class="meta"><a href="${escapeHtml(productPagePath(slug, r.product.id))}">${escapeHtml(
        t.product(r.product.name),
      )}</a></p>`;
  const reply = r.reply
    ? `<div class="reply"><p><strong>${escapeHtml(w.companyReply)}</strong> · <span class="meta">${escapeHtml(
        formatDate(r.reply.createdAt),
      )}</span></p><p>${escapeHtml(r.reply.body)}</p></div>`
    : "";
  // Each photo links to its full size: the page stays readable without any script.
  const photos = r.photos.length
    ? `<p class="photos">${r.photos
        .map(
          (url, i) =>
            `<a href="${escapeHtml(url)}" aria-label="${escapeHtml(w.openPhoto(i + 1, r.authorName))}"><img src="${escapeHtml(url)}" alt="${escapeHtml(w.photo(i + 1, r.authorName))}" loading="lazy" width="96" height="96"></a>`,
        )
        .join("")}</p>`
    : "";
  return `<article id="avis-${r.id}">
<p><span class="stars" role="img" aria-label="${escapeHtml(t.ratingOutOfFive(formatAverage(r.rating)))}">${stars(r.rating)}</span> <span class="verified">${escapeHtml(w.verified)}</span></p>
${r.title ? `<h3>${escapeHtml(r.title)}</h3>` : ""}
<p>${escapeHtml(r.comment ?? w.noComment)}</p>
${photos}<p class="meta">${escapeHtml(r.authorName)} · ${escapeHtml(w.publishedOn(formatDate(r.publishedAt)))}${
    r.experienceDate ? ` · ${escapeHtml(w.experienceOn(formatDate(r.experienceDate)))}` : ""
  }</p>
${productLine}${reply}
</article>`;
}

const openGraph = (title: string, description: string, canonical: string, image: string | null) =>
  [
    ["og:type", "website"],
    ["og:locale", "fr_FR"],
    ["og:title", title],
    ["og:description", description],
    ["og:url", canonical],
    ["og:site_name", "Certavis"],
    ...(image ? [["og:image", image]] : []),
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? "")}">`)
    .join("");

/** A public page's HTML around its `main` content: title, description, `head` (already HTML), footer. */
function publicDocument(
  page: { title: string; description: string; head: string },
  main: string,
  urls: PageUrls,
): string {
  const w = fr.widget;
  return `<!doctype html>
<html lang="fr"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${FAVICON_LINK}<title>${escapeHtml(page.title)}</title>
<meta name="description" content="${escapeHtml(page.description)}">${page.head}<style>${STYLE}</style></head>
<body><main>
${main}
<footer><p><a href="${escapeHtml(urls.procedure)}">${escapeHtml(w.legal.howItWorks)}</a></p><p>${escapeHtml(
    w.poweredBy,
  )}</p></footer>
</main></body></html>`;
}

export function reviewPagePath(slug: string, reviewId: string): string {
  return `/avis/${slug}/${reviewId}`;
}

/** `/avis/{slug}/{review id}`: one published review, its reply and its product, with its Review JSON-LD. */
export function renderPublicReviewPage(data: PublicReviewPageData, urls: PageUrls): string {
  const t = fr.server.publicPages;
  const { company, product, review } = data;
  const canonical = `${urls.origin}${reviewPagePath(company.slug, review.id)}`;
  const title = t.reviewTitle(review.authorName, product.name, company.name);
  const description = t.reviewDescription(review.authorName, formatAverage(review.rating), product.name);
  const jsonLd = `<script type="application/ld+json">${jsonForScript(
    reviewJsonLd(
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
    ),
  )}</script>`;
  const head = `<link rel="canonical" href="${escapeHtml(canonical)}">${openGraph(
    title,
    description,
    canonical,
    absolute(urls.origin, product.image ?? company.logo),
  )}${jsonLd}`;
  const main = `<h1>${escapeHtml(t.productHeading(product.name))}</h1>
<p><a href="${escapeHtml(companyPagePath(company.slug))}">${escapeHtml(t.allReviews(company.name))}</a></p>
${reviewArticle(review, company.slug, true)}`;
  return publicDocument({ title, description, head }, main, urls);
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
  const image = absolute(urls.origin, product?.image ?? company.logo);
  const links = [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    data.page > 1
      ? `<link rel="prev" href="${escapeHtml(`${urls.origin}${pageHref(path, note, data.page - 1)}`)}">`
      : "",
    data.page < data.pages
      ? `<link rel="next" href="${escapeHtml(`${urls.origin}${pageHref(path, note, data.page + 1)}`)}">`
      : "",
  ].join("");
  const og = openGraph(title, description, canonical, image);
  const jsonLd = product
    ? `<script type="application/ld+json">${jsonForScript(
        productJsonLd(
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
        ),
      )}</script>`
    : "";

  const logo = company.logo
    ? `<img src="${escapeHtml(company.logo)}" alt="${escapeHtml(company.name)}" width="64" height="64">`
    : "";
  const website = company.website
    ? `<p><a href="${escapeHtml(company.website)}" rel="nofollow noopener">${escapeHtml(t.website)}</a></p>`
    : "";
  const heading = product
    ? `<div class="product">${
        product.image
          ? `<img src="${escapeHtml(product.image)}" alt="${escapeHtml(product.name)}" width="96" height="96">`
          : ""
      }<div><h1>${escapeHtml(t.productHeading(product.name))}</h1><p><a href="${escapeHtml(
        companyPagePath(company.slug),
      )}">${escapeHtml(t.allReviews(company.name))}</a></p></div></div>`
    : `<header>${logo}<div><h1>${escapeHtml(t.heading(company.name))}</h1>${website}</div></header>`;

  const average = formatAverage(data.average);
  const bars = [5, 4, 3, 2, 1]
    .map((n) => {
      const count = data.distribution[n - 1] ?? 0;
      const width = data.total ? Math.round((count / data.total) * 100) : 0;
      const label = t.starsRow(n);
      const link =
        count > 0 && note !== n
          ? `<a href="${escapeHtml(pageHref(path, n, 1))}" aria-label="${escapeHtml(t.filterBy(n))}">${escapeHtml(label)}</a>`
          : escapeHtml(label);
      return `<li>${link}<span class="bar" aria-hidden="true"><span style="width:${width}%"></span></span><span>${formatInteger(count)}</span></li>`;
    })
    .join("");
  const summary = `<section class="summary" aria-label="${escapeHtml(t.distribution)}">
<div><p class="average" aria-label="${escapeHtml(t.averageLabel(average, formatInteger(data.total)))}">${escapeHtml(
    w.averageOutOfFive(average),
  )}</p><p class="stars" aria-hidden="true">${stars(data.average ?? 0)}</p><p>${escapeHtml(w.reviewsCount(data.total))}</p></div>
<ul class="bars">${bars}</ul></section>`;
  const filter = note
    ? `<p>${escapeHtml(t.filtered(note))} · <a href="${escapeHtml(path)}">${escapeHtml(t.clearFilter)}</a></p>`
    : "";

  const items = data.reviews.map((r) => reviewArticle(r, company.slug, product === null)).join("\n");
  const empty = data.reviews.length === 0 ? `<p>${escapeHtml(w.empty)}</p>` : "";
  const pager =
    data.pages > 1
      ? `<nav class="pages" aria-label="${escapeHtml(t.pagination)}">${
          data.page > 1
            ? `<a rel="prev" href="${escapeHtml(pageHref(path, note, data.page - 1))}">${escapeHtml(t.previousPage)}</a>`
            : ""
        }<span>${escapeHtml(t.pageOf(data.page, data.pages))}</span>${
          data.page < data.pages
            ? `<a rel="next" href="${escapeHtml(pageHref(path, note, data.page + 1))}">${escapeHtml(t.nextPage)}</a>`
            : ""
        }</nav>`
      : "";

  return publicDocument(
    { title, description, head: `${links}${og}${jsonLd}` },
    `${heading}
${summary}
${filter}
<section aria-label="${escapeHtml(w.reviewsOf(product?.name ?? company.name))}">
<p class="meta">${escapeHtml(w.legal.certifiedNotice)} · ${escapeHtml(w.legal.sortOrder)}</p>
${items}${empty}
</section>
${pager}`,
    urls,
  );
}

/** The 404 page of an unknown or unpublished address. */
export function renderPublicNotFound(): string {
  const t = fr.server.publicPages;
  return `<!doctype html>
<html lang="fr"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${FAVICON_LINK}<title>${escapeHtml(t.notFoundTitle)}</title><meta name="robots" content="noindex"><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(t.notFoundTitle)}</h1><p>${escapeHtml(t.notFound)}</p></main></body></html>`;
}
