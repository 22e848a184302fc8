// Values production refuses although they are well-formed: short or low-entropy secrets,
// values published in this repository (tests, README, docs), and IBANs whose check digits
// are wrong (docs/decisions/platform/weak-and-example-values-refused-in-production.md > Weak and example values refused in production).

/** The least a secret may carry, in UTF-8 bytes. */
export const MIN_SECRET_BYTES = 32;
/** The least estimated entropy (bits) a secret may carry. */
const MIN_SECRET_BITS = 128;

/**
 * Secret values that appear in this repository (test fixtures, README, docs). Anyone can read
 * them, so production refuses them whatever their length. server/config/weak-values.test.ts
 * scans the repository for values given to secret variables and fails when one is neither
 * here nor refused by the length and entropy rules.
 */
export const REPOSITORY_SECRETS: readonly string[] = [
  "local-dev-api-token",
  "access-point-test-token-0123456789",
  "stand-in-mount-token-0123456789abcdef",
  "integration-access-point-token-0123",
  "metrics-token-0123456789",
  "video-preview-test-session-secret-0123456789",
  "video-integration-test-session-secret-0123456789",
  "two-instances-test-session-secret-0123456789",
  "route-context-test-secret-0123456789abcdef",
  "commerce-test-webhook-secret-0123456789",
  "auth-test-session-secret-0123456789abcdef",
  "sandbox-refund-test-secret-0123456789",
  "eyJhbGciOiJub25lIn0.eyJzdWIiOiJwLTEwMDEifQ.",
  "mux-webhook-secret",
  "token-secret",
];

/**
 * Shannon entropy of the value's characters (bits per character, from their frequencies) times
 * its length: a rough upper bound of what the value carries. "aaaa…" is 0; 32 random bytes in
 * base64url (43 characters) about 210; as hex (64 characters) about 240.
 */
export function estimatedBits(value: string): number {
  const chars = [...value];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/** "abcabcabc…": the value is one shorter unit repeated. */
function repeatsAUnit(value: string): boolean {
  for (let unit = 1; unit <= value.length / 2; unit++) {
    if (value.length % unit === 0 && value.slice(0, unit).repeat(value.length / unit) === value) return true;
  }
  return false;
}

/** More than half of neighbouring characters are equal or consecutive ("abcdef…", "123456…"). */
function mostlySequential(value: string): boolean {
  let steps = 0;
  for (let i = 1; i < value.length; i++) {
    if (Math.abs(value.charCodeAt(i) - value.charCodeAt(i - 1)) <= 1) steps++;
  }
  return steps > (value.length - 1) / 2;
}

/** Why a secret is too weak for production, or null when it is not. */
export function weakSecretReason(value: string): string | null {
  if (REPOSITORY_SECRETS.includes(value))
    return "is a value published in this repository (tests, README or docs); generate a new one, e.g. `openssl rand -base64 32`";
  const bytes = Buffer.byteLength(value, "utf8");
  if (bytes < MIN_SECRET_BYTES)
    return `must be at least ${MIN_SECRET_BYTES} bytes in production (it has ${bytes}); generate one, e.g. \`openssl rand -base64 32\``;
  if (repeatsAUnit(value) || mostlySequential(value) || estimatedBits(value) < MIN_SECRET_BITS) {
    return "has too little entropy (repeated or sequential characters); generate one, e.g. `openssl rand -base64 32`";
  }
  return null;
}

/** ISO 13616 check: move the first four characters to the end, letters to numbers, mod 97 = 1. */
export function ibanChecksumValid(iban: string): boolean {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]+$/.test(compact)) return false;
  const digits = (compact.slice(4) + compact.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  return remainder === 1;
}
