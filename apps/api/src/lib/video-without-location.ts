import { Transform, type TransformCallback } from "node:stream";

/** The video's boxes do not add up: what it holds cannot be told, so it is not kept. */
export class UnreadableVideoError extends Error {}

/** The movie box (sample tables, metadata) is held whole to be cleaned; a phone's is well below. */
const MAX_MOVIE_BOX_BYTES = 16 * 1024 * 1024;

/** Boxes holding user metadata (a phone's location among it), blanked wherever they are met. */
const METADATA = new Set(["udta", "meta"]);
/** Adobe's XMP packet (`uuid` box), which may carry a GPS position too. */
const XMP_UUID = Buffer.from("be7acfcb97a942e89c71999491e3afac", "hex");
/** Where, inside the movie box, metadata boxes are looked for (the movie's, its tracks' and media's). */
const CONTAINERS = new Set(["moov", "trak", "mdia", "minf"]);

interface BoxHeader {
  type: string;
  /** Header bytes (8, or 16 with a 64-bit size); a `uuid` box's user type is not counted. */
  headerSize: number;
  /** The whole box's size; null when it runs to the end of the file (size 0). */
  size: number | null;
}

/** The header at `at`, or null when fewer bytes than a header are at hand. */
function readHeader(data: Buffer, at: number, end: number): BoxHeader | null {
  if (end - at < 8) return null;
  const small = data.readUInt32BE(at);
  const type = data.toString("latin1", at + 4, at + 8);
  if (small === 1) {
    if (end - at < 16) return null;
    const large = data.readBigUInt64BE(at + 8);
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) throw new UnreadableVideoError("box too large");
    return { type, headerSize: 16, size: Number(large) };
  }
  return { type, headerSize: 8, size: small === 0 ? null : small };
}

function isMetadata(type: string, data: Buffer, payloadAt: number): boolean {
  return METADATA.has(type) || (type === "uuid" && data.subarray(payloadAt, payloadAt + 16).equals(XMP_UUID));
}

/** A box made `free` of the same size, its content zeroed: players skip it, offsets stay true. */
function blank(data: Buffer, at: number, header: BoxHeader, size: number): void {
  data.write("free", at + 4, "latin1");
  data.fill(0, at + header.headerSize, at + size);
}

/** Blanks the metadata boxes among the children of `data` from `start` to `end`, looking into containers. */
function blankMetadataIn(data: Buffer, start: number, end: number): void {
  let at = start;
  while (at < end) {
    const header = readHeader(data, at, end);
    if (!header) throw new UnreadableVideoError("box header cut short");
    const size = header.size ?? end - at;
    if (size < header.headerSize || at + size > end)
      throw new UnreadableVideoError("box overruns its parent");
    if (isMetadata(header.type, data, at + header.headerSize)) blank(data, at, header, size);
    else if (CONTAINERS.has(header.type)) blankMetadataIn(data, at + header.headerSize, at + size);
    at += size;
  }
}

type State =
  /** Reading a top-level box's header (`need` bytes: 8, then 16 for a 64-bit size, +16 for a `uuid`). */
  | { kind: "header"; need: number }
  /** Passing `left` bytes on (media data, `ftyp`, ...); Infinity up to the end. */
  | { kind: "copy"; left: number }
  /** Replacing `left` bytes of a blanked box with zeros. */
  | { kind: "zero"; left: number }
  /** Holding the movie box (`left` bytes still to come; Infinity up to the end) to clean it whole. */
  | { kind: "movie"; left: number; parts: Buffer[]; held: number };

/**
 * An MP4 or QuickTime file (ISO base media) as it streams, without the metadata a phone writes (the
 * location in `udta/©xyz` and in the `meta` keys `com.apple.quicktime.location.ISO6709`, make, model,
 * XMP): those boxes become `free` boxes of the same size, zeroed, so nothing moves and the sample
 * offsets (`stco`, `co64`) stay true. Only the movie box is held in memory (at most 16 MB), the media
 * data passes through. A file whose boxes do not add up fails with `UnreadableVideoError`.
 */
export function videoWithoutLocation(): Transform {
  let state: State = { kind: "header", need: 8 };
  let pending = Buffer.alloc(0);

  /** Decides what to do with the top-level box whose header is in `pending`, or asks for more bytes. */
  const startBox = (push: (chunk: Buffer) => void): void => {
    const header = readHeader(pending, 0, pending.length);
    if (!header) {
      state = { kind: "header", need: 16 };
      return;
    }
    const userType = header.type === "uuid" ? 16 : 0;
    if (pending.length < header.headerSize + userType) {
      state = { kind: "header", need: header.headerSize + userType };
      return;
    }
    if (header.size !== null && header.size < header.headerSize + userType)
      throw new UnreadableVideoError("box smaller than its header");
    const consumed = header.headerSize + userType;
    const left = header.size === null ? Number.POSITIVE_INFINITY : header.size - consumed;
    const head = pending.subarray(0, consumed);
    if (header.type === "moov") {
      if (header.size !== null && header.size > MAX_MOVIE_BOX_BYTES)
        throw new UnreadableVideoError("movie box too large");
      state = { kind: "movie", left, parts: [Buffer.from(head)], held: consumed };
    } else if (isMetadata(header.type, pending, header.headerSize)) {
      const freed = Buffer.from(head);
      blank(freed, 0, header, consumed);
      push(freed);
      state = { kind: "zero", left };
    } else {
      push(Buffer.from(head));
      state = { kind: "copy", left };
    }
    pending = Buffer.alloc(0);
    if (state.left === 0) endBox(push);
  };

  const endBox = (push: (chunk: Buffer) => void) => {
    if (state.kind === "movie") finishMovie(state, push);
    else state = { kind: "header", need: 8 };
  };

  const finishMovie = (movie: Extract<State, { kind: "movie" }>, push: (chunk: Buffer) => void) => {
    const data = Buffer.concat(movie.parts, movie.held);
    const header = readHeader(data, 0, data.length);
    if (!header) throw new UnreadableVideoError("movie box cut short");
    blankMetadataIn(data, header.headerSize, data.length);
    push(data);
    state = { kind: "header", need: 8 };
  };

  const consume = (chunk: Buffer, push: (chunk: Buffer) => void) => {
    let at = 0;
    while (at < chunk.length) {
      if (state.kind === "header") {
        const take = Math.min(state.need - pending.length, chunk.length - at);
        pending = Buffer.concat([pending, chunk.subarray(at, at + take)]);
        at += take;
        if (pending.length >= state.need) startBox(push);
        continue;
      }
      const take = Math.min(state.left, chunk.length - at);
      const part = chunk.subarray(at, at + take);
      at += take;
      if (state.kind === "copy") push(part);
      else if (state.kind === "zero") push(Buffer.alloc(take));
      else {
        state.parts.push(Buffer.from(part));
        state.held += take;
        if (state.held > MAX_MOVIE_BOX_BYTES) throw new UnreadableVideoError("movie box too large");
      }
      state.left -= take;
      if (state.left === 0) endBox(push);
    }
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        consume(chunk, (part) => this.push(part));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
    flush(callback: TransformCallback) {
      try {
        if (state.kind === "movie" && state.left === Number.POSITIVE_INFINITY)
          finishMovie(state, (part) => this.push(part));
        else if (state.kind === "header" ? pending.length > 0 : state.left !== Number.POSITIVE_INFINITY)
          throw new UnreadableVideoError("file cut short");
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}
