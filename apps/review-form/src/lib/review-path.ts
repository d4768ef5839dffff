/** The public review endpoint for one review key (`GET` loads the form, `POST` submits it). */
export function reviewPath(apiKey: string): string {
  return `/api/v1/review/?${new URLSearchParams({ api_key: apiKey }).toString()}`;
}
