import { CSV_BOM, csvLine } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  emailSuppressions,
  emailTemplates,
  forms,
  integrations,
  invoices,
  memberships,
  users,
  webhookEndpoints,
} from "../../db/schema";
import { yieldToLoop } from "../../lib/yield-to-loop";
import { wireFields } from "../forms/form-views";
import { exportLimits } from "./export-files";

/**
 * The company's settings in its export: templates, forms, members, invoices, suppressions, webhooks
 * and shop connections. Secrets (webhook signing secrets, shop keys) are never read here.
 */

const texts = fr.server.companyExport;
type Db = Pick<Database, "db" | "kind">;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const json = (items: unknown[]) => `${JSON.stringify(items, null, 2)}\n`;
const header = (columns: Record<string, string>) => `${CSV_BOM}${csvLine(Object.keys(columns))}`;

export async function* templatesJson({ db }: Db, companyId: string) {
  const rows = await db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.companyId, companyId))
    .orderBy(asc(emailTemplates.createdAt), asc(emailTemplates.id));
  yield json(
    rows.map((row) => ({
      id: row.id,
      nom: row.name,
      type: row.type,
      objet: row.subject,
      texte: row.body,
      envoi_apres_jours: row.sendAfter,
      rappel_apres_jours: row.remindAfter,
      par_defaut: row.isDefault,
      date_creation: iso(row.createdAt),
      date_modification: iso(row.updatedAt),
    })),
  );
}

export async function* formsJson({ db }: Db, companyId: string) {
  const rows = await db
    .select()
    .from(forms)
    .where(eq(forms.companyId, companyId))
    .orderBy(asc(forms.createdAt), asc(forms.id));
  yield json(
    rows.map((row) => ({
      id: row.id,
      nom: row.name,
      titre: row.title,
      description: row.description,
      statut: row.status,
      par_defaut: row.isDefault,
      champs: wireFields(row.schema),
      date_creation: iso(row.createdAt),
      date_modification: iso(row.updatedAt),
    })),
  );
}

export async function* membersCsv({ db }: Db, companyId: string) {
  yield header(texts.columns.members);
  const rows = await db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId))
    .orderBy(asc(memberships.joinedAt), asc(memberships.id));
  yield rows
    .map(({ membership, user }) =>
      csvLine([user.firstName, user.lastName, user.email, membership.role, iso(membership.joinedAt)]),
    )
    .join("");
}

export async function* invoicesCsv({ db }: Db, companyId: string) {
  yield header(texts.columns.invoices);
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.companyId, companyId))
    .orderBy(asc(invoices.number));
  yield rows
    .map((row) =>
      csvLine([
        row.number,
        iso(row.createdAt),
        row.subscriptionType,
        row.amountCents / 100,
        row.currency,
        iso(row.periodStart),
        iso(row.periodEnd),
        row.buyerName,
        row.buyerAddress,
      ]),
    )
    .join("");
}

/** Every suppressed address, page by page (a shop may have many). */
export async function* suppressionsCsv({ db, kind }: Db, companyId: string) {
  yield header(texts.columns.suppressions);
  let afterId: string | null = null;
  for (;;) {
    await yieldToLoop();
    const rows = await db
      .select({
        id: emailSuppressions.id,
        email: emailSuppressions.email,
        reason: emailSuppressions.reason,
        createdAt: emailSuppressions.createdAt,
      })
      .from(emailSuppressions)
      .where(
        and(
          eq(emailSuppressions.companyId, companyId),
          afterId ? gt(emailSuppressions.id, afterId) : undefined,
        ),
      )
      .orderBy(asc(emailSuppressions.id))
      .limit(exportLimits.pageSize[kind]);
    const last = rows.at(-1);
    if (!last) return;
    yield rows.map((row) => csvLine([row.email, row.reason, iso(row.createdAt)])).join("");
    afterId = last.id;
  }
}

export async function* webhooksJson({ db }: Db, companyId: string) {
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      enabled: webhookEndpoints.enabled,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  yield json(
    rows.map((row) => ({
      id: row.id,
      url: row.url,
      description: row.description,
      evenements: row.events,
      actif: row.enabled,
      date_creation: iso(row.createdAt),
    })),
  );
}

export async function* integrationsJson({ db }: Db, companyId: string) {
  const rows = await db
    .select({
      id: integrations.id,
      platform: integrations.platform,
      shopUrl: integrations.shopUrl,
      status: integrations.status,
      states: integrations.states,
      lastEventAt: integrations.lastEventAt,
      createdAt: integrations.createdAt,
    })
    .from(integrations)
    .where(eq(integrations.companyId, companyId))
    .orderBy(asc(integrations.createdAt), asc(integrations.id));
  yield json(
    rows.map((row) => ({
      id: row.id,
      plateforme: row.platform,
      boutique: row.shopUrl,
      statut: row.status,
      etats_commandes_pris: row.states,
      dernier_evenement: iso(row.lastEventAt),
      date_creation: iso(row.createdAt),
    })),
  );
}
