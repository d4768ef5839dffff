import { type ReviewSubject, storeQuestionOpen } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { companyContactEmails } from "../../db/company-contact";
import { companies, emailTemplates, orders, products, reviews } from "../../db/schema";
import type { KeyRing } from "../../lib/keyring";
import { reviewKeyOf, reviewUrl } from "../../lib/review-key";
import { kindHas } from "../../mail/mail-kinds";
import type { MailMessage } from "../../mail/mailer";
import { CERTIFICATION_EMAIL_KINDS, renderCertificationEmail } from "../certification/certification-emails";
import { deriveWithdrawalToken, procedureUrl, withdrawalUrl } from "../certification/withdrawal-token";
import { appealUrl, deriveAppealToken, moderationRulesUrl } from "../moderation/appeal-token";
import { suppressedAmong } from "../privacy/suppressions";
import { deriveUnsubscribeToken, unsubscribeUrl } from "../privacy/unsubscribe-token";
import type { CertificationEmailKind } from "../review-trail/author-emails";
import type { DeliveryRow } from "./mail-claim";
import { otherProductsToReview } from "./other-products";
import { asShopEmail, type EmailItem, renderEmail } from "./render-email";
import type { EmailKind } from "./schedule";

export interface MailLinks {
  /** Origin of the review form (`FORM_URL`). */
  formUrl: string;
  /** Origin of the widget and its procedure page (`WIDGET_URL`). */
  widgetUrl: string;
  /** Origin of the API (`PUBLIC_URL`): the unsubscribe link. */
  publicUrl: string;
  /** The secrets review keys derive from, newest first (read when each mail is made). */
  reviewKeySecrets: () => readonly (string | Uint8Array)[];
  /** The server keys: addresses are looked up on the suppression list by their keyed hash. */
  keys: () => KeyRing;
  /** The absolute URL of a product's stored image (none: e-mails list products without images). */
  imageUrl?: (path: string | null) => string | null;
}

/** A due e-mail ready to go: the company whose quota it takes (none for account e-mails). */
export interface RenderedDelivery {
  row: DeliveryRow;
  companyId: string | null;
  message: MailMessage;
  /** The order lines whose review links the e-mail carries (request, reminder). */
  reviewKeyOrderIds: string[];
}

export interface RenderedBatch {
  rendered: RenderedDelivery[];
  /** Rows with nothing left to send, by reason. */
  cancelled: Map<string, string[]>;
}

type OrderContext = {
  order: typeof orders.$inferSelect;
  product: typeof products.$inferSelect;
  company: typeof companies.$inferSelect;
};
/** A product of an order: its line (its own review key) and the product. */
type OrderLine = { order: typeof orders.$inferSelect; product: typeof products.$inferSelect };
type Template = typeof emailTemplates.$inferSelect;

/** The message of a test or account e-mail, as stored when it was queued. */
function storedMessage(row: DeliveryRow): MailMessage {
  return {
    to: row.toEmail ?? "",
    subject: row.subject ?? "",
    text: row.textBody ?? "",
    html: row.htmlBody ?? "",
    ...(row.code ? { code: row.code } : {}),
  };
}

/** What French law asks every invitation and the thanks e-mail to say, whatever the template. */
export function legalFooter(
  kind: EmailKind,
  ctx: { order: { id: string }; company: { id: string; name: string } },
  links: Pick<MailLinks, "formUrl" | "widgetUrl" | "reviewKeySecrets">,
  productNames: string,
  unsubscribe: string | null,
  subject: ReviewSubject = "product",
) {
  const procedure = fr.certification.mail.procedureLine(procedureUrl(links.widgetUrl, ctx.company.id));
  if (kind === "thanks") {
    const token = deriveWithdrawalToken(links.reviewKeySecrets()[0] ?? "", ctx.order.id, subject);
    return [fr.certification.mail.withdrawalLine(withdrawalUrl(links.formUrl, token)), procedure];
  }
  return [
    fr.certification.mail.invitationNotice(ctx.company.name, productNames),
    procedure,
    fr.certification.mail.termsLine(`${links.formUrl.replace(/\/+$/, "")}/cgu`),
    ...(unsubscribe
      ? [{ text: fr.certification.mail.unsubscribeLink(ctx.company.name), link: unsubscribe }]
      : []),
  ];
}

/** One-click unsubscribe (RFC 8058) of the invitations to review: the headers mail providers act on. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * A template e-mail. The request and the reminder name the products still to review (`lines`); an
 * order of several products lists them, each with its image and its own review link.
 */
async function templateMessage(
  kind: EmailKind,
  ctx: OrderContext,
  lines: OrderLine[],
  multiple: boolean,
  template: Template,
  links: MailLinks,
  contact: string | undefined,
  extra: {
    /** The thanks e-mail's cards: the order's other products still to review. */
    others?: { intro: string; items: EmailItem[] };
    /** Ask about the shop first (a request or reminder of an order without its store review). */
    askStore?: boolean;
    /** The thanks of a store review: about the shop, its own withdrawal link. */
    storeThanks?: boolean;
  } = {},
): Promise<MailMessage> {
  const { others = { intro: "", items: [] }, askStore = false, storeThanks = false } = extra;
  const { order, company } = ctx;
  const urlOf = (line: OrderLine) =>
    reviewUrl(links.formUrl, reviewKeyOf(links.reviewKeySecrets(), line.order.id, line.order.reviewKeyHash));
  const productNames = storeThanks ? company.name : lines.map((line) => line.product.name).join(", ");
  const [first = ctx] = lines;
  const email = renderEmail(template, {
    nom_entreprise: company.name,
    nom_produit: productNames,
    prenom_acheteur: order.buyerFirstName,
    nom_acheteur: order.buyerLastName,
    email_acheteur: order.buyerEmail,
    url_avis: urlOf(first),
  });
  // The shop speaks: its logo and name on top; a request or a reminder shows each product's card.
  const items =
    kind === "thanks"
      ? others.items
      : lines.map((line) => ({
          name: line.product.name,
          imageUrl: links.imageUrl?.(line.product.imagePath) ?? null,
          reviewUrl: urlOf(line),
        }));
  const unsubscribe =
    kind === "thanks"
      ? null
      : unsubscribeUrl(links.publicUrl, deriveUnsubscribeToken(links.reviewKeySecrets()[0] ?? "", order.id));
  const store =
    askStore && kind !== "thanks"
      ? { name: fr.server.shopMail.storeQuestion(company.name), imageUrl: null, reviewUrl: urlOf(first) }
      : null;
  const rendered = await asShopEmail(
    email,
    { name: company.name, logoUrl: links.imageUrl?.(company.logoPath) ?? null },
    items,
    multiple || (kind === "thanks" && items.length > 0),
    legalFooter(kind, ctx, links, productNames, unsubscribe, storeThanks ? "store" : "product"),
    kind === "thanks" && items.length > 0 ? others.intro : undefined,
    store,
  );
  return {
    to: order.buyerEmail,
    // The company speaks: its name as sender, its contact address for the buyer's answer.
    fromName: company.name,
    ...(contact ? { replyTo: contact } : {}),
    ...rendered,
    ...(unsubscribe ? { headers: unsubscribeHeaders(unsubscribe) } : {}),
  };
}

/** Everything the order e-mails of a batch are made from, read in a few queries. */
async function loadOrderContexts(tx: Tx, rows: DeliveryRow[], keys: KeyRing) {
  const orderIds = [...new Set(rows.flatMap((r) => (r.orderId ? [r.orderId] : [])))];
  if (orderIds.length === 0)
    return {
      byOrder: new Map<string, OrderContext>(),
      linesOf: (_ctx: OrderContext): OrderLine[] => [],
      reviewed: new Set<string | null>(),
      storeAnswered: new Set<string | null>(),
      suppressed: new Set<string>(),
      templates: [],
      contacts: new Map<string, string>(),
    };
  const context = await tx
    .select({ order: orders, product: products, company: companies })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(inArray(orders.id, orderIds));
  // The other products of the orders whose request or reminder is due.
  const heads = context.filter((c) =>
    rows.some((r) => r.orderId === c.order.id && (r.kind === "request" || r.kind === "reminder")),
  );
  const others = heads.length
    ? await tx
        .select({ order: orders, product: products })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(
          and(
            inArray(orders.companyId, [...new Set(heads.map((c) => c.order.companyId))]),
            inArray(orders.reference, [...new Set(heads.map((c) => c.order.reference))]),
            gt(orders.line, 0),
          ),
        )
        .orderBy(asc(orders.line))
    : [];
  const lineIds = [...orderIds, ...others.map((o) => o.order.id)];
  const given = await tx
    .select({ orderId: reviews.orderId, subject: reviews.subject })
    .from(reviews)
    .where(inArray(reviews.orderId, lineIds));
  // Lines with their product review; head lines with the order's store review.
  const reviewed = new Set(given.filter((r) => r.subject === "product").map((r) => r.orderId));
  const storeAnswered = new Set(given.filter((r) => r.subject === "store").map((r) => r.orderId));
  // A head's e-mail lists every product of its order; a request of products added later to an order
  // whose request had left (an import's completion) sits on the first of them and lists those only.
  const linesOf = (ctx: OrderContext): OrderLine[] => [
    ctx,
    ...others.filter(
      (o) =>
        o.order.companyId === ctx.order.companyId &&
        o.order.reference === ctx.order.reference &&
        o.order.line > ctx.order.line,
    ),
  ];
  const suppressed = new Set<string>();
  for (const companyId of new Set(context.map((c) => c.company.id))) {
    const emails = context.filter((c) => c.company.id === companyId).map((c) => c.order.buyerEmail);
    const found = await suppressedAmong(tx, keys, companyId, emails);
    for (const c of context)
      if (c.company.id === companyId && found.has(c.order.buyerEmail)) suppressed.add(c.order.id);
  }
  const companyIds = [...new Set(context.map((c) => c.company.id))];
  const contacts = await companyContactEmails(tx, companyIds);
  const templates = companyIds.length
    ? await tx
        .select()
        .from(emailTemplates)
        .where(inArray(emailTemplates.companyId, companyIds))
        .orderBy(asc(emailTemplates.createdAt))
    : [];
  return {
    byOrder: new Map(context.map((c) => [c.order.id, c])),
    linesOf,
    reviewed,
    storeAnswered,
    suppressed,
    templates,
    contacts,
  };
}

/** The product's template for `kind`, else the company's default, else its oldest of that kind. */
function templateFor(
  templates: Template[],
  ctx: { product: OrderContext["product"]; company: OrderContext["company"] },
  kind: EmailKind,
): Template | null {
  const preferred =
    kind === "request"
      ? ctx.product.emailRequestTemplateId
      : kind === "reminder"
        ? ctx.product.emailReminderTemplateId
        : null;
  const companyId = ctx.company.id;
  return (
    templates.find((t) => t.id === preferred && t.companyId === companyId) ??
    templates.find((t) => t.companyId === companyId && t.type === kind && t.isDefault) ??
    templates.find((t) => t.companyId === companyId && t.type === kind) ??
    null
  );
}

/**
 * Turns the locked rows into the messages to send, from the database as it is now (a review left
 * since the request was queued cancels the reminder), or into cancellations with their reason.
 */
export async function renderDeliveries(
  tx: Tx,
  rows: DeliveryRow[],
  links: MailLinks,
  /** The worker's clock (who moderates a company now). */
  now: Date = new Date(),
): Promise<RenderedBatch> {
  const { byOrder, linesOf, reviewed, storeAnswered, suppressed, templates, contacts } =
    await loadOrderContexts(tx, rows, links.keys());
  const rendered: RenderedDelivery[] = [];
  const cancelled = new Map<string, string[]>();
  const cancel = (id: string, reason: string) =>
    cancelled.set(reason, [...(cancelled.get(reason) ?? []), id]);
  for (const row of rows) {
    if (kindHas(row.kind, "stored")) {
      rendered.push({ row, companyId: row.companyId, message: storedMessage(row), reviewKeyOrderIds: [] });
      continue;
    }
    const ctx = row.orderId ? byOrder.get(row.orderId) : undefined;
    if (!ctx) {
      cancel(row.id, fr.server.mailQueue.orderNotFound);
      continue;
    }
    const companyId = ctx.company.id;
    if (ctx.order.anonymizedAt && row.kind !== "publication_warning") {
      // Erased or past retention: no address left, nothing goes to the buyer.
      cancel(row.id, fr.server.mailQueue.anonymized);
      continue;
    }
    if (CERTIFICATION_EMAIL_KINDS.has(row.kind)) {
      // Rejection, reply, publication warning: rendered from the review as it is now.
      const message = await renderCertificationEmail(tx, row.kind as CertificationEmailKind, {
        order: ctx.order,
        company: ctx.company,
        now,
        procedureUrl: procedureUrl(links.widgetUrl, companyId),
        rulesUrl: moderationRulesUrl(links.publicUrl),
        appealUrl: (decisionId) =>
          appealUrl(links.publicUrl, deriveAppealToken(links.reviewKeySecrets()[0] ?? "", decisionId)),
      });
      if (message) rendered.push({ row, companyId, message, reviewKeyOrderIds: [] });
      else cancel(row.id, fr.server.mailQueue.nothingToSay);
      continue;
    }
    const kind = (row.kind === "store_thanks" ? "thanks" : row.kind) as EmailKind;
    if (kind === "thanks") {
      const template = templateFor(templates, ctx, kind);
      // The order's other products still to review: the thanks e-mail leads to them.
      const others = template
        ? await otherProductsToReview(
            tx,
            ctx.order,
            { formUrl: links.formUrl, secrets: links.reviewKeySecrets() },
            new Date(),
          )
        : [];
      if (template)
        rendered.push({
          row,
          companyId,
          message: await templateMessage(kind, ctx, [ctx], false, template, links, contacts.get(companyId), {
            others: {
              intro: fr.server.orders.othersIntro,
              items: others.map((other) => ({
                name: other.productName,
                imageUrl: links.imageUrl?.(other.imagePath) ?? null,
                reviewUrl: other.reviewUrl,
              })),
            },
            storeThanks: row.kind === "store_thanks",
          }),
          reviewKeyOrderIds: others.map((other) => other.orderId),
        });
      else cancel(row.id, fr.server.mailQueue.noTemplate);
      continue;
    }
    const all = linesOf(ctx);
    const open = all.filter((line) => !reviewed.has(line.order.id) && !line.order.reviewKeyUsedAt);
    if (open.length === 0) {
      cancel(row.id, fr.server.mailQueue.alreadyReviewed);
      continue;
    }
    if (suppressed.has(ctx.order.id)) {
      // Queued before the address left (or by an import): nothing more goes to it.
      cancel(row.id, fr.server.mailQueue.suppressed);
      await tx.update(orders).set({ emailStop: "suppressed" }).where(eq(orders.id, ctx.order.id));
      continue;
    }
    if (kind === "reminder" && !open.some((line) => line.product.sendReminder)) {
      cancel(row.id, fr.server.mailQueue.reminderOff);
      continue;
    }
    const [first] = open;
    const template = first ? templateFor(templates, { ...first, company: ctx.company }, kind) : null;
    if (!template) {
      cancel(row.id, fr.server.mailQueue.noTemplate);
      continue;
    }
    rendered.push({
      row,
      companyId,
      message: await templateMessage(
        kind,
        ctx,
        open,
        all.length > 1,
        template,
        links,
        contacts.get(companyId),
        { askStore: storeQuestionOpen(ctx.company.storeReviews, storeAnswered.has(ctx.order.id)) },
      ),
      reviewKeyOrderIds: open.map((line) => line.order.id),
    });
  }
  return { rendered, cancelled };
}
