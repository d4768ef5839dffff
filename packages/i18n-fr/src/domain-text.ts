import {
  type DomainMessage,
  type DomainMessageCode,
  type FieldErrors,
  type IssueLike,
  isDomainMessageCode,
  messageOfIssue,
} from "@certavis/domain";
import { domainMessageTitles, domainMessages } from "./messages/domain-messages";
import { errors } from "./messages/errors";

type Text = string | ((params: unknown) => string);

/** The French text of a domain message, its values filled in. */
export function domainText(message: DomainMessage): string {
  const text = domainMessages[message.code] as Text;
  return typeof text === "function" ? text(message.params) : text;
}

/**
 * The text of a bare code, as a zod issue's message carries it into a form library (react-hook-form):
 * a code that needs values, or a message that is no domain code, reads as the generic 'Valeur invalide.'.
 */
export function domainCodeText(code: string): string {
  const text = isDomainMessageCode(code) ? (domainMessages[code] as Text) : undefined;
  return typeof text === "string" ? text : domainMessages.invalid;
}

/** The text of a zod issue raised by a domain schema. */
export function domainIssueText(issue: IssueLike): string {
  return domainText(messageOfIssue(issue));
}

/** `{field: [codes]}` of the domain → `{field: [texts]}`, the API's 400 body. */
export function domainFieldErrorsText(fieldErrors: FieldErrors): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, messages]) => [field, messages.map(domainText)]),
  );
}

/** A toast for a domain problem: its title (else 'Erreur') and its text. */
export function domainToast(code: DomainMessageCode): { title: string; description: string } {
  return { title: domainMessageTitles[code] ?? errors.title, description: domainCodeText(code) };
}
