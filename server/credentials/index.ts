// Verifiable credentials (docs/decisions/certificates/open-badges.md > Open Badges): the machinery that knows no
// certificate. The issuer's key (keys.ts), VC-JWT signing and checking (signer.ts), the
// Bitstring Status List encoding (status-list.ts), baked PNG/SVG images (baking.ts) and
// reading what a verifier hands in (presented.ts). server/certificates maps certificates
// onto Open Badges 3.0 with it; start-up (server/services.ts) builds the signer.
export { parseSigningKey, parsePreviousKeys, developmentSigningKey, KeyFormatError, type SigningKey, type SigningAlg } from "./keys";
export { createCredentialSigner, type CredentialSigner, type Credential, type CheckResult, type PublishedKey } from "./signer";
export { encodeStatusList, statusBit, statusListOf, STATUS_LIST_SIZE, STATUS_LIST_ENTRY_TYPE } from "./status-list";
export { bakePng, bakeSvg, extractFromPng, extractFromSvg, isPng, OPEN_BADGES_SVG_NAMESPACE } from "./baking";
export { envelope, presentedJwt } from "./presented";
