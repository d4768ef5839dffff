// The server's entry: everything of the package, and `fr` with the server's own texts (`fr.server`), which
// the browser bundles never carry.
import { fr as appTexts } from "./catalog";
import { moderation } from "./messages/moderation";
import { server } from "./messages/server";

export * from "./index";

export const fr = { ...appTexts, moderation, server } as const;
