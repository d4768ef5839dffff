import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkOutboundUrl,
  guardedLookup,
  isOutboundAddressAllowed,
  isOutboundRefusal,
  type OutboundResolver,
  outboundFetch,
} from "../../src/lib/outbound";

// No test here connects anywhere but 127.0.0.1: the decisions are checked on addresses and on a fake
// resolver; the only real requests go to a loopback server, which must see nothing when refused.

const strict = { allowPrivate: false };
const open = { allowPrivate: true };

/** A resolver answering from a table, never the network. */
function fakeResolver(table: Record<string, string[]>): OutboundResolver {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

describe("outbound address decision", () => {
  it.each([
    "127.0.0.1",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
    "ff02::1",
  ])("refuses %s without the flag", (address) => {
    expect(isOutboundAddressAllowed(address, strict)).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:93.184.216.34"])(
    "allows public %s",
    (address) => {
      expect(isOutboundAddressAllowed(address, strict)).toBe(true);
    },
  );

  it("with OUTBOUND_ALLOW_PRIVATE: loopback and private allowed, link-local and metadata never", () => {
    for (const address of ["127.0.0.1", "10.0.0.1", "192.168.1.1", "::1", "fd12::1", "::ffff:127.0.0.1"]) {
      expect(isOutboundAddressAllowed(address, open), address).toBe(true);
    }
    for (const address of [
      "169.254.169.254",
      "169.254.0.1",
      "fd00:ec2::254",
      "::ffff:169.254.169.254",
      "fe80::1",
    ]) {
      expect(isOutboundAddressAllowed(address, open), address).toBe(false);
    }
  });
});

describe("connect-time lookup", () => {
  const lookupAll = (hook: ReturnType<typeof guardedLookup>, hostname: string) =>
    new Promise<unknown>((resolve, reject) =>
      hook(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
    );
  const resolver = fakeResolver({
    "intranet.example": ["127.0.0.1"],
    "mixed.example": ["93.184.216.34", "10.0.0.1"],
    "metadata.example": ["169.254.169.254"],
    "shop.example": ["93.184.216.34"],
  });

  it("refuses a name resolving to 127.0.0.1, or to any private address among public ones", async () => {
    await expect(lookupAll(guardedLookup(strict, resolver), "intranet.example")).rejects.toMatchObject({
      code: "OUTBOUND_REFUSED",
    });
    await expect(lookupAll(guardedLookup(strict, resolver), "mixed.example")).rejects.toMatchObject({
      code: "OUTBOUND_REFUSED",
    });
  });

  it("passes a public name through; with the flag loopback passes and metadata stays refused", async () => {
    await expect(lookupAll(guardedLookup(strict, resolver), "shop.example")).resolves.toEqual([
      { address: "93.184.216.34", family: 4 },
    ]);
    await expect(lookupAll(guardedLookup(open, resolver), "intranet.example")).resolves.toEqual([
      { address: "127.0.0.1", family: 4 },
    ]);
    await expect(lookupAll(guardedLookup(open, resolver), "metadata.example")).rejects.toMatchObject({
      code: "OUTBOUND_REFUSED",
    });
  });
});

describe("creation-time URL check", () => {
  const resolver = fakeResolver({ "intranet.example": ["127.0.0.1"], "shop.example": ["93.184.216.34"] });

  it("refuses http, private literals, names resolving to loopback, metadata even with the flag", async () => {
    expect(await checkOutboundUrl("http://shop.example/hook", strict, resolver)).toBe("scheme");
    expect(await checkOutboundUrl("ftp://shop.example/", open, resolver)).toBe("scheme");
    expect(await checkOutboundUrl("https://127.0.0.1/hook", strict, resolver)).toBe("private");
    expect(await checkOutboundUrl("https://10.0.0.1/hook", strict, resolver)).toBe("private");
    expect(await checkOutboundUrl("https://2130706433/hook", strict, resolver)).toBe("private");
    expect(await checkOutboundUrl("https://[::ffff:7f00:1]/hook", strict, resolver)).toBe("private");
    expect(await checkOutboundUrl("https://intranet.example/hook", strict, resolver)).toBe("private");
    expect(await checkOutboundUrl("https://unknown.example/", strict, resolver)).toBe("unresolved");
    expect(await checkOutboundUrl("pas une url", strict, resolver)).toBe("invalid");
    expect(await checkOutboundUrl("http://169.254.169.254/latest/meta-data/", open, resolver)).toBe(
      "private",
    );
    expect(await checkOutboundUrl("https://[fd00:ec2::254]/", open, resolver)).toBe("private");
  });

  it("accepts a public https URL, and http loopback with the flag", async () => {
    expect(await checkOutboundUrl("https://shop.example/hook", strict, resolver)).toBeNull();
    expect(await checkOutboundUrl("http://intranet.example:8080/hook", open, resolver)).toBeNull();
    expect(await checkOutboundUrl("http://127.0.0.1:8080/hook", open, resolver)).toBeNull();
  });
});

describe("outboundFetch against a loopback server", () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? "");
      if (request.url === "/redirect") {
        response.writeHead(302, { location: `http://127.0.0.1:${port}/target` }).end();
        return;
      }
      response.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("refuses at connect time a name that resolves to 127.0.0.1 (DNS rebinding): nothing reaches the server", async () => {
    // The creation check saw a public address; at connect time the name answers 127.0.0.1 (the fake
    // resolver of the request never answers anything but loopback, whatever the guard does).
    const atCreation = fakeResolver({ "rebind.example": ["93.184.216.34"] });
    const atConnect = fakeResolver({ "rebind.example": ["127.0.0.1"] });
    expect(await checkOutboundUrl(`https://rebind.example:${port}/`, strict, atCreation)).toBeNull();
    hits.length = 0;
    const error = await outboundFetch(
      `https://rebind.example:${port}/`,
      { method: "POST" },
      { ...strict, resolver: atConnect },
    ).catch((caught: unknown) => caught);
    expect(isOutboundRefusal(error)).toBe(true);
    const literal = await outboundFetch(`https://127.0.0.1:${port}/`, {}, strict).catch(
      (caught: unknown) => caught,
    );
    expect(isOutboundRefusal(literal)).toBe(true);
    expect(hits).toEqual([]);
  });

  it("with the flag reaches loopback over http and never follows a redirect", async () => {
    hits.length = 0;
    const response = await outboundFetch(`http://localhost:${port}/redirect`, {}, open);
    expect(response.status).toBe(302);
    await response.body?.cancel();
    expect(hits).toEqual(["/redirect"]);
  });
});
