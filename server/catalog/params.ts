// Query parameters of GET /api/courses (spec: Endpoints > Public catalog; Limits:
// pageSize default 20, maximum 50; page default 1).
import { z } from "zod";
import { blankAsUnset, positiveInt } from "../kernel/contract";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

// an empty value (`?page=`) means "not given"

export const catalogQuerySchema = z.object({
  tag: z.preprocess(blankAsUnset, z.string().trim().min(1).max(100).optional()),
  page: z.preprocess(blankAsUnset, positiveInt(1_000_000).default(1)),
  pageSize: z.preprocess(blankAsUnset, positiveInt(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE)),
});

export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

/** Reads tag/page/pageSize from a URL's search params (first value of each). */
export function parseCatalogQuery(params: URLSearchParams) {
  return catalogQuerySchema.safeParse({
    tag: params.get("tag"),
    page: params.get("page"),
    pageSize: params.get("pageSize"),
  });
}
