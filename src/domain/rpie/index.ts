export * from "./dates";
export * from "./holidays";
export * from "./penalties";
export * from "./rules";
