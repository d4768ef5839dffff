import { formatDelay } from "../format/number";

/** Strings of the shared editor pieces (image input, delay slider, preview and confirmation dialogs). */
export const editor = {
  imageInput: {
    choose: "Choisir une image",
    replace: "Changer l'image",
    remove: "Retirer l'image",
    previewAlt: "Aperçu de l'image",
    empty: "Aucune image",
    notAnImage: "Seules les images sont acceptées.",
  },
  delay: (days: number) => formatDelay(days),
  preview: {
    close: "Fermer",
  },
  confirm: {
    cancel: "Annuler",
  },
} as const;
