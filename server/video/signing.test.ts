// Signed media URLs: a valid URL opens its own file until it expires; an expired, tampered
// or borrowed (other path, other scope, other key) one does not. Also the course-file
// route's path rules and the Range parser behind seeking.
import { describe, expect, it } from "vitest";
import { createUrlSigner, deriveKey } from "./signing";
import { createCourseFiles, resolveInside, safeRelativePath } from "./files";
import { parseRange } from "./send-file";

const key = deriveKey("a-session-secret-of-at-least-32-characters", "course-files");
const signer = createUrlSigner({ key, scope: "course-file", base: "https://kurzy.example.sk/files" });
const now = new Date("2026-03-01T10:00:00Z");
const in6h = new Date(now.getTime() + 6 * 3600_000);

function parts(url: string) {
  const u = new URL(url);
  return { path: decodeURIComponent(u.pathname.replace(/^\/files/, "")), query: u.searchParams };
}

describe("signed URLs", () => {
  it("a freshly signed URL verifies, names its expiry and carries exp and a 64-hex signature", () => {
    const url = signer.sign("/slides/organy-klubu.pdf", in6h);
    expect(url).toMatch(/^https:\/\/kurzy\.example\.sk\/files\/slides\/organy-klubu\.pdf\?exp=\d+&sig=[0-9a-f]{64}$/);
    const { path, query } = parts(url);
    expect(signer.verify(path, query, now)).toEqual({ ok: true, expiresAt: in6h });
    // one second before the end still works
    expect(signer.verify(path, query, new Date(in6h.getTime() - 1000)).ok).toBe(true);
  });

  it("an expired URL is refused as expired (at the expiry second and after)", () => {
    const { path, query } = parts(signer.sign("/slides/organy-klubu.pdf", in6h));
    expect(signer.verify(path, query, in6h)).toEqual({ ok: false, reason: "expired" });
    expect(signer.verify(path, query, new Date(in6h.getTime() + 86_400_000))).toEqual({ ok: false, reason: "expired" });
  });

  it("a tampered signature or a moved expiry is invalid, not merely expired", () => {
    const { path, query } = parts(signer.sign("/slides/organy-klubu.pdf", in6h));
    const sig = query.get("sig")!;
    const flipped = new URLSearchParams(query);
    flipped.set("sig", (sig[0] === "0" ? "1" : "0") + sig.slice(1));
    expect(signer.verify(path, flipped, now)).toEqual({ ok: false, reason: "invalid" });
    const later = new URLSearchParams(query);
    later.set("exp", String(Number(query.get("exp")) + 3600));
    expect(signer.verify(path, later, now)).toEqual({ ok: false, reason: "invalid" });
    // an expired URL whose expiry was pushed forward is invalid too
    const past = parts(signer.sign("/slides/organy-klubu.pdf", new Date(now.getTime() - 1000)));
    const pushed = new URLSearchParams(past.query);
    pushed.set("exp", String(Number(past.query.get("exp")) + 7200));
    expect(signer.verify(past.path, pushed, now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("a signature opens only its own path", () => {
    const { query } = parts(signer.sign("/slides/organy-klubu.pdf", in6h));
    expect(signer.verify("/slides/dotacie.pdf", query, now)).toEqual({ ok: false, reason: "invalid" });
    expect(signer.verify("/slides/organy-klubu.pdf/", query, now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("another scope or another key does not accept it", () => {
    const { path, query } = parts(signer.sign("/slides/organy-klubu.pdf", in6h));
    const otherScope = createUrlSigner({ key, scope: "local-video", base: "https://kurzy.example.sk/files" });
    expect(otherScope.verify(path, query, now).ok).toBe(false);
    const otherKey = createUrlSigner({ key: deriveKey("another-session-secret-of-32-characters!!", "course-files"), scope: "course-file", base: "" });
    expect(otherKey.verify(path, query, now).ok).toBe(false);
    expect(deriveKey("s".repeat(32), "course-files").equals(deriveKey("s".repeat(32), "local-video"))).toBe(false);
  });

  it("missing or malformed exp and sig are invalid", () => {
    for (const q of ["", "exp=1&sig=", "exp=abc&sig=" + "0".repeat(64), "exp=1e9&sig=" + "0".repeat(64), "exp=99999999999&sig=XYZ", "sig=" + "0".repeat(64)]) {
      expect(signer.verify("/a.pdf", new URLSearchParams(q), now)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("encodes path segments (Slovak names, spaces) and verifies the decoded path", () => {
    const url = signer.sign("/files/Šablóna poslania.pdf", in6h);
    expect(url).toContain("/files/files/%C5%A0abl%C3%B3na%20poslania.pdf?");
    const { path, query } = parts(url);
    expect(path).toBe("/files/Šablóna poslania.pdf");
    expect(signer.verify(path, query, now).ok).toBe(true);
  });
});

describe("course files", () => {
  const files = createCourseFiles({ dir: "/srv/media", key, publicUrl: "https://kurzy.example.sk" });

  it("signs a block's stored /media/… path under /files with 6 hours of life; leaves outside URLs alone", () => {
    const signed = files.url("/media/slides/dotacie.pdf", now);
    expect(signed.expiresAt).toEqual(in6h);
    expect(signed.url).toMatch(/^https:\/\/kurzy\.example\.sk\/files\/slides\/dotacie\.pdf\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect(files.url("https://cdn.example.org/a.pdf", now).url).toBe("https://cdn.example.org/a.pdf");
  });

  it("accepts only plain relative paths inside the media directory", () => {
    expect(safeRelativePath("/slides/a.pdf")).toBe("/slides/a.pdf");
    expect(safeRelativePath("/files/%C5%A0abl%C3%B3na.pdf")).toBe("/files/Šablóna.pdf");
    for (const bad of ["/../etc/passwd", "/slides/../../x", "/slides//a.pdf", "/a%2F..%2F..%2Fb", "/%2e%2e/x", "/a%00.pdf", "/a\\b", "/%E0%A4%A", "relative"]) {
      expect(safeRelativePath(bad), bad).toBeNull();
    }
    expect(resolveInside("/srv/media", "/slides/a.pdf")).toBe("/srv/media/slides/a.pdf");
    expect(resolveInside("/srv/media", "/../media-other/a.pdf")).toBeNull();
  });
});

describe("Range header", () => {
  it("reads one range, open ends and suffixes; refuses ranges past the end; ignores the rest", () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=500-", 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange("bytes=900-5000", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
    // several ranges, other units, reversed or garbage: the whole file
    expect(parseRange("bytes=0-1,5-6", 1000)).toBeNull();
    expect(parseRange("items=0-1", 1000)).toBeNull();
    expect(parseRange("bytes=50-10", 1000)).toBeNull();
    expect(parseRange("bytes=-", 1000)).toBeNull();
  });
});
