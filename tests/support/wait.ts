// Waiting for what a job or a webhook does after an answer: polls `read` every 200 ms until
// `ok` holds, else fails naming what it waited for and the last value read.
export async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
