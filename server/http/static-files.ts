// Static files without a filesystem lookup per request. The directories (the build's
// client files, public/) are listed once at start; a request whose path is one of those
// files goes to express.static for it, anything else goes straight on to the routes (no
// `stat` for every page and API call). Which paths exist comes from the directories, not
// from a list here, so files and routes added later need nothing in this module. A file
// added to a directory while the server runs is served after a restart (the production
// build does not change under a running server; `npm run dev` serves through Vite).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

export type StaticDirectory = {
  dir: string;
  /** express.static options (maxAge, immutable, …) */
  options?: Parameters<typeof express.static>[1];
  /** only the files under this path of `dir`, e.g. "/assets" (hashed build assets, cached for a year) */
  prefix?: string;
  /**
   * a request for one of its files under /media/ with `?v=<versionOf(file)>` (the URL
   * `versionedMediaUrl` makes) is cached for a year as immutable; a stale `v` gets the
   * directory's usual caching
   */
  versioned?: boolean;
};

const versions = new Map<string, string | null>();

/** The first 10 hex characters of the SHA-256 of `dir`+`pathname`, read once; null when absent. */
export function versionOf(pathname: string, dir = "public"): string | null {
  const key = `${dir}\u0000${pathname}`;
  let version = versions.get(key);
  if (version === undefined) {
    try {
      version = createHash("sha256")
        .update(fs.readFileSync(path.join(path.resolve(dir), pathname)))
        .digest("hex")
        .slice(0, 10);
    } catch {
      version = null;
    }
    versions.set(key, version);
  }
  return version;
}

/**
 * A long-cacheable URL for the app's own media (covers, avatars under /media/ in public/):
 * `/media/covers/x.svg?v=<content hash>`; any other URL (an outside image) unchanged.
 * docs/decisions/student-ui/student-pages-on-a-phone.md > Student pages on a phone.
 */
export function versionedMediaUrl<T extends string | null | undefined>(url: T): T {
  if (!url || !url.startsWith("/media/") || url.includes("?") || url.includes("..")) return url;
  const version = versionOf(url);
  return (version ? `${url}?v=${version}` : url) as T;
}

/** Every file under `dir` as a URL path ("/favicon.svg", "/assets/x.js"). */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue; // express.static ignores dotfiles too
      const childAbs = path.join(abs, entry.name);
      const childRel = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(childAbs, childRel);
      else if (entry.isFile()) out.push(childRel);
    }
  };
  walk(path.resolve(dir), "");
  return out;
}

/**
 * One handler for several directories, earlier ones first (as a chain of express.static
 * would serve them). GET and HEAD of a listed file only; everything else calls next().
 */
export function createStaticFiles(directories: StaticDirectory[]): RequestHandler & { files: ReadonlyMap<string, number> } {
  const servers = directories.map((d) => express.static(d.dir, { ...d.options, fallthrough: true, redirect: false }));
  const forever = directories.map((d) =>
    d.versioned ? express.static(d.dir, { ...d.options, immutable: true, maxAge: "1y", fallthrough: true, redirect: false }) : null,
  );
  /** URL path → index of the directory that serves it */
  const files = new Map<string, number>();
  directories.forEach((d, i) => {
    for (const file of listFiles(d.dir)) {
      if (d.prefix && !file.startsWith(`${d.prefix}/`)) continue;
      if (!files.has(file)) files.set(file, i);
    }
  });
  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const index = files.get(pathname);
    if (index === undefined) return next();
    const v = typeof req.query.v === "string" ? req.query.v : null;
    const immutable = forever[index];
    if (immutable && v && pathname.startsWith("/media/") && v === versionOf(pathname, directories[index].dir)) return immutable(req, res, next);
    servers[index](req, res, next);
  };
  return Object.assign(handler, { files });
}
