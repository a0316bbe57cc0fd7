export * from "./actors";
export * from "./quote";
export * from "./states";
export * from "./transitions";
