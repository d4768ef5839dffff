import { server } from "@certavis/i18n-fr/messages/server";

/** French texts of the server's generic answers (they live in the catalogue, `fr.server.http`). */
export const MSG = server.http;
