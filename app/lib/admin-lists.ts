// The admin's filtered lists (orders, audit log, webhook events, enrollments, courses):
// filters read from the query string, links that keep them, and a failed filter schema's
// messages by field, so each page states only its filters and its query schema.

export type Filters<K extends string> = Partial<Record<K, string>>;

/** The named filters present in the URL, trimmed; empty ones are left out. */
export function readFilters<K extends string>(url: URL, names: readonly K[]): Filters<K> {
  const filters: Filters<K> = {};
  for (const name of names) {
    const value = url.searchParams.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/** `path` with the filters that are set and the page (left out for page 1). */
export function listUrl<K extends string>(path: string, filters: Filters<K>, page = 1, pageParam = "page"): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters) as [string, string | undefined][]) if (value) params.set(name, value);
  if (page > 1) params.set(pageParam, String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A filter schema's issues as messages per field (issues without a field count for `fallback`). */
export function errorsByField(issues: readonly { path: readonly PropertyKey[]; message: string }[], fallback = "page"): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[String(issue.path[0] ?? fallback)] ??= []).push(issue.message);
  return errors;
}
