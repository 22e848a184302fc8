export * from "./catalog";
export * from "./learning";
export * from "./commerce";
export * from "./certificates";
export * from "./identity";
export * from "./platform";
export * from "./mail";
export * from "./insights";
