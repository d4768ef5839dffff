import {
  type AnswerMessage,
  type DomainMessage,
  type DomainMessageCode,
  type FieldErrors,
  type IssueLike,
  isDomainMessageCode,
  messageOfIssue,
} from "@certavis/domain";
import { fr } from "./catalog";
import { answerMessages } from "./messages/answer-messages";
import { domainMessages, domainMessageTitles } from "./messages/domain-messages";

type Text = string | ((params: unknown) => string);

function render(text: Text, params: unknown): string {
  return typeof text === "function" ? text(params) : text;
}

/** The French text of a domain message, its values filled in. */
export function domainText(message: DomainMessage): string {
  return render(domainMessages[message.code] as Text, message.params);
}

/** The text of an answer rule's message (what the public form imports: only the answer texts). */
export function answerText(message: AnswerMessage): string {
  return render(answerMessages[message.code] as Text, message.params);
}

/** The text of each answer's problem, by field id. */
export function answerErrorsText(errors: Readonly<Record<string, AnswerMessage>>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([id, problem]) => [id, answerText(problem)]));
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
  return { title: domainMessageTitles[code] ?? fr.errors.title, description: domainCodeText(code) };
}
