import { describe, expect, it } from "vitest";
import { PHOTO_LINK_HASH_LENGTH, photoLinkKey, readPhotoLink, signPhotoLink } from "./photo-link";

const key = photoLinkKey(new TextEncoder().encode("a-server-secret-of-at-least-32-characters"));
const id = "0199a3b2-7c4d-7e5f-8a6b-1c2d3e4f5a6b";

describe("photo link hash", () => {
  it("round-trips the link id in 44 URL-safe characters", () => {
    const hash = signPhotoLink(id, key);
    expect(hash).toHaveLength(PHOTO_LINK_HASH_LENGTH);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(readPhotoLink(hash, key)).toBe(id);
  });

  it("the same secret always gives the same key; another secret's hash is refused", () => {
    expect(photoLinkKey(new TextEncoder().encode("a-server-secret-of-at-least-32-characters"))).toEqual(key);
    const other = photoLinkKey(new TextEncoder().encode("another-secret-of-at-least-32-characters!"));
    expect(readPhotoLink(signPhotoLink(id, other), key)).toBeNull();
  });

  it("refuses any changed character, other lengths and other alphabets", () => {
    const hash = signPhotoLink(id, key);
    for (let i = 0; i < hash.length; i++) {
      const c = hash[i] === "A" ? "B" : "A";
      expect(readPhotoLink(hash.slice(0, i) + c + hash.slice(i + 1), key), `position ${i}`).toBeNull();
    }
    expect(readPhotoLink(hash.slice(1), key)).toBeNull();
    expect(readPhotoLink(`${hash}A`, key)).toBeNull();
    expect(readPhotoLink(`${hash.slice(0, 43)}+`, key)).toBeNull();
    expect(readPhotoLink("", key)).toBeNull();
  });
});
