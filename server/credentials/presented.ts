// What a verifier hands in: a compact JWS (.jwt), an enveloped credential (.json, VCDM 2.0
// §4.13: {"type": "EnvelopedVerifiableCredential", "id": "data:application/vc+jwt,<JWS>"}),
// a baked SVG or a baked PNG. Out comes the compact JWS, or null when there is none.
import { extractFromPng, extractFromSvg, isPng } from "./baking";

const VC_JWT_DATA_URL = "data:application/vc+jwt,";

/** The VCDM 2.0 enveloped form of a VC-JWT (the `.json` download). */
export function envelope(jwt: string): Record<string, unknown> {
  return { "@context": ["https://www.w3.org/ns/credentials/v2"], id: `${VC_JWT_DATA_URL}${jwt}`, type: "EnvelopedVerifiableCredential" };
}

function fromText(text: string): string | null {
  const t = text.replace(/^\uFEFF/, "").trim();
  if (!t) return null;
  if (t.startsWith(VC_JWT_DATA_URL)) return t.slice(VC_JWT_DATA_URL.length).trim();
  if (t.startsWith("<")) return extractFromSvg(t);
  if (t.startsWith("{")) {
    try {
      const json = JSON.parse(t) as { id?: unknown; type?: unknown };
      const types = Array.isArray(json.type) ? json.type : [json.type];
      if (types.includes("EnvelopedVerifiableCredential") && typeof json.id === "string" && json.id.startsWith(VC_JWT_DATA_URL)) {
        return json.id.slice(VC_JWT_DATA_URL.length).trim();
      }
    } catch {
      return null;
    }
    return null;
  }
  return t.replace(/\s+/g, "");
}

/** The compact JWS in an upload (bytes) or a pasted text, or null. */
export function presentedJwt(input: { bytes?: Uint8Array | null; text?: string | null }): string | null {
  if (input.bytes && input.bytes.length > 0) {
    if (isPng(input.bytes)) return extractFromPng(input.bytes);
    const found = fromText(Buffer.from(input.bytes).toString("utf8"));
    if (found) return found;
  }
  return input.text ? fromText(input.text) : null;
}
