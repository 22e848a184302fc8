// A complete production configuration that passes every check (server/config): fresh random
// secrets each run (a fixed one here would be a value published in this repository, which
// production refuses), https URLs, a real-looking supplier that is not the demo one, keys that parse.
import { generateKeyPairSync, randomBytes } from "node:crypto";

const secret = () => randomBytes(32).toString("base64url");

export function productionEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    APP_ENV: "production",
    DATABASE_URL: "postgres://app@db.internal/academy",
    PUBLIC_URL: "https://kurzy.akademia.example",
    TRUST_PROXY: "1",
    SESSION_SECRET: secret(),
    OIDC_ISSUER: "https://idp.example",
    OIDC_CLIENT_ID: "academy",
    OIDC_CLIENT_SECRET: secret(),
    IDP_API_URL: "https://idp.example/api",
    IDP_API_TOKEN: secret(),
    PAYMENT_GATEWAY_URL: "https://pay.example",
    PAYMENT_WEBHOOK_SECRET: secret(),
    MUX_TOKEN_ID: "mux-token-id",
    MUX_TOKEN_SECRET: secret(),
    MUX_SIGNING_KEY_ID: "mux-signing-key-id",
    // a real RSA key: an unreadable one stops the start (server/video/mux.ts)
    MUX_SIGNING_KEY_PRIVATE: Buffer.from(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" })).toString(
      "base64",
    ),
    MUX_WEBHOOK_SECRET: secret(),
    SMTP_URL: "smtp://mail.example:587",
    // the Open Badges issuer key as PEM (P-256)
    CREDENTIAL_SIGNING_KEY: generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    INVOICE_SUPPLIER_NAME: "Skúšobná akadémia, s. r. o.",
    INVOICE_SUPPLIER_ADDRESS: "Testová 1, 811 01 Bratislava",
    INVOICE_SUPPLIER_ICO: "87654321",
    INVOICE_SUPPLIER_DIC: "2027654321",
    INVOICE_SUPPLIER_IC_DPH: "SK2027654321",
    INVOICE_SUPPLIER_IBAN: "SK89 7500 0000 0000 1234 5671",
    SUPPORT_EMAIL: "podpora@skusobna-akademia.example",
    // the Peppol access point of e-invoices (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices)
    EINVOICE_AP_URL: "https://ap.example/api",
    EINVOICE_AP_TOKEN: secret(),
    ...overrides,
  };
}
