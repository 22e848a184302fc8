// The local identity provider in the test process on its own Express server (real
// oidc-provider, real HTTP), for domain tests that need the provider's REST API or tokens.
import type { Server } from "node:http";
import express from "express";
import { startLocalIdp, type LocalIdp } from "#server/stand-ins/identity-provider";
import { freePort } from "./app";

export const TEST_CLIENT = { id: "learning-platform", secret: "local-dev-client-secret" };
export const TEST_API_TOKEN = "local-dev-api-token";

export type TestIdp = { idp: LocalIdp; base: string; stop(): Promise<void> };

export async function startTestIdp(): Promise<TestIdp> {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const idp = await startLocalIdp({
    issuer: `${base}/idp`,
    appUrl: base,
    claimPrefix: "sportup",
    rolePrefix: "academy",
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    apiToken: TEST_API_TOKEN,
    cookieKeys: ["test-cookie-key"],
    production: false,
  });
  const web = express();
  web.use("/idp", idp.handler);
  const server: Server = await new Promise((resolve) => {
    const s = web.listen(port, "127.0.0.1", () => resolve(s));
  });
  return {
    idp,
    base,
    async stop() {
      await idp.stop();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
