import Ajv from "ajv";
import addFormats from "ajv-formats";

/**
 * The app's two validators: request bodies are checked strictly (no type coercion, unknown
 * fields refused); query strings, params and headers coerce strings to the declared types,
 * since that is all a URL can carry. Routes that validate parts themselves (the inventory
 * write batch checks each write's body) use the same `bodyAjv`.
 */
export function makeAjv(strict: boolean) {
  const ajv = new Ajv({
    allErrors: false,
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: strict ? false : "array",
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

let body: Ajv | null = null;
/** The strict body validator (one instance per process, compiled schemas cached by it). */
export function bodyAjv(): Ajv {
  body ??= makeAjv(true);
  return body;
}
