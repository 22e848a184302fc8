// Dependency rules checked in CI (`npm run depcheck`); docs/architecture.md explains them.
// Layers: app (routes, UI) → server areas (domain) → server infrastructure (db, http,
// config, log, queue). jobs/ (the worker registry) is wired by the process only.

// Infrastructure modules: importable by every area, one module per file (no door).
const INFRA = "(db|http|config|log|queue|money|pdf|kernel)";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle means two modules cannot be understood, tested or changed apart.",
      from: {},
      to: { circular: true },
    },
    {
      name: "server-never-imports-app",
      severity: "error",
      comment: "Domain code never imports a route or a component (routes → domain → db).",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "only-the-process-wires-jobs",
      severity: "error",
      comment: "The worker registry (jobs/) imports the areas; areas enqueue through server/queue.",
      from: { path: "^(server|app)/", pathNot: ["^server/services\\.ts$", "\\.test\\.ts$"] },
      to: { path: "^jobs/" },
    },
    {
      name: "areas-through-their-door",
      severity: "error",
      comment: "An area (server/<area>/) is reached from outside only through its index.ts; " + "db/schema is the one second door of the database module.",
      from: { path: "^(server/([^/]+)/|app/|jobs/)" },
      to: {
        path: "^server/([^/]+)/.+",
        pathNot: [
          "^server/[^/]+/index\\.ts$",
          "^server/$2/",
          "^server/db/schema(/index)?\\.ts$",
          "^server/db/schema/[^/]+\\.ts$",
          "^server/(http|config|log|kernel)/[^/]+\\.ts$",
        ],
      },
    },
    {
      name: "infrastructure-imports-no-area",
      severity: "error",
      comment: "db, http, config, log, queue, money and pdf sit below the areas; every area may import them.",
      from: { path: `^server/${INFRA}/` },
      to: { path: "^server/[^/]+/", pathNot: [`^server/${INFRA}/`] },
    },
    {
      name: "stand-ins-only-through-auth-and-start-up",
      severity: "error",
      comment: "Routes and areas never reach a stand-in; the area that needs the outside system chooses it.",
      from: { path: "^(app|server)/", pathNot: "^server/(auth|mail|stand-ins|services\\.ts)" },
      to: { path: "^server/stand-ins/" },
    },
    {
      name: "files-below-the-content-areas",
      severity: "error",
      comment:
        "server/files (the upload store) sits below authoring and learning: it imports only infrastructure, " +
        "video's signed-file helpers (ranges, error answers) and audit (docs/architecture.md).",
      from: { path: "^server/files/" },
      to: { path: "^server/[^/]+/", pathNot: [`^server/${INFRA}/`, "^server/(files|video|audit)/"] },
    },
    {
      name: "enrollments-below-learning",
      severity: "error",
      comment:
        "The Enrollment's home sits below the areas that use it: learning asks it for an enrollment " +
        "it may learn in; quizzes, certificates, payments and admin reach it through its door (docs/architecture.md).",
      from: { path: "^server/enrollments/" },
      to: { path: "^server/(learning|quizzes|certificates|credentials|payments|orders|admin|authoring|invoices|mail)/" },
    },
    {
      name: "quizzes-through-learning-index",
      severity: "error",
      comment: "Tests reach learning only through its index.ts (its test API: testGate, afterAttempt; tooling/seams.test.ts checks the names).",
      from: { path: "^server/quizzes/" },
      to: { path: "^server/learning/", pathNot: "^server/learning/index\\.ts$" },
    },
    {
      name: "learning-never-imports-quizzes",
      severity: "error",
      comment:
        "Quizzes sit on learning (they ask testGate, tell afterAttempt); no arrow points back up: learning reads " +
        "passed attempts from the schema itself (docs/decisions/quizzes/one-transaction-per-submit.md).",
      from: { path: "^server/learning/" },
      to: { path: "^server/quizzes/" },
    },
    {
      name: "shared-imports-nothing-outside-shared",
      severity: "error",
      comment:
        "shared/ is browser-safe and defined once for server and browser (ids, slugs, plural, Slovak formats, " +
        "calendar, watch ratio): it imports only shared/ (docs/decisions/platform/kernel-and-shared.md).",
      from: { path: "^shared/" },
      to: { pathNot: "^shared/", dependencyTypesNot: ["core"] },
    },
    {
      name: "kernel-imports-no-area",
      severity: "error",
      comment: "server/kernel (errors, the contract primitives, instants, webhook-once) sits below every area: it imports only log, db and shared/.",
      from: { path: "^server/kernel/" },
      to: { path: "^(server/|app/|jobs/)", pathNot: ["^server/kernel/", "^server/log/", "^server/db/"] },
    },
    {
      name: "no-orphans",
      severity: "warn",
      from: {
        orphan: true,
        pathNot: [
          "\\.d\\.ts$",
          "\\.test\\.ts$",
          "(^|/)\\.[^/]+\\.(c|m)?js$",
          "\\.config\\.ts$",
          "^app/routes/",
          "^app/(root|entry\\.server|routes)\\.tsx?$",
          "^tests/",
          "^scripts/",
          "^bench/",
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|build-[^/]+|node_modules|\\.react-router|reports|test-results)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
