// Start-up chooses the video provider: Mux with all five MUX_* (playback URLs on
// stream.mux.com with RS256 tokens, no /local-video mount), the local stand-in otherwise
// (mounted, with the upload path's larger body cap); an unreadable signing key stops the
// start with one line naming the variable. Course files are mounted at /files either way.
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError } from "#server/services";
import { createTestDatabase } from "../support/db";
import { startTestServices } from "../support/route-context";

const pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs1", format: "pem" }).toString();
const mux = {
  MUX_TOKEN_ID: "token-id",
  MUX_TOKEN_SECRET: "token-secret",
  MUX_SIGNING_KEY_ID: "signing-key-id",
  MUX_SIGNING_KEY_PRIVATE: Buffer.from(pem).toString("base64"),
  MUX_WEBHOOK_SECRET: "mux-webhook-secret",
};

describe("video provider at start-up", () => {
  it("Mux with MUX_*: Mux URLs, no local stand-in mounted", async () => {
    const t = await startTestServices({ env: mux });
    try {
      expect(t.services.video.providerName).toBe("mux");
      const playback = t.services.media.playback("pbId", new Date());
      expect(playback.url).toMatch(/^https:\/\/stream\.mux\.com\/pbId\.m3u8\?token=/);
      expect(t.process.mounts.map((m) => m.path)).not.toContain("/local-video");
      expect(t.process.mounts.map((m) => m.path)).toContain("/files");
      expect(t.process.bodyLimits).toEqual([]);
      expect(t.services.media.file("/media/slides/dotacie.pdf", new Date()).url).toMatch(/^http:\/\/localhost:3999\/files\/slides\/dotacie\.pdf\?exp=\d+&sig=[0-9a-f]{64}$/);
    } finally {
      await t.close();
    }
  });

  it("the local stand-in otherwise, with its upload path allowed past the 1 MiB cap", async () => {
    const t = await startTestServices();
    try {
      expect(t.services.video.providerName).toBe("local");
      expect(t.services.media.playback("demo-x", new Date()).url).toMatch(/^http:\/\/localhost:3999\/local-video\/play\/demo-x\.mp4\?/);
      expect(t.process.mounts.map((m) => m.path)).toEqual(expect.arrayContaining(["/files", "/local-video"]));
      expect(t.process.bodyLimits).toEqual([{ prefix: "/local-video/uploads/", maxBytes: 200 * 1024 * 1024 + 64 * 1024 }]);
    } finally {
      await t.close();
    }
  });

  it("an unreadable MUX_SIGNING_KEY_PRIVATE stops the start before the database opens, naming the variable", async () => {
    const database = await createTestDatabase();
    try {
      const start = startTestServices({ database, env: { ...mux, MUX_SIGNING_KEY_PRIVATE: "bm90IGEga2V5" } });
      await expect(start).rejects.toThrow(ConfigError);
      await expect(start).rejects.toThrow(/^Invalid configuration: MUX_SIGNING_KEY_PRIVATE /);
    } finally {
      await database.drop();
    }
  });
});
