// In-memory storage for oidc-provider's sessions, grants, codes and tokens. The local demo
// provider keeps them in the process (lost on restart: people sign in at the provider again).
// oidc-provider's own memory adapter caps everything at 1000 entries (LRU), which a few
// hundred logins of a load test would silently evict; this one holds up to MAX_ENTRIES and
// drops expired entries as it goes.

type Entry = { payload: Record<string, unknown>; expiresAt: number };

const GRANTABLE = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest", "PreAuthorizedCode"]);
const MAX_ENTRIES = 200_000;

export function createMemoryStore() {
  const entries = new Map<string, Entry>();
  const byGrant = new Map<string, Set<string>>();
  const sessionByUid = new Map<string, string>();
  const byUserCode = new Map<string, string>();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    for (const [grantId, keys] of byGrant) {
      for (const key of keys) if (!entries.has(key)) keys.delete(key);
      if (keys.size === 0) byGrant.delete(grantId);
    }
    for (const [uid, id] of sessionByUid) if (!entries.has(`Session:${id}`)) sessionByUid.delete(uid);
    for (const [code, key] of byUserCode) if (!entries.has(key)) byUserCode.delete(code);
    // still too many: drop the oldest (Map keeps insertion order)
    for (const key of entries.keys()) {
      if (entries.size <= MAX_ENTRIES) break;
      entries.delete(key);
    }
  };
  const timer = setInterval(sweep, 10 * 60 * 1000);
  timer.unref();

  class Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      const key = this.key(id);
      const expiresAt = typeof expiresIn === "number" ? Date.now() + expiresIn * 1000 : Number.POSITIVE_INFINITY;
      entries.delete(key); // re-insert: keeps insertion order meaningful for the cap
      entries.set(key, { payload, expiresAt });
      if (this.model === "Session" && typeof payload.uid === "string") sessionByUid.set(payload.uid, id);
      if (typeof payload.userCode === "string") byUserCode.set(payload.userCode, key);
      if (GRANTABLE.has(this.model) && typeof payload.grantId === "string") {
        let keys = byGrant.get(payload.grantId);
        if (!keys) byGrant.set(payload.grantId, (keys = new Set()));
        keys.add(key);
      }
      if (entries.size > MAX_ENTRIES) sweep();
    }

    async find(id: string) {
      return live(this.key(id))?.payload;
    }

    async findByUid(uid: string) {
      const id = sessionByUid.get(uid);
      return id === undefined ? undefined : this.find(id);
    }

    async findByUserCode(userCode: string) {
      const key = byUserCode.get(userCode);
      return key === undefined ? undefined : live(key)?.payload;
    }

    async consume(id: string) {
      const entry = live(this.key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string) {
      const keys = byGrant.get(grantId);
      if (!keys) return;
      for (const key of keys) entries.delete(key);
      byGrant.delete(grantId);
    }
  }

  return {
    Adapter,
    stop() {
      clearInterval(timer);
      entries.clear();
      byGrant.clear();
      sessionByUid.clear();
      byUserCode.clear();
    },
  };
}
