// The reference of the serving-cost benchmarks: a bare Fastify (no hooks, no plugins, logs off) that
// answers each recorded URL with the bytes and content type the real server gave for it. Run as its
// own process, like the server it is compared with: node bare-server.mjs <port> <answers.json>
// where answers.json is [{ "url", "contentType", "body" }].
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [port, file] = process.argv.slice(2);
const answers = new Map(
  JSON.parse(readFileSync(file, "utf8")).map(({ url, contentType, body }) => [
    url,
    { contentType, body: Buffer.from(body, "utf8") },
  ]),
);
const app = Fastify({ logger: false });
app.get("/*", (request, reply) => {
  const answer = answers.get(request.url);
  if (!answer) return reply.code(404).send();
  return reply.type(answer.contentType).send(answer.body);
});
await app.listen({ port: Number(port), host: "127.0.0.1" });
process.send?.("listening");
