export * from "./dice";
export * from "./pool";
export * from "./roll";
export * from "./test";
export * from "./odds";
