export * from "./catalog";
export * from "./traits";
export * from "./profile";
export * from "./assembly";
