// Baked badges (OB 3.0 §5.3 "Baked Badge"): the VC-JWT inside the image itself.
// - PNG: one iTXt chunk with keyword `openbadgecredential`, uncompressed, empty language
//   tag and translated keyword, the compact JWS as text; placed before IEND.
// - SVG: `xmlns:openbadges="https://purl.imsglobal.org/ob/v3p0"` on the <svg> tag and,
//   right after it, `<openbadges:credential verify="<compact JWS>"></openbadges:credential>`.
import { crc32 } from "node:zlib";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const KEYWORD = "openbadgecredential";
export const OPEN_BADGES_SVG_NAMESPACE = "https://purl.imsglobal.org/ob/v3p0";

type Chunk = { type: string; data: Buffer; start: number; end: number };

function* chunks(png: Buffer): Generator<Chunk> {
  let offset = PNG_SIGNATURE.length;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > png.length) return;
    yield { type, data: png.subarray(offset + 8, offset + 8 + length), start: offset, end };
    if (type === "IEND") return;
    offset = end;
  }
}

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > 8 && Buffer.from(bytes.subarray(0, 8)).equals(PNG_SIGNATURE);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function credentialText(data: Buffer): string | null {
  // keyword \0 compression-flag compression-method language-tag \0 translated-keyword \0 text
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 0 || data.toString("latin1", 0, keywordEnd) !== KEYWORD) return null;
  if (data[keywordEnd + 1] !== 0) return null; // compressed: not allowed for credentials
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  if (languageEnd < 0) return null;
  const translatedEnd = data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return null;
  return data.toString("utf8", translatedEnd + 1);
}

/** The PNG with the credential baked in (an earlier credential chunk is replaced). */
export function bakePng(png: Uint8Array, credential: string): Buffer {
  const source = Buffer.from(png);
  if (!isPng(source)) throw new Error("not a PNG image");
  const parts: Buffer[] = [PNG_SIGNATURE];
  const text = Buffer.concat([Buffer.from(`${KEYWORD}\0\0\0\0\0`, "latin1"), Buffer.from(credential, "utf8")]);
  for (const c of chunks(source)) {
    if (c.type === "iTXt" && credentialText(c.data) !== null) continue;
    if (c.type === "IEND") parts.push(chunk("iTXt", text));
    parts.push(source.subarray(c.start, c.end));
  }
  return Buffer.concat(parts);
}

/** The credential text of the first `openbadgecredential` iTXt chunk, if any. */
export function extractFromPng(png: Uint8Array): string | null {
  const source = Buffer.from(png);
  if (!isPng(source)) return null;
  for (const c of chunks(source)) {
    if (c.type !== "iTXt") continue;
    const text = credentialText(c.data);
    if (text !== null) return text;
  }
  return null;
}

const escapeAttribute = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The SVG document with the credential baked in right after its <svg …> tag. */
export function bakeSvg(svg: string, credential: string): string {
  const open = /<svg\b[^>]*>/.exec(svg);
  if (!open) throw new Error("not an SVG document");
  let tag = open[0];
  if (!/\sxmlns:openbadges=/.test(tag)) tag = tag.replace(/^<svg\b/, `<svg xmlns:openbadges="${OPEN_BADGES_SVG_NAMESPACE}"`);
  const element = `<openbadges:credential verify="${escapeAttribute(credential)}"></openbadges:credential>`;
  return svg.slice(0, open.index) + tag + element + svg.slice(open.index + open[0].length);
}

/** The credential of a baked SVG: the `verify` attribute, else the element's (CDATA) text. */
export function extractFromSvg(svg: string): string | null {
  const element = /<openbadges:credential\b([^>]*?)(\/>|>([\s\S]*?)<\/openbadges:credential>)/.exec(svg);
  if (!element) return null;
  const verify = /\bverify\s*=\s*"([^"]*)"/.exec(element[1]);
  if (verify)
    return verify[1]
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const body = (element[3] ?? "").trim();
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(body);
  return (cdata ? cdata[1] : body).trim() || null;
}
