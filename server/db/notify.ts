// LISTEN on a PostgreSQL channel, for in-process caches that every instance must drop
// when the database changes (a trigger NOTIFYs on commit). On a server: one dedicated
// connection outside the pool, reconnected with backoff when it drops; while it is down
// the subscriber is told (`down`), and after each (re)connect `up` runs once LISTEN is in
// place, so a change committed while nobody listened is never missed. On embedded PGlite
// (one process) its own listen(), which delivers before the committing query returns.
import type { DatabaseHandle } from "./client";

export type ChannelSubscriber = {
  /** a notification (its payload) */
  notify(payload: string): void;
  /** LISTEN is in place: from now on every commit is heard */
  up(): void;
  /** the connection is gone: notifications may be missed until `up` again */
  down(error?: Error): void;
};

export type ChannelListener = {
  readonly listening: boolean;
  close(): Promise<void>;
};

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

export async function listenChannel(
  handle: DatabaseHandle,
  channel: string,
  subscriber: ChannelSubscriber,
  options: { retryMs?: { first: number; max: number } } = {},
): Promise<ChannelListener> {
  if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
  if (handle.pglite) {
    const unlisten = await handle.pglite.listen(channel, (payload) => subscriber.notify(payload));
    subscriber.up();
    let listening = true;
    return {
      get listening() {
        return listening;
      },
      async close() {
        listening = false;
        await unlisten();
      },
    };
  }
  if (!handle.pool) throw new Error("listenChannel needs a PostgreSQL pool or PGlite");
  const { default: pg } = await import("pg");
  const config = handle.pool.options;
  const retry = options.retryMs ?? { first: 500, max: 15_000 };
  let client: InstanceType<typeof pg.Client> | null = null;
  let listening = false;
  let closed = false;
  let delay = retry.first;
  let timer: NodeJS.Timeout | null = null;

  const lost = (error?: Error) => {
    if (!listening && !client) return;
    const was = client;
    client = null;
    if (listening) {
      listening = false;
      subscriber.down(error);
    }
    was?.removeAllListeners();
    was?.on("error", () => {});
    void was?.end().catch(() => {});
    schedule();
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, retry.max);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: config.connectionString, ...(config.ssl ? { ssl: config.ssl } : {}) });
    c.on("error", (error) => {
      if (client === c) lost(error);
    });
    c.on("end", () => {
      if (client === c) lost();
    });
    c.on("notification", (message) => {
      if (message.channel === channel) subscriber.notify(message.payload ?? "");
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (error) {
      c.removeAllListeners();
      c.on("error", () => {});
      await c.end().catch(() => {});
      if (closed) return;
      if (listening) {
        listening = false;
        subscriber.down(error as Error);
      }
      schedule();
      return;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    listening = true;
    delay = retry.first;
    subscriber.up();
  };

  await connect();
  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      listening = false;
      if (c) {
        c.removeAllListeners();
        c.on("error", () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
