import { apiError } from "#server/http/errors";

// Unknown /api URLs answer the spec's error body, never an HTML page.
export const loader = () => apiError(404);
export const action = () => apiError(404);
