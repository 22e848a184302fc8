// A small XML writer (escaping, no dependency) and a reader into a plain element tree
// (fast-xml-parser underneath) for the validator. Namespaces: the writer prints the
// prefixes it is given; the reader keeps each element's local name and its prefix.
import { XMLParser, XMLValidator } from "fast-xml-parser";

export type XmlAttrs = Record<string, string | undefined>;

/** An element to write: name with prefix ("cbc:ID"), attributes, text or children. */
export type XmlNode = { name: string; attrs?: XmlAttrs; text?: string; children?: (XmlNode | null | undefined | false)[] };

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Escapes text and attribute values; drops characters XML 1.0 forbids (C0 controls but tab, CR, LF). */
export function escapeXml(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Builds a node; `null`/`undefined` text (an absent value) makes no element at all. */
export function el(
  name: string,
  attrsOrContent?: XmlAttrs | string | number | null | (XmlNode | null | undefined | false)[],
  content?: string | number | null | (XmlNode | null | undefined | false)[],
): XmlNode | null {
  let attrs: XmlAttrs | undefined;
  let body: string | number | null | undefined | (XmlNode | null | undefined | false)[];
  if (attrsOrContent !== null && typeof attrsOrContent === "object" && !Array.isArray(attrsOrContent)) {
    attrs = attrsOrContent;
    body = content;
  } else {
    body = attrsOrContent;
  }
  if (body === undefined || body === null) return null;
  if (Array.isArray(body)) {
    const children = body.filter((c): c is XmlNode => !!c);
    return children.length === 0 ? null : { name, attrs, children };
  }
  const text = String(body);
  return text.trim() === "" ? null : { name, attrs, text };
}

function attrsText(attrs: XmlAttrs | undefined): string {
  if (!attrs) return "";
  return Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(v!)}"`)
    .join("");
}

/** Serializes with two-space indentation and an XML declaration (UTF-8). */
export function writeXml(root: XmlNode): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const walk = (node: XmlNode, depth: number) => {
    const pad = "  ".repeat(depth);
    const open = `${node.name}${attrsText(node.attrs)}`;
    if (node.children) {
      out.push(`${pad}<${open}>`);
      for (const child of node.children) if (child) walk(child, depth + 1);
      out.push(`${pad}</${node.name}>`);
    } else if (node.text !== undefined) {
      out.push(`${pad}<${open}>${escapeXml(node.text)}</${node.name}>`);
    } else {
      out.push(`${pad}<${open}/>`);
    }
  };
  walk(root, 0);
  return `${out.join("\n")}\n`;
}

// ---------------------------------------------------------------------------------------
// Reading

/** A parsed element: local name, prefix, attributes (local names), text and children in order. */
export type XmlElement = { name: string; prefix: string; attrs: Record<string, string>; text: string; children: XmlElement[] };

export class XmlSyntaxError extends Error {}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Ordered = Record<string, unknown> & { ":@"?: Record<string, string> };

function convert(entry: Ordered): XmlElement | null {
  const key = Object.keys(entry).find((k) => k !== ":@");
  if (!key || key === "#text" || key.startsWith("?") || key === "#comment") return null;
  const colon = key.indexOf(":");
  const element: XmlElement = {
    name: colon >= 0 ? key.slice(colon + 1) : key,
    prefix: colon >= 0 ? key.slice(0, colon) : "",
    attrs: {},
    text: "",
    children: [],
  };
  for (const [name, value] of Object.entries(entry[":@"] ?? {})) element.attrs[name] = String(value);
  for (const child of (entry[key] as Ordered[]) ?? []) {
    if ("#text" in child) element.text += String(child["#text"]);
    else {
      const converted = convert(child);
      if (converted) element.children.push(converted);
    }
  }
  element.text = element.text.trim();
  return element;
}

/** Parses a document into its root element; throws XmlSyntaxError when it is not well-formed XML. */
export function readXml(xml: string): XmlElement {
  // UBL has no document type declaration; refusing one keeps entity expansion (and its
  // "billion laughs") out of a validator that reads what an outside party sent
  if (/<!DOCTYPE/i.test(xml)) throw new XmlSyntaxError("a document type declaration (DOCTYPE) is not allowed");
  const check = XMLValidator.validate(xml);
  if (check !== true) throw new XmlSyntaxError(`not well-formed XML: ${check.err.msg} (line ${check.err.line})`);
  const roots = (parser.parse(xml) as Ordered[]).map(convert).filter((e): e is XmlElement => !!e);
  if (roots.length !== 1) throw new XmlSyntaxError("an XML document has exactly one root element");
  return roots[0];
}

/** Children of `from` along a path of local names ("AccountingSupplierParty/Party/EndpointID"). */
export function all(from: XmlElement | undefined, path: string): XmlElement[] {
  if (!from) return [];
  let current = [from];
  for (const step of path.split("/")) current = current.flatMap((e) => e.children.filter((c) => c.name === step));
  return current;
}

export function first(from: XmlElement | undefined, path: string): XmlElement | undefined {
  return all(from, path)[0];
}

/** The trimmed text at `path`, or undefined when the element is absent or empty. */
export function textAt(from: XmlElement | undefined, path: string): string | undefined {
  const found = first(from, path)?.text;
  return found ? found : undefined;
}

/** Every element below `from`, itself included, depth first. */
export function descendants(from: XmlElement): XmlElement[] {
  return [from, ...from.children.flatMap(descendants)];
}
