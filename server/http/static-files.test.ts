import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaticFiles, listFiles, versionOf } from "./static-files";

let root: string;
let url: string;
let close: () => Promise<void>;
let stats = 0;
const originalStat = fs.stat;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "static-files-"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write("build/assets/app-1234.js", "console.log(1)");
  write("build/favicon.svg", "<svg/>");
  write("build/media/covers/a b.svg", "<svg>a</svg>");
  write("build/.hidden", "secret");
  write("public/favicon.svg", "<svg>public</svg>");
  write("public/robots.txt", "User-agent: *");
  write("public/media/covers/c.svg", "<svg>cover</svg>");
  const app = express();
  app.use(
    createStaticFiles([
      { dir: path.join(root, "build"), prefix: "/assets", options: { immutable: true, maxAge: "1y" } },
      { dir: path.join(root, "build"), options: { maxAge: "1h" } },
      { dir: path.join(root, "public"), options: { maxAge: "1h" }, versioned: true },
    ]),
  );
  app.use((req, res) => res.status(404).send(`route ${req.method} ${req.path}`));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((r) => server.close(() => r()));
  // count the filesystem lookups express.static makes
  (fs as { stat: unknown }).stat = (...args: Parameters<typeof fs.stat>) => {
    stats++;
    return (originalStat as (...a: unknown[]) => void)(...args);
  };
});
afterAll(async () => {
  (fs as { stat: unknown }).stat = originalStat;
  await close?.();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("static files from a list made at start", () => {
  it("lists every file under a directory as URL paths, without dotfiles", () => {
    expect(listFiles(path.join(root, "build")).sort()).toEqual(["/assets/app-1234.js", "/favicon.svg", "/media/covers/a b.svg"]);
    expect(listFiles(path.join(root, "missing"))).toEqual([]);
  });

  it("serves listed files with their directory's caching; the first directory wins", async () => {
    const asset = await fetch(`${url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const icon = await fetch(`${url}/favicon.svg`);
    expect(await icon.text()).toBe("<svg/>");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await fetch(`${url}/robots.txt`)).text()).toBe("User-agent: *");
    expect(await (await fetch(`${url}/media/covers/a%20b.svg`)).text()).toBe("<svg>a</svg>");
    expect((await fetch(`${url}/favicon.svg`, { method: "HEAD" })).status).toBe(200);
  });

  it("sends everything else to the routes without a filesystem lookup", async () => {
    const before = stats;
    for (const p of ["/", "/kurzy/riadenie", "/api/courses", "/media", "/media/", "/.hidden", "/assets/missing.js", "/%E0%A4%A"]) {
      const res = await fetch(`${url}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toMatch(/^route GET/);
    }
    expect((await fetch(`${url}/favicon.svg`, { method: "POST" })).status).toBe(404);
    expect(stats).toBe(before);
    // (a listed file is looked up: the count does see express.static's lookups)
    await fetch(`${url}/favicon.svg`);
    expect(stats).toBeGreaterThan(before);
  });
});

describe("versioned media", () => {
  it("a /media/ file asked for with its content hash is immutable for a year; a stale or missing hash gets the usual hour", async () => {
    const dir = path.join(root, "public");
    const version = versionOf("/media/covers/c.svg", dir);
    expect(version).toMatch(/^[0-9a-f]{10}$/);
    const fresh = await fetch(`${url}/media/covers/c.svg?v=${version}`);
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toBe("<svg>cover</svg>");
    expect(fresh.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const stale = await fetch(`${url}/media/covers/c.svg?v=0123456789`);
    expect(stale.headers.get("cache-control")).toBe("public, max-age=3600");
    const plain = await fetch(`${url}/media/covers/c.svg`);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=3600");
    // only under /media/: another public file keeps its caching whatever v says
    const robots = await fetch(`${url}/robots.txt?v=${versionOf("/robots.txt", dir)}`);
    expect(robots.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});
