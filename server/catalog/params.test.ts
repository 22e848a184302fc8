import { describe, expect, it } from "vitest";
import { parseCatalogQuery } from "./params";

const parse = (qs: string) => parseCatalogQuery(new URLSearchParams(qs));

describe("parseCatalogQuery", () => {
  it("applies the spec defaults", () => {
    expect(parse("")).toEqual({ success: true, data: { page: 1, pageSize: 20 } });
    expect(parse("page=&pageSize=&tag=")).toEqual({ success: true, data: { page: 1, pageSize: 20 } });
  });

  it("accepts valid values", () => {
    expect(parse("tag=manager&page=3&pageSize=50").data).toEqual({ tag: "manager", page: 3, pageSize: 50 });
  });

  it.each(["pageSize=51", "pageSize=0", "page=0", "page=abc", "pageSize=1.5", "page=-1", "page=1e1", "pageSize=0x10"])(
    "refuses %s with a path to the field",
    (qs) => {
      const r = parse(qs);
      expect(r.success).toBe(false);
      expect(r.error!.issues[0].path).toEqual([qs.split("=")[0]]);
    },
  );
});
