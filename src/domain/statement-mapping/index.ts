export * from "./audit";
export * from "./catalogue";
export * from "./figures";
export * from "./normalise";
export * from "./suggest";
export * from "./types";
