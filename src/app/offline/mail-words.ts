/**
 * The offline mail search's index (docs/mail.md "On the device"): each stored message carries
 * `words`, the distinct lower-case words of its subject, sender and body, in the multi-entry index
 * `*words`, kept by Dexie hooks whatever writes the row (a feed pull, a write of the user). A
 * search reads the messages having a word that starts with the query's longest word, instead of
 * reading the whole mailbox.
 */
import type { Dexie } from "dexie";
import type { MailMessage } from "../../domain/mail/message";

const MAX_WORDS = 400;

/** The distinct lower-case words (letters and digits, 2+ characters) of a text. */
export function wordsOf(text: string): string[] {
  const out = new Set<string>();
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (w.length >= 2) out.add(w.slice(0, 40));
    if (out.size >= MAX_WORDS) break;
  }
  return [...out];
}

type Searchable = Pick<MailMessage, "subject" | "from" | "fromName" | "text">;

const searchWords = (m: Partial<Searchable>) =>
  wordsOf([m.subject, m.from, m.fromName, m.text].filter(Boolean).join(" "));

/** Keeps `words` of every mail row written to `db.mailMessages`. */
export function indexMailWords(db: Dexie) {
  const table = db.table("mailMessages");
  table.hook("creating", (_key, obj: Searchable & { words?: string[] }) => {
    obj.words = searchWords(obj);
  });
  table.hook("updating", (mods: object, _key, obj: Searchable) => {
    if (!("subject" in mods || "from" in mods || "fromName" in mods || "text" in mods)) return undefined;
    return { words: searchWords({ ...obj, ...(mods as Partial<Searchable>) }) };
  });
}
