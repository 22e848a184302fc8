// The one plural helper lives in shared/plural.ts (docs/decisions/platform/kernel-and-shared.md);
// this re-export stays for branches written against the old path. New code imports #shared/plural.
export * from "../../shared/plural";
