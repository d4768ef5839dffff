import { useEffect, useState } from "react";
import { fr } from "../../../lib/fr";
import { confirmWithdrawal, getWithdrawal, type Withdrawal } from "../api/withdrawal";

type State =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "ready"; data: Withdrawal; error?: string; busy?: boolean };

const t = fr.publicForm.withdrawal;

/** /create-reviews/retrait?token=: the author sees the review, confirms, and it is withdrawn. */
export function WithdrawalPage({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(() =>
    token ? { kind: "loading" } : { kind: "error", message: t.missingToken },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    void getWithdrawal(token).then((result) => {
      if (live)
        setState(
          result.ok ? { kind: "ready", data: result.data } : { kind: "error", message: result.message },
        );
    });
    return () => {
      live = false;
    };
  }, [token]);

  async function withdraw() {
    if (!token || state.kind !== "ready") return;
    setState({ ...state, busy: true, error: undefined });
    const result = await confirmWithdrawal(token);
    setState(
      result.ok ? { kind: "ready", data: result.data } : { ...state, busy: false, error: result.message },
    );
  }

  return (
    <div className="rf-page-shell">
      <main className="rf-main">
        <h1 className="rf-title">{t.title}</h1>
        {state.kind === "loading" ? (
          <p className="rf-status" role="status">
            {fr.common.loading}
          </p>
        ) : state.kind === "error" ? (
          <div className="rf-status rf-status--error" role="alert">
            <p>{state.message}</p>
          </div>
        ) : (
          <>
            <section
              className="rf-withdrawal-review"
              aria-label={t.yourReview(state.data.product_name, state.data.company_name)}
            >
              <p className="rf-description">
                {t.yourReview(state.data.product_name, state.data.company_name)}
              </p>
              {state.data.title ? <p className="rf-withdrawal-title">{state.data.title}</p> : null}
              {state.data.comment ? <p className="rf-withdrawal-comment">{state.data.comment}</p> : null}
            </section>
            {state.data.withdrawn ? (
              <p className="rf-status" role="status">
                {t.done}
              </p>
            ) : (
              <>
                <p className="rf-pitch">{t.intro}</p>
                {state.error ? (
                  <p className="rf-error" role="alert">
                    {state.error}
                  </p>
                ) : null}
                <button
                  type="button"
                  className="rf-button"
                  disabled={state.busy}
                  onClick={() => void withdraw()}
                >
                  {t.confirm}
                </button>
              </>
            )}
          </>
        )}
      </main>
    </div>
  );
}
