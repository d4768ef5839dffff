/** What a file really is, from its first bytes (the client's name and type are not trusted). */
export interface SniffedType {
  mime: string;
  extension: string;
  kind: "image" | "video";
}

function startsWith(data: Buffer, bytes: number[], offset = 0): boolean {
  return bytes.every((b, i) => data[offset + i] === b);
}

export function sniffFileType(data: Buffer): SniffedType | null {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", extension: "jpg", kind: "image" };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: "image/png", extension: "png", kind: "image" };
  if (startsWith(data, [0x47, 0x49, 0x46, 0x38]))
    return { mime: "image/gif", extension: "gif", kind: "image" };
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8))
    return { mime: "image/webp", extension: "webp", kind: "image" };
  if (startsWith(data, [0x66, 0x74, 0x79, 0x70], 4)) {
    const brand = data.subarray(8, 12).toString("latin1");
    if (brand === "qt  ") return { mime: "video/quicktime", extension: "mov", kind: "video" };
    if (/^(avif|avis)$/.test(brand)) return { mime: "image/avif", extension: "avif", kind: "image" };
    if (/^(heic|heix|mif1)$/.test(brand)) return null;
    return { mime: "video/mp4", extension: "mp4", kind: "video" };
  }
  if (startsWith(data, [0x1a, 0x45, 0xdf, 0xa3]))
    return { mime: "video/webm", extension: "webm", kind: "video" };
  return null;
}
