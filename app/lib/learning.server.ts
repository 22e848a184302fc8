// What the learning routes (API and pages) share; their deps come from depsOf (./deps.server.ts).

/** Learning answers carry the caller's data and signed URLs: never stored by a cache. */
export const PRIVATE = { "Cache-Control": "private, no-store" } as const;
