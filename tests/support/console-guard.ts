// Vitest setup file (vitest.config.ts > setupFiles): a test that writes to console.error
// fails with what it wrote, unless it called allowConsoleError() first (tests that provoke
// an error on purpose). console.error outside a test (beforeAll/afterAll, module level)
// fails the file's last hook. The output still reaches the terminal.
import { format } from "node:util";
import { afterAll, afterEach, beforeEach } from "vitest";

type Capture = { messages: string[]; allowed: RegExp[] | "all" | null };

const original = console.error;
let current: Capture = { messages: [], allowed: null };
const outsideTests: string[] = [];

/** What console.error must not do, for the setup file and its own test. */
export function consoleErrorGuard() {
  return {
    begin() {
      current = { messages: [], allowed: null };
    },
    /** the error to fail the test with, if any */
    end(): Error | undefined {
      const { messages, allowed } = current;
      current = { messages: outsideTests, allowed: null };
      const unexpected = allowed === "all" ? [] : messages.filter((m) => !allowed?.some((re) => re.test(m)));
      if (unexpected.length === 0) return undefined;
      return new Error(`console.error was called during this test (call allowConsoleError() if that is expected):\n${unexpected.join("\n")}`);
    },
  };
}

/**
 * Lets the current test write to console.error: any message, or only those matching
 * one of `patterns`. Returns the messages captured so far in this test (live array).
 */
export function allowConsoleError(...patterns: RegExp[]): string[] {
  if (patterns.length === 0) current.allowed = "all";
  else if (current.allowed !== "all") current.allowed = [...(current.allowed ?? []), ...patterns];
  return current.messages;
}

export function installConsoleGuard() {
  current = { messages: outsideTests, allowed: null };
  console.error = (...args: unknown[]) => {
    current.messages.push(format(...args));
    original.apply(console, args);
  };
  const guard = consoleErrorGuard();
  beforeEach(() => guard.begin());
  afterEach(() => {
    const error = guard.end();
    if (error) throw error;
  });
  afterAll(() => {
    if (outsideTests.length === 0) return;
    const messages = outsideTests.splice(0);
    throw new Error(`console.error was called outside a test (in a hook or at module level):\n${messages.join("\n")}`);
  });
}
