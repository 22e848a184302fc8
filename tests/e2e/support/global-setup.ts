// Starts the built app with a fresh seeded database (the PostgreSQL server in
// TEST_DATABASE_URL/DATABASE_URL, else PGlite) on E2E_PORT; the returned function stops it.
// On PostgreSQL the app's database URL is E2E_DATABASE_URL for the specs.
import fs from "node:fs";
import { startApp } from "../../support/app";
import { chromiumProblem } from "../../../scripts/test-summary.mjs";

export default async function globalSetup() {
  const noBrowser = chromiumProblem(fs.existsSync);
  if (noBrowser) throw new Error(noBrowser);
  const app = await startApp({ port: Number(process.env.E2E_PORT) });
  // specs that prepare data in the app's database (PostgreSQL only: an embedded PGlite
  // directory is open in one process at a time) find it here
  if (app.database.url) process.env.E2E_DATABASE_URL = app.database.url;
  return async () => {
    await app.stop();
  };
}
