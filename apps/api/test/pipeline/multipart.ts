import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body for `app.inject` (text fields and files). */
export function multipartBody(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----certavis${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** A 1×1 PNG chunk by chunk: signature, IHDR, IDAT, IEND. */
const PNG_1PX = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d494441540899636060606000000005000187a14ed40000000049454e44ae426082",
  "hex",
);
const IEND_BYTES = 12;

function pngChunk(kind: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(kind, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real 1×1 PNG of exactly `size` bytes (at least 82): a private ancillary chunk fills it up, so it
 * passes the magic-byte check and decodes too.
 */
export function fakePng(size = 256): Buffer {
  const head = PNG_1PX.subarray(0, PNG_1PX.length - IEND_BYTES);
  const filler = pngChunk("flLr", Buffer.alloc(Math.max(0, size - PNG_1PX.length - 12), 1));
  return Buffer.concat([head, filler, PNG_1PX.subarray(PNG_1PX.length - IEND_BYTES)]);
}

/** An MP4 of `size` bytes (at least 32) whose boxes add up: `ftyp`, then `mdat`. */
export function fakeMp4(size = 256): Buffer {
  return Buffer.concat([mp4Head(size), Buffer.alloc(Math.max(0, size - MP4_HEAD_BYTES), 2)]);
}

const MP4_HEAD_BYTES = 32;

/**
 * The first 32 bytes of an MP4 of `size` bytes (at least 32): an `ftyp` box, then the header of an
 * `mdat` box holding the rest, so that its boxes add up whatever fills it.
 */
export function mp4Head(size: number): Buffer {
  const head = Buffer.alloc(MP4_HEAD_BYTES);
  head.writeUInt32BE(24, 0);
  head.write("ftypisom", 4, "latin1");
  head.write("isommp42", 16, "latin1");
  head.writeUInt32BE(Math.max(8, size - 24), 24);
  head.write("mdat", 28, "latin1");
  return head;
}
