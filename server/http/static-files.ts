// Static files without a filesystem lookup per request. The directories (the build's
// client files, public/) are listed once at start; a request whose path is one of those
// files goes to express.static for it, anything else goes straight on to the routes (no
// `stat` for every page and API call). Which paths exist comes from the directories, not
// from a list here, so files and routes added later need nothing in this module. A file
// added to a directory while the server runs is served after a restart (the production
// build does not change under a running server; `npm run dev` serves through Vite).
import fs from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

export type StaticDirectory = {
  dir: string;
  /** express.static options (maxAge, immutable, …) */
  options?: Parameters<typeof express.static>[1];
  /** only the files under this path of `dir`, e.g. "/assets" (hashed build assets, cached for a year) */
  prefix?: string;
};

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
    servers[index](req, res, next);
  };
  return Object.assign(handler, { files });
}
