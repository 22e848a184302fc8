import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { estimatedBits, REPOSITORY_SECRETS, weakSecretReason } from "./weak-values";

const root = path.resolve(import.meta.dirname, "../..");

/** Files anyone can read in the repository that may hold example or test secrets. */
function publishedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string, keep: (file: string) => boolean) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel, keep);
      else if (keep(rel)) out.push(rel);
    }
  };
  for (const file of ["README.md", ".env.example", "Dockerfile", "playwright.config.ts", "vitest.config.ts"]) {
    if (fs.existsSync(path.join(root, file))) out.push(file);
  }
  walk("docs", () => true);
  walk("tests", (f) => /\.(ts|tsx|mjs|js|json|md)$/.test(f));
  for (const dir of ["server", "app", "jobs", "tooling", "bench", "scripts"])
    walk(dir, (f) => /\.(test|spec)\.tsx?$|\.m?js$|\.md$/.test(f) || (dir !== "server" && dir !== "app"));
  return out;
}

/** Literals given to anything named like a secret or token: `X_SECRET: "…"`, `token = '…'`, `X_TOKEN=…`. */
function secretLiterals(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b\w*(?:secret|token|password)\w*["']?\s*[:=]\s*(["'`])([^"'`\n]+)\1/gi)) found.push(m[2]!);
  for (const m of text.matchAll(/\b[A-Z_]*(?:SECRET|TOKEN)[A-Z_]*=([^\s"'`$]+)/g)) found.push(m[1]!);
  return found.filter((v) => !v.includes("${") && v.trim() === v && v.length > 0);
}

describe("values published in the repository", () => {
  it("every literal secret in tests, README and docs is refused in production", () => {
    const files = publishedFiles();
    expect(files).toContain("README.md");
    expect(files.some((f) => f.startsWith("tests/"))).toBe(true);
    const accepted: string[] = [];
    let seen = 0;
    for (const file of files) {
      for (const value of secretLiterals(fs.readFileSync(path.join(root, file), "utf8"))) {
        seen++;
        if (weakSecretReason(value) === null) accepted.push(`${file}: ${value}`);
      }
    }
    expect(seen).toBeGreaterThan(20);
    // a new test secret strong enough to pass the length and entropy rules: add it to
    // REPOSITORY_SECRETS (server/config/weak-values.ts), or generate it at run time
    expect(accepted).toEqual([]);
  });

  it("the list holds the repository's own strong-looking test secrets", () => {
    expect(REPOSITORY_SECRETS).toContain("two-instances-test-session-secret-0123456789");
    for (const value of REPOSITORY_SECRETS) expect(weakSecretReason(value)).toMatch(/published in this repository/);
  });
});

describe("secret strength", () => {
  it("estimates entropy from character frequencies", () => {
    expect(estimatedBits("a".repeat(32))).toBe(0);
    expect(estimatedBits("ab".repeat(16))).toBe(32);
  });

  it("refuses short, repeated and sequential values and takes random ones", () => {
    expect(weakSecretReason("a".repeat(32))).toMatch(/entropy/);
    expect(weakSecretReason("0123456789abcdefghijklmnopqrstuvwxyz")).toMatch(/entropy/);
    expect(weakSecretReason("s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t-s3cr3t")).toMatch(/entropy/);
    expect(weakSecretReason("x".repeat(31))).toMatch(/at least 32 bytes/);
    expect(weakSecretReason("kB7Yq2-LwZ0x_Hf9nR4tVcE1mJ8sD3uPaG6iO5eQwTy")).toBeNull();
    expect(weakSecretReason("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")).toBeNull();
  });
});
