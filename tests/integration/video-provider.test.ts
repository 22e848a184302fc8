// Start-up chooses the video provider: Mux with all five MUX_* (playback URLs on
// stream.mux.com with RS256 tokens, no /local-video mount), the local stand-in otherwise
// (mounted, with the upload path's larger body cap); an unreadable signing key stops the
// start with one line naming the variable. Course files are mounted at /files either way.
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ConfigError } from "#server/services";
import { createTestDatabase } from "../support/db";
import { startTestServices, TEST_PUBLIC_URL } from "../support/route-context";
import { and, eq } from "drizzle-orm";
import { schema } from "#server/db";
import { publishCourse, videoBlocks } from "#server/authoring";
import { createNoVideoProvider, createVideo } from "#server/video";
import type { AuthState } from "../../app/context";
import { action as uploadAction } from "../../app/routes/api/admin/uploads/video";
import { signVideoEvent } from "#server/video";
import { startApp } from "../support/app";
import { serverUrl } from "../support/db";
import { productionEnv } from "../support/production-env";

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
      // only the file uploads' own caps (server/files: the API, and the admin pages' ?upload
      // forms); no local video upload path
      expect(t.process.bodyLimits.map((l) => l.prefix).sort()).toEqual(["/admin/", "/api/admin/files"]);
      expect(t.services.media.file("/media/slides/dotacie.pdf", new Date()).url).toMatch(
        /^http:\/\/localhost:3999\/files\/slides\/dotacie\.pdf\?exp=\d+&sig=[0-9a-f]{64}$/,
      );
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
      expect(t.process.bodyLimits).toContainEqual({ prefix: "/local-video/uploads/", maxBytes: 200 * 1024 * 1024 + 64 * 1024 });
      expect(t.process.bodyLimits.map((l) => l.prefix).sort()).toEqual(["/admin/", "/api/admin/files", "/local-video/uploads/"]);
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

// Production without MUX_* runs with no video provider (docs/decisions/video/video-providers-are-configuration.md > Video providers
// are configuration): services.ts picks createNoVideoProvider when APP_ENV=production; here
// the same provider stands in the app's services, since production refuses the other
// embedded stand-ins a test needs.
describe("no video provider", () => {
  const admin: AuthState = {
    session: { id: "s-admin", userId: "p-admin", authTime: new Date(), createdAt: new Date() } as NonNullable<AuthState["session"]>,
    user: {
      id: "p-admin",
      displayName: "Správca",
      email: "spravca@klub.sk",
      avatarUrl: null,
      roles: ["admin"],
      providerRoles: [],
      organizations: [],
      sponsorOrgIds: [],
      purchaseOrgIds: [],
      lastSyncedAt: new Date(),
      createdAt: new Date(),
      updatedAt: new Date(),
    },
    csrfToken: "csrf",
  };

  it("a video upload is refused with 409 video_provider_not_configured and a Slovak reason; publishing names every video block", async () => {
    const t = await startTestServices({ seed: true });
    try {
      const db = t.services.db;
      await db.insert(schema.users).values({ id: "p-admin", displayName: "Správca", email: "spravca@klub.sk", roles: ["admin"], lastSyncedAt: new Date() });
      const video = createVideo({ provider: createNoVideoProvider(), blocks: videoBlocks, webhookSecret: "x".repeat(32), adminUrl: TEST_PUBLIC_URL });
      const original = t.services.video;
      Object.assign(t.services, { video });
      const [draft] = await db
        .select()
        .from(schema.courses)
        .where(and(eq(schema.courses.slug, "pravo-a-governance-vo-zvazoch"), eq(schema.courses.state, "draft")));
      const parts = await db.select().from(schema.parts).where(eq(schema.parts.courseId, draft!.id));
      const withVideo = parts.flatMap((p) => p.contentBlocks.filter((b) => b.type === "video").map((b) => ({ partId: p.id, blockId: b.id })));
      expect(withVideo.length).toBeGreaterThan(0);
      const before = await db.select().from(schema.parts).where(eq(schema.parts.courseId, draft!.id));

      const res = (await t.call(uploadAction as (args: never) => Promise<Response>, "/api/admin/uploads/video", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: TEST_PUBLIC_URL },
        body: JSON.stringify(withVideo[0]),
        auth: admin,
      })) as Response;
      expect(res.status).toBe(409);
      const body = await res.json();
      expect(body).toMatchObject({
        error: "video_provider_not_configured",
        message: expect.stringContaining("nie je nastavený poskytovateľ videa"),
        details: {},
      });
      // nothing was recorded on the block
      expect(await db.select().from(schema.parts).where(eq(schema.parts.courseId, draft!.id))).toEqual(before);

      const clock = { now: () => new Date() };
      const actor = { actorId: "p-admin", actorRoles: ["admin"] };
      const refused = await publishCourse(db, { ...t.services, clock, video }, actor, draft!.id);
      expect(refused.ok).toBe(false);
      const problems = (!refused.ok ? refused.error.details : []) as { code: string; id: string; message: string }[];
      const videoProblems = problems.filter((p) => p.code === "video_provider_not_configured");
      expect(videoProblems.map((p) => p.id).sort()).toEqual(withVideo.map((v) => v.blockId).sort());
      expect(videoProblems[0]!.message).toMatch(/^Video v časti „.+“ sa nedá zverejniť: na tomto webe nie je nastavený poskytovateľ videa \(Mux\)/);
      expect((await db.select().from(schema.courses).where(eq(schema.courses.id, draft!.id)))[0]!.state).toBe("draft");
      // the video blocks were the only reason: with a provider the same draft publishes
      expect((await publishCourse(db, { ...t.services, clock, video: original }, actor, draft!.id)).ok).toBe(true);
      expect((await db.select().from(schema.courses).where(eq(schema.courses.id, draft!.id)))[0]!.state).toBe("published");
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!serverUrl())("production without MUX_*", () => {
  it("starts with no video provider, says so in the log, and accepts no video event", async () => {
    const {
      PUBLIC_URL: _origin,
      DATABASE_URL: _database,
      ...env
    } = productionEnv({
      LOG_LEVEL: "warn",
      ALLOW_INSECURE_URLS: "true",
      OIDC_ISSUER: "https://idp.invalid",
      IDP_API_URL: "https://idp.invalid/api",
      PAYMENT_GATEWAY_URL: "https://pay.invalid",
      SMTP_URL: "smtp://127.0.0.1:1",
      TRUST_PROXY: "0",
    });
    for (const name of Object.keys(env)) if (name.startsWith("MUX_")) delete env[name as keyof typeof env];
    const app = await startApp({ seed: false, env });
    try {
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
      expect(app.output()).toMatch(/"level":"warn".*no video provider configured \(MUX_\* unset\)/);
      // the local stand-in is not mounted
      expect((await fetch(`${app.url}/local-video/play/x.mp4`)).status).toBe(404);
      // an event signed with any secret a test could know is refused
      const body = JSON.stringify({ type: "video.asset.ready", data: { id: "a", playback_ids: [{ id: "p" }], duration: 1, passthrough: "{}" } });
      const res = await fetch(`${app.url}/api/webhooks/video`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "mux-signature": signVideoEvent("x".repeat(32), body, Math.floor(Date.now() / 1000)) },
        body,
      });
      expect(res.status).toBe(401);
      expect((await res.json()).error).toBe("invalid_signature");
    } finally {
      await app.stop();
    }
  });
});
