import { apiError } from "#server/kernel/errors";

// Unknown /api URLs answer the spec's error body, never an HTML page.
export const loader = () => apiError({ code: "not_found" });
export const action = () => apiError({ code: "not_found" });
