import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "../../src/components/confirm-dialog";
import { DelaySlider } from "../../src/components/delay-slider";
import { ImageInput, type ImageValue } from "../../src/components/image-input";
import { PreviewDialog } from "../../src/components/preview-dialog";
import { UnsavedChangesDialog } from "../../src/components/unsaved-changes-dialog";
import { useUnsavedChanges } from "../../src/lib/hooks/use-unsaved-changes";
import { renderWithProviders } from "../support/render-app";

function Editor({ onSave }: { onSave: () => void }) {
  const [name, setName] = useState("");
  const guard = useUnsavedChanges(name !== "");
  return (
    <>
      <label>
        Nom
        <input value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </label>
      <Link to="/list">Liste</Link>
      <Link to="/editor?assign_id=1">Même page</Link>
      <UnsavedChangesDialog
        open={guard.blocked}
        onLeave={guard.leave}
        onStay={guard.stay}
        onSave={() => {
          onSave();
          guard.leave();
        }}
      />
    </>
  );
}

function renderEditor(onSave = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: "/editor", element: <Editor onSave={onSave} /> },
      { path: "/list", element: <h1>La liste</h1> },
    ],
    { initialEntries: ["/editor"] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { router, onSave };
}

const dialogName = "Enregistrer ou quitter sans enregistrer";

describe("unsaved changes guard", () => {
  it("lets a clean editor go without asking", async () => {
    const user = userEvent.setup();
    const { router } = renderEditor();
    await user.click(screen.getByRole("link", { name: "Liste" }));
    expect(await screen.findByRole("heading", { name: "La liste" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/list");
  });

  it("holds the navigation with changes: 'Quitter sans enregistrer' goes on", async () => {
    const user = userEvent.setup();
    const { router } = renderEditor();
    await user.type(screen.getByLabelText("Nom"), "Lampe");
    await user.click(screen.getByRole("link", { name: "Liste" }));
    const dialog = await screen.findByRole("alertdialog", { name: dialogName });
    expect(dialog).toHaveTextContent("Quitter sans enregistrer");
    expect(router.state.location.pathname).toBe("/editor");
    await user.click(screen.getByRole("button", { name: "Quitter sans enregistrer" }));
    expect(await screen.findByRole("heading", { name: "La liste" })).toBeInTheDocument();
  });

  it("'Enregistrer' saves then goes on; Escape stays; same-path query changes pass", async () => {
    const user = userEvent.setup();
    const { router, onSave } = renderEditor();
    await user.type(screen.getByLabelText("Nom"), "Lampe");
    await user.click(screen.getByRole("link", { name: "Même page" }));
    await waitFor(() => expect(router.state.location.search).toBe("?assign_id=1"));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Liste" }));
    await screen.findByRole("alertdialog", { name: dialogName });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/editor");
    expect(screen.getByLabelText("Nom")).toHaveValue("Lampe");

    await user.click(screen.getByRole("link", { name: "Liste" }));
    await user.click(await screen.findByRole("button", { name: "Enregistrer" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("heading", { name: "La liste" })).toBeInTheDocument();
  });

  it("asks the browser to warn before unloading only while there are changes", async () => {
    const user = userEvent.setup();
    renderEditor();
    const clean = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText("Nom"), "L");
    const dirty = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

describe("DelaySlider", () => {
  it("shows and announces J+n and reports the new day count", () => {
    const onChange = vi.fn();
    renderWithProviders(<DelaySlider label="Délai" value={3} min={0} max={60} onChange={onChange} />);
    const slider = screen.getByRole("slider", { name: "Délai" });
    expect(slider).toHaveAttribute("aria-valuetext", "J+3");
    expect(slider).toHaveAttribute("min", "0");
    expect(slider).toHaveAttribute("max", "60");
    expect(screen.getByTestId("delay-value")).toHaveTextContent("J+3");
    expect(screen.getByText("J+60")).toBeInTheDocument();
    fireEvent.change(slider, { target: { value: "12" } });
    expect(onChange).toHaveBeenCalledWith(12);
  });
});

function ImageHarness({ initial = null as ImageValue, onChange = vi.fn() }) {
  const [value, setValue] = useState<ImageValue>(initial);
  return (
    <ImageInput
      label="Image"
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe("ImageInput", () => {
  it("takes an image, previews it and removes it", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<ImageHarness onChange={onChange} />);
    expect(screen.getByText("Aucune image")).toBeInTheDocument();
    const input = screen.getByLabelText("Image");
    expect(input).toHaveAttribute("accept", "image/*");
    const file = new File(["png"], "lampe.png", { type: "image/png" });
    await user.upload(input, file);
    expect(onChange).toHaveBeenLastCalledWith(file);
    expect(screen.getByRole("img", { name: "Aperçu de l'image" }).getAttribute("src")).toMatch(/^blob:/);
    await user.click(screen.getByRole("button", { name: "Retirer l'image" }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });

  it("refuses a file that is not an image", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onChange = vi.fn();
    renderWithProviders(<ImageHarness onChange={onChange} />);
    await user.upload(screen.getByLabelText("Image"), new File(["x"], "notes.txt", { type: "text/plain" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Seules les images sont acceptées.");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows a saved image URL", () => {
    renderWithProviders(<ImageHarness initial="/uploads/lampe.png" />);
    expect(screen.getByRole("img", { name: "Aperçu de l'image" })).toHaveAttribute(
      "src",
      "/uploads/lampe.png",
    );
    expect(screen.getByRole("button", { name: "Changer l'image" })).toBeInTheDocument();
  });
});

describe("ConfirmDialog and PreviewDialog", () => {
  it("confirms a destructive action or cancels it", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Supprimer le produit ?"
        description="Tout sera supprimé."
        confirmLabel="Supprimer"
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole("alertdialog", { name: "Supprimer le produit ?" });
    expect(dialog).toHaveTextContent("Tout sera supprimé.");
    await user.click(screen.getByRole("button", { name: "Supprimer" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Annuler" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("previews content with extra actions and closes with 'Fermer'", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithProviders(
      <PreviewDialog
        open
        onOpenChange={onOpenChange}
        title="Aperçu"
        actions={<button type="button">Modifier</button>}
      >
        <p>Bonjour Léa</p>
      </PreviewDialog>,
    );
    expect(screen.getByRole("dialog", { name: "Aperçu" })).toHaveTextContent("Bonjour Léa");
    expect(screen.getByRole("button", { name: "Modifier" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Fermer" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
