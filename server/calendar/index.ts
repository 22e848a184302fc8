// The Bratislava calendar lives in shared/calendar.ts (browser-safe, defined once: issue 34,
// item 3; docs/decisions/platform/kernel-and-shared.md). This door stays for the areas.
export * from "../../shared/calendar";
