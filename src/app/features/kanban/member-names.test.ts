import "fake-indexeddb/auto";
import { v7 as uuidv7 } from "uuid";
import { afterEach, describe, expect, it } from "vitest";
import { type BlocklotDb, createDb } from "../../offline/db";
import { keepMemberNames, storedMemberNames } from "./member-names";

let db: BlocklotDb;
afterEach(async () => {
  db?.close();
  if (db) await db.delete();
});

describe("member names kept on the device", () => {
  it("keeps the last list per company, replacing the earlier one, and has none for another company", async () => {
    db = createDb(`member-names-${uuidv7()}`);
    const company = uuidv7();
    expect(await storedMemberNames(db, company)).toBeNull();
    await keepMemberNames(db, company, [{ id: "u1", name: "Ana" }]);
    await keepMemberNames(db, company, [
      { id: "u1", name: "Ana Ruiz" },
      { id: "u2", name: "Ben" },
    ]);
    expect(await storedMemberNames(db, company)).toEqual([
      { id: "u1", name: "Ana Ruiz" },
      { id: "u2", name: "Ben" },
    ]);
    expect(await storedMemberNames(db, uuidv7())).toBeNull();
  });
});
