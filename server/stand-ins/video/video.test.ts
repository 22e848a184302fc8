// The local video stand-in's parts: the MP4 duration reader on the committed samples and
// on files that are no MP4, the streaming multipart reader with small chunks, and the
// production refusal; preview clips cut with ffmpeg (and refused without it). HTTP (playback with ranges, uploads, webhooks):
// tests/integration/video.test.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { StandInRefusedError } from "../guard";
import { mp4DurationSeconds } from "./mp4";
import { boundaryOf, MultipartError, readMultipartFile } from "./multipart";
import { startLocalVideo } from "./index";
import { VideoProviderError } from "../../video";

const samples = path.resolve(import.meta.dirname, "../../../media/video");

describe("MP4 duration", () => {
  it("reads the samples' lengths (30 s, 15 s) from moov > mvhd", async () => {
    expect(await mp4DurationSeconds(path.join(samples, "sample.mp4"))).toBeCloseTo(30, 1);
    expect(await mp4DurationSeconds(path.join(samples, "sample-preview.mp4"))).toBeCloseTo(15, 1);
  });

  it("finds moov at the end of the file too, and answers null for files that are no MP4", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mp4-test-"));
    // moved moov: ftyp, mdat, then moov (as cameras write it)
    const sample = fs.readFileSync(path.join(samples, "sample.mp4"));
    const boxes: Record<string, Buffer> = {};
    for (let at = 0; at < sample.length;) {
      const size = sample.readUInt32BE(at);
      boxes[sample.toString("latin1", at + 4, at + 8)] = sample.subarray(at, at + size);
      at += size;
    }
    const reordered = path.join(dir, "late-moov.mp4");
    fs.writeFileSync(reordered, Buffer.concat([boxes.ftyp, boxes.free ?? Buffer.alloc(0), boxes.mdat, boxes.moov]));
    expect(await mp4DurationSeconds(reordered)).toBeCloseTo(30, 1);
    for (const [name, content] of [
      ["text.mp4", "this is not a video at all"],
      ["empty.mp4", ""],
      ["pdf.mp4", fs.readFileSync(path.resolve(samples, "../slides/dotacie.pdf"))],
    ] as const) {
      fs.writeFileSync(path.join(dir, name), content);
      expect(await mp4DurationSeconds(path.join(dir, name)), name).toBeNull();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe("multipart upload form", () => {
  const boundary = "----formboundaryVIDEO123";
  const file = Buffer.concat([Buffer.from("\r\n--not-the-boundary\r\n"), Buffer.alloc(5000, 7), Buffer.from("end")]);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nahoj\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prednáška.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  it("takes the boundary from the content type", () => {
    expect(boundaryOf(`multipart/form-data; boundary=${boundary}`)).toBe(boundary);
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(boundaryOf("application/json")).toBeNull();
  });

  for (const chunkSize of [1, 7, 64, 100_000]) {
    it(`streams exactly the file's bytes (chunks of ${chunkSize} bytes)`, async () => {
      const chunks: Buffer[] = [];
      for (let i = 0; i < body.length; i += chunkSize) chunks.push(body.subarray(i, i + chunkSize));
      const out: Buffer[] = [];
      const found = await readMultipartFile(Readable.from(chunks), boundary, async (b) => void out.push(b));
      expect(found).toEqual({ filename: "prednáška.mp4", contentType: "video/mp4" });
      expect(Buffer.concat(out).equals(file)).toBe(true);
    });
  }

  it("a form without a file, or a body cut short, is told apart", async () => {
    const noFile = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nahoj\r\n--${boundary}--\r\n`);
    expect(await readMultipartFile(Readable.from([noFile]), boundary, async () => {})).toBeNull();
    await expect(readMultipartFile(Readable.from([body.subarray(0, body.length - 30)]), boundary, async () => {})).rejects.toBeInstanceOf(MultipartError);
  });
});

describe("local video stand-in", () => {
  it("refuses to start in production", () => {
    expect(() =>
      startLocalVideo({
        publicUrl: "https://kurzy.example.sk",
        adminUrl: "https://kurzy.example.sk",
        key: Buffer.alloc(32, 1),
        webhookSecret: "s",
        notifyUrl: "https://kurzy.example.sk/api/webhooks/video",
        samplesDir: samples,
        uploadsDir: path.join(os.tmpdir(), "local-video-test-never"),
        production: true,
      }),
    ).toThrow(StandInRefusedError);
  });

  it("maps every demo playback id to a signed sample URL with a poster, and previews to the short clip", () => {
    const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-video-test-"));
    const video = startLocalVideo({
      publicUrl: "http://localhost:3999",
      adminUrl: "http://localhost:3999",
      key: Buffer.alloc(32, 2),
      webhookSecret: "s",
      notifyUrl: "http://localhost:3999/api/webhooks/video",
      samplesDir: samples,
      uploadsDir,
      production: false,
    });
    const now = new Date("2026-02-02T10:00:00Z");
    const play = video.provider.playback("demo-rozpocet-klubu", now);
    expect(play.url).toMatch(/^http:\/\/localhost:3999\/local-video\/play\/demo-rozpocet-klubu\.mp4\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect(play.posterUrl).toMatch(/\/local-video\/poster\/demo-rozpocet-klubu\.jpg\?exp=/);
    expect(play.expiresAt.getTime() - now.getTime()).toBe(6 * 3600_000);
    const preview = video.provider.preview("demo-rozpocet-klubu-preview", now);
    expect(preview.url).toMatch(/\/local-video\/play\/demo-rozpocet-klubu-preview\.mp4\?/);
    expect(preview.expiresAt.getTime() - now.getTime()).toBe(30 * 60_000);
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });
});

describe("preview clips (ffmpeg)", () => {
  // a local receiver standing in for the app's webhook route: records what the stand-in sends
  async function receiver() {
    const { createServer } = await import("node:http");
    const events: { signature: string | undefined; body: Record<string, unknown> & { data: Record<string, unknown> } }[] = [];
    const server = createServer(async (req, res) => {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      events.push({ signature: req.headers["video-signature"] as string | undefined, body: JSON.parse(raw) });
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"received":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    return { events, url: `http://127.0.0.1:${port}/api/webhooks/video`, close: () => new Promise<void>((r) => server.close(() => r())) };
  }
  const start = (uploadsDir: string, notifyUrl: string, ffmpegPath?: string) =>
    startLocalVideo({
      publicUrl: "http://localhost:3999",
      adminUrl: "http://localhost:3999",
      key: Buffer.alloc(32, 3),
      webhookSecret: "clip-secret",
      notifyUrl,
      samplesDir: samples,
      uploadsDir,
      ffmpegPath,
      production: false,
    });
  const passthrough = JSON.stringify({ partId: "0123456789abcdef01234567", blockId: "b1", kind: "preview", cutId: "pc_1" });

  it("cuts the range with ffmpeg into its own playback id and sends the signed video.asset.ready with the passthrough", async () => {
    const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-video-clip-"));
    const hook = await receiver();
    try {
      const video = start(uploadsDir, hook.url);
      const { assetId } = await video.provider.createClip({ assetId: "asset-demo-x", playbackId: "demo-x", startSec: 10, endSec: 22, passthrough }, new Date());
      expect(assetId).toMatch(/^la_[0-9a-f]{24}$/);
      expect(hook.events).toHaveLength(1);
      const [event] = hook.events;
      expect(event.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(event.body.type).toBe("video.asset.ready");
      expect(event.body.data).toMatchObject({ id: assetId, passthrough, status: "ready" });
      const playbackId = (event.body.data.playback_ids as { id: string }[])[0].id;
      expect(playbackId).toMatch(/^lv_[0-9a-f]{24}$/);
      // -c copy starts at the key frame at or before 10 s (the sample has one every 2 s)
      const duration = event.body.data.duration as number;
      expect(duration).toBeGreaterThanOrEqual(11.5);
      expect(duration).toBeLessThanOrEqual(12.5);
      expect(await mp4DurationSeconds(path.join(uploadsDir, `${playbackId}.mp4`))).toBeCloseTo(duration, 1);
    } finally {
      await hook.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    }
  });

  it("without ffmpeg the cut is refused with a Slovak message and nothing is sent", async () => {
    const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-video-clip-"));
    const hook = await receiver();
    try {
      const video = start(uploadsDir, hook.url, path.join(uploadsDir, "no-such-ffmpeg"));
      const refused = await video.provider
        .createClip({ assetId: "a", playbackId: "demo-x", startSec: 0, endSec: 12, passthrough }, new Date())
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(VideoProviderError);
      expect((refused as VideoProviderError).publicMessage).toMatch(/ffmpeg, ktorý na tomto počítači chýba/);
      expect(hook.events).toHaveLength(0);
      expect(fs.readdirSync(uploadsDir)).toEqual([]);
    } finally {
      await hook.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});
