import { safeLogoUrl, websiteHref } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Link, Switch, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { type BillingAddress, BillingAddressFields } from "../../../components/billing-address-fields";
import { ErrorCallout } from "../../../components/error-callout";
import { FormField } from "../../../components/form-field";
import { ImageInput, type ImageValue } from "../../../components/image-input";
import { SettingsSection } from "../../../components/settings-section";
import type { Company } from "../../../lib/api/get-company";
import { type FieldErrors, showSaveError } from "../../../lib/field-errors";
import { toast } from "../../../lib/toast/toast-store";
import { type CompanyInput, useUpdateCompany } from "../api/update-company";

const t = fr.settings.company;

/**
 * Name (disabled for roles that cannot edit), website with its link, public page address and switch,
 * logo; 'Enregistrer' once changed.
 */
export function CompanyForm({ company, editable }: { company: Company; editable: boolean }) {
  const savedLogo = safeLogoUrl(company.logo);
  const [name, setName] = useState(company.name);
  const [billing, setBilling] = useState<BillingAddress>({
    address: company.billing_address ?? "",
    siren: company.billing_siren ?? "",
    vatNumber: company.billing_vat_number ?? "",
  });
  const [website, setWebsite] = useState(company.website ?? "");
  const [country, setCountry] = useState(company.country);
  const [contactEmail, setContactEmail] = useState(company.contact_email);
  const [slug, setSlug] = useState(company.slug);
  const [publicPage, setPublicPage] = useState(company.public_page);
  const [storeReviews, setStoreReviews] = useState(company.store_reviews);
  const [logo, setLogo] = useState<ImageValue>(savedLogo);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateCompany();
  const href = websiteHref(company.website);

  const changes: CompanyInput = {};
  if (name.trim() !== company.name) changes.name = name.trim();
  if (billing.address.trim() !== (company.billing_address ?? ""))
    changes.billing_address = billing.address.trim() || null;
  if (billing.siren.trim() !== (company.billing_siren ?? ""))
    changes.billing_siren = billing.siren.trim() || null;
  if (billing.vatNumber.trim() !== (company.billing_vat_number ?? ""))
    changes.billing_vat_number = billing.vatNumber.trim() || null;
  if (website.trim() !== (company.website ?? "")) changes.website = website.trim() || null;
  if (country.trim().toUpperCase() !== company.country) changes.country = country.trim();
  if (contactEmail.trim().toLowerCase() !== company.contact_email.toLowerCase())
    changes.contact_email = contactEmail.trim() || null;
  if (slug.trim() !== company.slug) changes.slug = slug.trim();
  if (publicPage !== company.public_page) changes.public_page = publicPage;
  if (storeReviews !== company.store_reviews) changes.store_reviews = storeReviews;
  if (logo instanceof File) changes.logo = logo;
  else if (logo === null && savedLogo) changes.logo = null;
  const changed = Object.keys(changes).length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!changed) return;
    if (!name.trim()) {
      setErrors({ name: fr.validation.companyNameRequired });
      return;
    }
    update.mutate(changes, {
      onSuccess: (saved) => {
        setErrors({});
        setLogo(safeLogoUrl(saved.logo));
        setContactEmail(saved.contact_email);
        setCountry(saved.country);
        toast({ title: t.updated, variant: "success" });
      },
      onError: (error) => showSaveError(error, setErrors, fr.errors.company.updateFailed),
    });
  }

  return (
    <SettingsSection id="company-title" title={t.title}>
      <form noValidate onSubmit={submit}>
        <Flex direction="column" gap="3">
          <ErrorCallout message={errors._general} />
          <FormField
            label={t.name}
            value={name}
            disabled={!editable}
            error={errors.name}
            onChange={(e) => setName(e.target.value)}
          />
          <BillingAddressFields value={billing} onChange={setBilling} errors={errors} disabled={!editable} />
          <FormField
            label={t.website}
            value={website}
            disabled={!editable}
            placeholder={t.websitePlaceholder}
            error={errors.website}
            onChange={(e) => setWebsite(e.target.value)}
          />
          {href ? (
            <Text size="2">
              <Link href={href} target="_blank" rel="noopener noreferrer">
                {t.openWebsite}
              </Link>
            </Text>
          ) : null}
          <FormField
            label={t.country}
            hint={t.countryHint}
            value={country}
            disabled={!editable}
            error={errors.country}
            autoComplete="country"
            maxLength={2}
            onChange={(e) => setCountry(e.target.value)}
          />
          <FormField
            label={t.contactEmail}
            hint={t.contactEmailHint}
            type="email"
            autoComplete="email"
            value={contactEmail}
            disabled={!editable}
            error={errors.contact_email}
            onChange={(e) => setContactEmail(e.target.value)}
          />
          <FormField
            label={t.slug}
            hint={t.slugHint}
            value={slug}
            disabled={!editable}
            error={errors.slug}
            autoComplete="off"
            onChange={(e) => setSlug(e.target.value)}
          />
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium">
              <Flex gap="2" align="center">
                <Switch checked={publicPage} disabled={!editable} onCheckedChange={setPublicPage} />
                {t.publicPage}
              </Flex>
            </Text>
            <Text size="1" color="gray">
              {t.publicPageHint}
            </Text>
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium">
              <Flex gap="2" align="center">
                <Switch checked={storeReviews} disabled={!editable} onCheckedChange={setStoreReviews} />
                {t.storeReviews}
              </Flex>
            </Text>
            <Text size="1" color="gray">
              {t.storeReviewsHint}
            </Text>
          </Flex>
          {editable ? (
            <ImageInput label={t.logo} value={logo} onChange={setLogo} error={errors.logo} />
          ) : savedLogo ? (
            <img src={savedLogo} alt={t.logo} className="size-20 rounded-md object-cover" />
          ) : null}
          {editable ? (
            <Flex justify="end">
              <Button type="submit" disabled={!changed} loading={update.isPending}>
                {t.save}
              </Button>
            </Flex>
          ) : null}
        </Flex>
      </form>
    </SettingsSection>
  );
}
