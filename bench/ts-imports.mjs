// The bare twins (bench/bare.mjs, bench/bare-students.mjs) load the app's pure server/*.ts
// functions with Node's own type stripping. Those files import their neighbours without an
// extension (the bundler resolves them) and directories by their index; Node does not, so
// this hook tries a relative import from a .ts file without one as <name>.ts and
// <name>/index.ts. Import this module first, then the .ts files with `await import(…)`.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
  if (specifier.startsWith(".") && context.parentURL?.endsWith(".ts") && !/\\.[cm]?[jt]sx?$/.test(specifier)) {
    for (const tail of [".ts", "/index.ts"]) {
      try { return await next(specifier + tail, context); } catch {}
    }
  }
  return next(specifier, context);
}`),
);
