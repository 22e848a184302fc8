// What the identity provider sends besides standard OpenID Connect: the erasure request
// token (spec: External person and organization data > erasure). Defined once: the app
// checks it (server/auth) and the local stand-in provider signs it.
export const ERASURE_EVENT = "https://schemas.sportup.example/erasure";
export const ERASURE_TOKEN_TYPE = "erasure+jwt";
