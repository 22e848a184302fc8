// DomainError, the error table and the error body live in the kernel (server/kernel/errors.ts,
// below every area: docs/decisions/platform/kernel-and-shared.md). This path re-exports them so
// the many importers and branches in flight keep working; new code imports #server/kernel/errors.
export * from "../kernel/errors";
