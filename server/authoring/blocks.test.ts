// The block list edits, apart from the database.
import { describe, expect, it } from "vitest";
import { applyBlockEdit, type BlockInput } from "./blocks";

const text = (id: string): BlockInput => ({ id, type: "text", markdown: `# ${id}` });
const video = (id: string): BlockInput => ({ id, type: "video", transcript: "" });
const list = [text("a"), video("b"), text("c")];

describe("applyBlockEdit", () => {
  it("adds at the end", () => {
    expect(applyBlockEdit(list, { op: "add", block: { type: "text", markdown: "nový" } })!.map((b) => b.id ?? "new")).toEqual(["a", "b", "c", "new"]);
  });
  it("replaces a block in place, keeping its id", () => {
    const next = applyBlockEdit(list, { op: "replace", blockId: "c", block: { type: "text", markdown: "iný" } })!;
    expect(next[2]).toEqual({ id: "c", type: "text", markdown: "iný" });
    expect(next.slice(0, 2)).toEqual(list.slice(0, 2));
  });
  it("refuses to turn another block into a video (422) and an unknown block (404)", () => {
    expect(() => applyBlockEdit(list, { op: "replace", blockId: "a", block: { type: "video" } })).toThrow(expect.objectContaining({ code: "validation" }));
    expect(() => applyBlockEdit(list, { op: "delete", blockId: "x" })).toThrow(expect.objectContaining({ code: "not_found" }));
  });
  it("moves up and down; at an edge nothing changes", () => {
    expect(applyBlockEdit(list, { op: "move", blockId: "b", direction: "up" })!.map((b) => b.id)).toEqual(["b", "a", "c"]);
    expect(applyBlockEdit(list, { op: "move", blockId: "b", direction: "down" })!.map((b) => b.id)).toEqual(["a", "c", "b"]);
    expect(applyBlockEdit(list, { op: "move", blockId: "a", direction: "up" })).toBeNull();
    expect(applyBlockEdit(list, { op: "move", blockId: "c", direction: "down" })).toBeNull();
  });
  it("deletes one block and leaves the input alone", () => {
    expect(applyBlockEdit(list, { op: "delete", blockId: "b" })!.map((b) => b.id)).toEqual(["a", "c"]);
    expect(list.map((b) => b.id)).toEqual(["a", "b", "c"]);
  });
});
