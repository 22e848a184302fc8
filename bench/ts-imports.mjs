// The bare twins (bench/bare.mjs, bench/bare-students.mjs) load the app's pure server/*.ts
// (and app/lib/*.ts) functions with Node's own type stripping. Those files import their
// neighbours without an extension (the bundler resolves them), directories by their index,
// and server/ and shared/ by the tsconfig.json paths `#server/*` and `#shared/*`; Node does
// none of it, so this hook maps `#server/` and `#shared/` to those folders and tries an
// import from a .ts file without an extension as <name>.ts and <name>/index.ts. Import this
// module first, then the .ts files with `await import(…)`.
import { register } from "node:module";
import { pathToFileURL } from "node:url";
import path from "node:path";

const root = pathToFileURL(path.resolve(import.meta.dirname, "..") + "/").href;

register(
  "data:text/javascript," +
    encodeURIComponent(`const root = ${JSON.stringify(root)};
export async function resolve(specifier, context, next) {
  const fromTs = context.parentURL?.endsWith(".ts") || context.parentURL?.endsWith(".tsx");
  if (fromTs && /^#(server|shared)\\//.test(specifier)) specifier = new URL(specifier.slice(1), root).href;
  if (fromTs && (specifier.startsWith(".") || specifier.startsWith("file:")) && !/\\.[cm]?[jt]sx?$/.test(specifier)) {
    for (const tail of [".ts", "/index.ts"]) {
      try { return await next(specifier + tail, context); } catch {}
    }
  }
  return next(specifier, context);
}`),
);
