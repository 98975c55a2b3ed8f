export * from "./catalog";
export * from "./profile";
export * from "./assembly";
