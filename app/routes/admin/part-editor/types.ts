// The part editor's data types, shared by its form modules.
import type { FieldMetadata } from "@conform-to/react";
import type { Route } from "../+types/part-editor";

export type Data = Route.ComponentProps["loaderData"];
export type ViewBlock = Data["blocks"][number];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata is invariant in its type parameters: this takes a field (or form) of any schema
export type AnyField = FieldMetadata<any, any, any>;
