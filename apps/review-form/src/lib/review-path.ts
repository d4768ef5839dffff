import { apiUrl } from "@certavis/api-client/typed-fetch";

/** The public review endpoint for one review key (`GET` loads the form, `POST` submits it). */
export function reviewPath(apiKey: string): string {
  return apiUrl("/review/", { api_key: apiKey });
}
