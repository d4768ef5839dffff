/** The steps of the dashboard's guided start ('Premiers pas'), in the order the card lists them. */
export const GET_STARTED_STEPS = ["product", "shop", "email_template", "widget", "first_review"] as const;

export type GetStartedStep = (typeof GET_STARTED_STEPS)[number];

export interface GetStartedState {
  visible: boolean;
  hidden: boolean;
  steps: { key: GetStartedStep; done: boolean }[];
}

/** The card's state: every step in order, shown until hidden for good or every step is done. */
export function getStartedState(done: ReadonlySet<GetStartedStep>, hidden: boolean): GetStartedState {
  const steps = GET_STARTED_STEPS.map((key) => ({ key, done: done.has(key) }));
  return { visible: !hidden && steps.some((step) => !step.done), hidden, steps };
}
