import { describe, expect, it } from "vitest";
import { compareOrdered, keyBetween, keysBetween, type Ordered, positionAt } from "./order-key";

/** A small deterministic random source (tests must repeat). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const sorted = (list: readonly Ordered[]) => [...list].sort(compareOrdered).map((r) => r.id);

describe("fractional ordering keys", () => {
  it("keys between neighbours sort between them", () => {
    const a = keyBetween(null, null);
    const b = keyBetween(a, null);
    const mid = keyBetween(a, b);
    expect(a < mid && mid < b).toBe(true);
    expect(keyBetween(null, a) < a).toBe(true);
    const many = keysBetween(a, b, 50);
    expect(many).toEqual([...many].sort());
    expect((many[0] as string) > a && (many[49] as string) < b).toBe(true);
  });

  it("random inserts and moves keep the list in the intended order (one write per move)", () => {
    for (const seed of [1, 2, 3, 42, 2026]) {
      const random = rng(seed);
      let list: Ordered[] = [];
      let intended: string[] = [];
      for (let step = 0; step < 400; step++) {
        const move = list.length > 1 && random() < 0.5;
        const id = move ? (intended[Math.floor(random() * intended.length)] as string) : `r${step}`;
        const without = intended.filter((x) => x !== id);
        const index = Math.floor(random() * (without.length + 1));
        const position = positionAt(list, move ? id : null, index);
        list = [...list.filter((r) => r.id !== id), { id, position }];
        intended = [...without.slice(0, index), id, ...without.slice(index)];
        expect(sorted(list)).toEqual(intended);
      }
      expect(new Set(list.map((r) => r.position)).size).toBe(list.length);
    }
  });

  it("two devices inserting at the same place keep a total order, and later moves still land right", () => {
    const a = { id: "a", position: keyBetween(null, null) };
    const c = { id: "c", position: keyBetween(a.position, null) };
    // both devices put a card between a and c: equal keys
    const p = keyBetween(a.position, c.position);
    const list: Ordered[] = [a, c, { id: "x", position: p }, { id: "y", position: p }];
    expect(sorted(list)).toEqual(["a", "x", "y", "c"]);
    // every device sorts the same (order of the input does not matter)
    expect(sorted([...list].reverse())).toEqual(["a", "x", "y", "c"]);
    // one write cannot split twins (their keys are equal): a card dropped between them lands
    // right after the pair, still before c, the same on every device
    const z = { id: "z", position: positionAt(list, null, 2) };
    expect(sorted([...list, z])).toEqual(["a", "x", "y", "z", "c"]);
  });

  it("two moves of the same card: the later write wins and every device shows the same list", () => {
    const base: Ordered[] = ["a", "b", "c", "d"].map((id, i) => ({
      id,
      position: keysBetween(null, null, 4)[i] as string,
    }));
    const fromDevice1 = positionAt(base, "a", 3); // a to the end
    const fromDevice2 = positionAt(base, "a", 1); // a after b
    // the server applies device 1 then device 2: the row holds device 2's key
    const final = base.map((r) => (r.id === "a" ? { ...r, position: fromDevice2 } : r));
    expect(sorted(final)).toEqual(["b", "a", "c", "d"]);
    expect(fromDevice1).not.toBe(fromDevice2);
  });

  it("keyBetween survives neighbours given in the wrong order (a stale copy)", () => {
    const a = keyBetween(null, null);
    const b = keyBetween(a, null);
    expect(keyBetween(b, a) > b).toBe(true);
  });
});
