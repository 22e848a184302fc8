// The TypeScript sources below a folder, for the checks in tooling/*.test.ts: React
// Router's generated `+types` folders and node_modules left out, and test files too when
// a check is about the code the app runs.
import fs from "node:fs";
import path from "node:path";

export function sourceFiles(dir: string, options: { tests?: boolean } = {}): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") || entry.name === "node_modules" ? [] : sourceFiles(full, options);
    return /\.tsx?$/.test(entry.name) && (options.tests !== false || !entry.name.endsWith(".test.ts")) ? [full] : [];
  });
}
