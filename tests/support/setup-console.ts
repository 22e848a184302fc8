// Vitest setupFiles entry: see console-guard.ts.
import { installConsoleGuard } from "./console-guard";

installConsoleGuard();
