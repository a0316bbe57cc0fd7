import { describe, expect, it } from "vitest";
import {
  codeVariants,
  compressUpcA,
  createReadConfirmer,
  dropConflicting,
  expandUpcE,
  gs1CheckDigitOk,
  SCAN_FORMATS,
  verifyRead,
} from "./symbologies";

describe("gs1CheckDigitOk", () => {
  it("accepts right check digits of EAN-13, EAN-8, UPC-A and ITF-14", () => {
    for (const code of ["4006381333931", "96385074", "036000291452", "10012345678902", "0036000291452"])
      expect(gs1CheckDigitOk(code), code).toBe(true);
  });
  it("refuses one wrong digit, swapped digits and non-digits", () => {
    expect(gs1CheckDigitOk("4006381333932")).toBe(false);
    expect(gs1CheckDigitOk("4006383133931")).toBe(false);
    expect(gs1CheckDigitOk("40063813339X1")).toBe(false);
    expect(gs1CheckDigitOk("")).toBe(false);
  });
});

describe("UPC-E", () => {
  it("expands each of the four zero-suppression forms to its UPC-A", () => {
    expect(expandUpcE("01234565")).toBe("012345000065");
    expect(expandUpcE("04252614")).toBe("042100005264");
    expect(expandUpcE("01234133")).toBe("012300000413");
    expect(expandUpcE("01234204")).toBe("012000003424");
    expect(expandUpcE("21234565")).toBeNull();
  });
  it("compresses a UPC-A (or its EAN-13 spelling) back, when it can be", () => {
    for (const e of ["01234565", "04252614", "01234133"]) {
      const a = expandUpcE(e) as string;
      expect(compressUpcA(a)).toBe(e);
      expect(compressUpcA(`0${a}`)).toBe(e);
    }
    expect(compressUpcA("036000291452")).toBeNull();
  });
});

describe("verifyRead", () => {
  it("applies retail codes only with a right check digit, in either spelling of UPC", () => {
    expect(verifyRead("ean_13", "4006381333931")).toEqual({ ok: true, confirmed: true });
    expect(verifyRead("ean_13", "4006381333932")).toEqual({ ok: false });
    expect(verifyRead("ean_8", "96385074")).toEqual({ ok: true, confirmed: true });
    expect(verifyRead("ean_8", "96385075")).toEqual({ ok: false });
    expect(verifyRead("upc_a", "036000291452").ok).toBe(true);
    expect(verifyRead("upc_a", "0036000291452").ok).toBe(true);
    expect(verifyRead("upc_a", "036000291453").ok).toBe(false);
    expect(verifyRead("upc_e", "01234565").ok).toBe(true);
    expect(verifyRead("upc_e", "0012345000065").ok).toBe(true);
    expect(verifyRead("upc_e", "01234566").ok).toBe(false);
  });
  it("applies ITF-14 with its check digit at once, other ITF after a second read, fragments never", () => {
    expect(verifyRead("itf", "10012345678902")).toEqual({ ok: true, confirmed: true });
    expect(verifyRead("itf", "10012345678903")).toEqual({ ok: true, confirmed: false, ifKnown: false });
    expect(verifyRead("itf", "123456")).toEqual({ ok: true, confirmed: false, ifKnown: false });
    expect(verifyRead("itf", "1234")).toEqual({ ok: false });
    expect(verifyRead("itf", "12345")).toEqual({ ok: false });
  });
  it("needs a second read for CODE39, and for CODE128 unless it names a known item; none for QR, Data Matrix", () => {
    expect(verifyRead("code_39", "ABC-123")).toEqual({ ok: true, confirmed: false, ifKnown: false });
    expect(verifyRead("code_128", "SKU-1")).toEqual({ ok: true, confirmed: false, ifKnown: true });
    for (const f of ["qr_code", "data_matrix"] as const)
      expect(verifyRead(f, "SKU-1"), f).toEqual({ ok: true, confirmed: true });
  });
  it("covers every format the scanner asks for", () => {
    expect(SCAN_FORMATS).toHaveLength(9);
    for (const f of SCAN_FORMATS) expect(verifyRead(f, "").ok, f).toBe(false);
  });
});

describe("createReadConfirmer", () => {
  it("passes checked reads at once and holds unchecked ones until the next frame agrees", () => {
    const c = createReadConfirmer(600);
    expect(c.accept("qr_code", "A", 0)).toBe(true);
    expect(c.accept("code_39", "ABC", 0)).toBe(false);
    expect(c.accept("code_39", "ABC", 100)).toBe(true);
    // a different read in between starts over
    expect(c.accept("code_39", "ABD", 200)).toBe(false);
    expect(c.accept("code_39", "ABC", 300)).toBe(false);
    expect(c.accept("code_39", "ABC", 400)).toBe(true);
  });
  it("forgets a waiting read after an empty frame or too long a gap", () => {
    const c = createReadConfirmer(600);
    expect(c.accept("itf", "123456", 0)).toBe(false);
    c.nothing();
    expect(c.accept("itf", "123456", 100)).toBe(false);
    expect(c.accept("itf", "123456", 900)).toBe(false);
    expect(c.accept("itf", "123456", 1000)).toBe(true);
  });
  it("applies a held CODE128 read that names a known item before the next frame, once", () => {
    const c = createReadConfirmer(600);
    expect(c.accept("code_128", "BN-1", 0)).toBe(false);
    // the lookup found an item: apply now
    expect(c.known("code_128", "BN-1", 20)).toBe(true);
    // the same answer again does not apply it twice
    expect(c.known("code_128", "BN-1", 25)).toBe(false);
  });
  it("never applies a read on a known item when a later frame confirmed, replaced or lost it", () => {
    const c = createReadConfirmer(600);
    expect(c.accept("code_128", "BN-1", 0)).toBe(false);
    expect(c.accept("code_128", "BN-1", 100)).toBe(true); // confirmed by the next frame
    expect(c.known("code_128", "BN-1", 110)).toBe(false); // the lookup's answer comes later: no second apply
    expect(c.accept("code_128", "BN-2", 200)).toBe(false);
    expect(c.accept("code_128", "BN-3", 300)).toBe(false); // another read replaced it
    expect(c.known("code_128", "BN-2", 310)).toBe(false);
    c.nothing(); // the code left the view
    expect(c.known("code_128", "BN-3", 320)).toBe(false);
    expect(c.accept("code_128", "BN-4", 400)).toBe(false);
    expect(c.known("code_128", "BN-4", 1100)).toBe(false); // too late
  });
  it("never applies a single CODE39 or short ITF read, known item or not (no check character)", () => {
    const c = createReadConfirmer(600);
    expect(c.accept("code_39", "ABC", 0)).toBe(false);
    expect(c.known("code_39", "ABC", 10)).toBe(false);
    expect(c.accept("itf", "123456", 100)).toBe(false);
    expect(c.known("itf", "123456", 110)).toBe(false);
    expect(c.known("ean_13", "4006381333932", 120)).toBe(false);
  });
  it("never passes a misread", () => {
    const c = createReadConfirmer();
    expect(c.accept("ean_13", "4006381333932", 0)).toBe(false);
    expect(c.accept("ean_13", "4006381333932", 50)).toBe(false);
  });
});

describe("codeVariants", () => {
  it("pairs UPC-A with its EAN-13 spelling both ways", () => {
    expect(codeVariants("036000291452")).toEqual(["036000291452", "0036000291452"]);
    expect(codeVariants("0036000291452")).toEqual(["0036000291452", "036000291452"]);
  });
  it("adds the UPC-E spellings of a UPC-E read", () => {
    expect(codeVariants("01234565", "upc_e")).toEqual(["01234565", "012345000065", "0012345000065"]);
    expect(codeVariants("0012345000065", "upc_e")).toEqual(["0012345000065", "012345000065", "01234565"]);
  });
  it("leaves other codes alone", () => {
    expect(codeVariants("4006381333931")).toEqual(["4006381333931"]);
    expect(codeVariants("SKU-1")).toEqual(["SKU-1"]);
    expect(codeVariants("01234565")).toEqual(["01234565"]);
  });
});

describe("dropConflicting", () => {
  it("drops two different numbers of one kind read in one frame (a ghost beside the right read)", () => {
    // seen in the fake-camera sweep: an EAN-8 box label also read as another valid EAN-8
    const frame = [
      { format: "ean_8" as const, text: "65267653" },
      { format: "ean_8" as const, text: "65861653" },
    ];
    expect(dropConflicting(frame)).toEqual([]);
    // EAN and UPC are one kind: a UPC-E ghost read as an EAN-13 conflicts as well
    expect(
      dropConflicting([
        { format: "upc_e", text: "0028100008269" },
        { format: "upc_e", text: "0020096000050" },
      ]),
    ).toEqual([]);
  });
  it("keeps one number spelled two ways, and codes of different kinds", () => {
    const same = [
      { format: "upc_e" as const, text: "01234565" },
      { format: "ean_13" as const, text: "0012345000065" },
    ];
    expect(dropConflicting(same)).toEqual(same);
    const box = [
      { format: "ean_13" as const, text: "4006381333931" },
      { format: "code_128" as const, text: "BL-SKU-1" },
      { format: "qr_code" as const, text: "QR-1" },
      { format: "qr_code" as const, text: "QR-2" },
    ];
    expect(dropConflicting(box)).toEqual(box);
  });
  it("keeps the other kinds of a frame whose retail reads conflict", () => {
    expect(
      dropConflicting([
        { format: "ean_13", text: "4006381333931" },
        { format: "code_128", text: "BL-SKU-1" },
        { format: "upc_a", text: "036000291452" },
      ]),
    ).toEqual([{ format: "code_128", text: "BL-SKU-1" }]);
  });
});
