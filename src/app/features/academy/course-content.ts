/**
 * What the Academy teaches (docs/academy.md): the courses of domain/academy/courses.ts with their
 * lessons' text. Facts follow docs/rpie.md (the rules Blocklot itself applies: src/domain/rpie)
 * and the product's selling screens (docs/inventory.md, docs/warehouse.md, docs/ebay.md).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ACADEMY_COURSES, type CourseId, type LessonId } from "../../../domain/academy/courses";

/** A paragraph, a bulleted list, or a "good to know" note. */
export type LessonBlock =
  | { kind: "text"; text: MessageDescriptor }
  | { kind: "list"; items: readonly MessageDescriptor[] }
  | { kind: "tip"; text: MessageDescriptor };

export interface LessonContent {
  title: MessageDescriptor;
  minutes: number;
  blocks: readonly LessonBlock[];
}

export interface CourseContent<C extends CourseId = CourseId> {
  title: MessageDescriptor;
  summary: MessageDescriptor;
  /** Every lesson of the course has its text (the type checker holds us to it). */
  lessons: Record<LessonId<C>, LessonContent>;
}

const text = (m: MessageDescriptor): LessonBlock => ({ kind: "text", text: m });
const list = (...items: MessageDescriptor[]): LessonBlock => ({ kind: "list", items });
const tip = (m: MessageDescriptor): LessonBlock => ({ kind: "tip", text: m });

export const COURSES: { [C in CourseId]: CourseContent<C> } = {
  "rpie-basics": {
    title: msg`RPIE basics for New York City owners`,
    summary: msg`Who must file the Real Property Income and Expense statement, who is excluded, the June 1 deadline, what missing it costs, and how the TC201 and TC203 relate to it.`,
    lessons: {
      "who-must-file": {
        title: msg`Who must file`,
        minutes: 3,
        blocks: [
          text(
            msg`The RPIE (Real Property Income and Expense statement) tells the NYC Department of Finance what an income-producing property earned and spent in the previous year. Finance uses it to value the property for the property tax.`,
          ),
          list(
            msg`You must file when the property's actual assessed value (AAV) is over $40,000, unless an exclusion applies (next lesson).`,
            msg`At an AAV of $40,000 or less you file nothing, not even a Claim of Exclusion.`,
            msg`An excluded property with an AAV over $40,000 still files something: a Claim of Exclusion.`,
            msg`The report covers the income and expenses of the previous calendar year (or the fiscal year that ended in it) and is filed online with the Department of Finance.`,
          ),
          tip(
            msg`Blocklot checks this for each of your properties: on the Properties page every property shows whether it must file, files a Claim of Exclusion, or files nothing.`,
          ),
        ],
      },
      exclusions: {
        title: msg`Exclusions and the Claim of Exclusion`,
        minutes: 4,
        blocks: [
          text(
            msg`A property over $40,000 AAV is excluded from the full statement when one of these applies:`,
          ),
          list(
            msg`Exclusively residential with 1 to 10 units and no commercial unit.`,
            msg`1 to 6 residential units and at most one commercial unit.`,
            msg`A co-op with no commercial space, or with 2,500 square feet of commercial space or less.`,
            msg`An individual residential condominium unit.`,
            msg`Rented only to related parties.`,
            msg`Wholly owner-occupied (but hotels, department stores and garages still file).`,
            msg`Fully exempt from tax, vacant or uninhabitable with no leases, or vacant land.`,
            msg`Not owned for the whole reporting year.`,
          ),
          text(
            msg`Excluded does not mean silent: an excluded property over $40,000 AAV files a Claim of Exclusion by the same deadline, saying which exclusion applies. Missing it has its own penalty.`,
          ),
        ],
      },
      deadline: {
        title: msg`The June 1 deadline`,
        minutes: 2,
        blocks: [
          text(
            msg`The statement and the Claim of Exclusion are due on June 1 each year. When June 1 falls on a weekend or a New York public holiday, the deadline moves to the next business day.`,
          ),
          list(
            msg`Start in March or April: statements from your accountant or manager often take weeks.`,
            msg`Use the same year's figures as your books: the statement for a year is filed in the following June.`,
            msg`Keep the confirmation of the filing; it is your proof if a penalty notice arrives by mistake.`,
          ),
          tip(
            msg`The dashboard home lists each property still to file with the days left and the penalty at risk.`,
          ),
        ],
      },
      penalties: {
        title: msg`What a late or missing filing costs`,
        minutes: 3,
        blocks: [
          text(
            msg`Penalties are set by rule (19 RCNY §33-03) and grow with the property's final AAV. For one missed year:`,
          ),
          list(
            msg`$300 for an AAV from $40,001 to $99,999, and $750 up to $249,999.`,
            msg`$1,500 up to $499,999, $3,000 up to $999,999 and $5,000 up to $4,999,999.`,
            msg`$20,000 up to $9,999,999, $40,000 up to $14,999,999 and $60,000 up to $24,999,999.`,
            msg`$100,000 for $25,000,000 and above.`,
          ),
          text(
            msg`Missing three years in a row costs 5% of the final AAV instead. A missed Claim of Exclusion costs up to $100 for one year, $500 for two consecutive years and $1,000 for three or more.`,
          ),
          tip(
            msg`A property that did not file may also lose the chance to challenge its assessment at the Tax Commission. Late is still better than never: file as soon as you can.`,
          ),
        ],
      },
      "tc201-tc203": {
        title: msg`TC201 and TC203 in plain words`,
        minutes: 3,
        blocks: [
          text(
            msg`The RPIE goes to the Department of Finance. The TC201 and TC203 go to the NYC Tax Commission, with an application to correct the assessed value when you think the property is over-assessed.`,
          ),
          list(
            msg`TC201: the income and expense schedule of rent-producing property (apartment buildings, stores, offices, mixed use).`,
            msg`TC203: the schedule of co-operatives and condominiums, whose income is mostly what the owners pay.`,
            msg`You file them only when you challenge the assessment, by the Commission's deadline (for most income-producing property, March 1).`,
          ),
          text(
            msg`Both use the same year's income and expenses as the RPIE, arranged differently. Blocklot maps your statements once and produces the RPIE lines and the matching TC201 or TC203 from that one mapping, so the figures agree.`,
          ),
        ],
      },
    },
  },
  "selling-online": {
    title: msg`Selling your inventory online`,
    summary: msg`From a spreadsheet of stock to live eBay listings: importing, photographing, describing, labelling and listing with Blocklot.`,
    lessons: {
      importing: {
        title: msg`Importing your stock`,
        minutes: 3,
        blocks: [
          text(
            msg`Start on the Inventory Dashboard with Import items. Choose a CSV, TSV or Excel (XLSX) file of up to 50 MB and 200,000 rows.`,
          ),
          list(
            msg`Match each column to an item field: title, SKU, barcode, quantity, price, condition, description, weight and dimensions.`,
            msg`Check the preview: warnings such as formulas, merged cells or several sheets are shown before anything is imported.`,
            msg`Each import becomes a batch; its items start as "to describe".`,
          ),
          tip(
            msg`No spreadsheet? Scan barcodes with a phone's camera (Take Photo) or add items one by one (Create Item).`,
          ),
        ],
      },
      photographing: {
        title: msg`Photographing items`,
        minutes: 3,
        blocks: [
          text(
            msg`Good photos sell. From an item's page, show its QR code: any phone that scans it can add photos to that item without signing in.`,
          ),
          list(
            msg`Use daylight or two soft lights and a plain, light background.`,
            msg`Fill the frame: the item, not the room. eBay needs at least 500 pixels on the longest side.`,
            msg`Take the front first (it becomes the main photo), then the back, labels, serial numbers and every flaw.`,
            msg`Put something of known size beside small items, and follow the guided shots for the usual angles.`,
          ),
        ],
      },
      describing: {
        title: msg`Describing items`,
        minutes: 3,
        blocks: [
          text(
            msg`Describe and List walks through the items still to describe, one after the other, with the cursor in the title.`,
          ),
          list(
            msg`Title: at most 80 characters, the words a buyer searches for first: brand, model, size, colour.`,
            msg`Description: condition in honest words, what is included, any flaw the photos show.`,
            msg`Condition (New or Used), price and quantity; dimensions and weight so shipping is quoted right.`,
            msg`Storage location or bin, so the item is found when it sells.`,
          ),
          tip(
            msg`Ctrl + Enter saves and opens the next item. What you type is kept as a draft on the device until you save.`,
          ),
        ],
      },
      labels: {
        title: msg`Printing labels`,
        minutes: 2,
        blocks: [
          text(
            msg`A label with the item's SKU barcode connects the shelf to the screen: scan it to open the item.`,
          ),
          list(
            msg`Choose items by batch, by search or from your last scans.`,
            msg`Print on 2 × 1 in or 2.25 × 1.25 in thermal labels, or on Avery 5160 sheets from any label position, so a half-used sheet is not wasted.`,
            msg`Check the preview, then stick each label on the item or its bag, and label the bin too.`,
          ),
        ],
      },
      "listing-on-ebay": {
        title: msg`Listing on eBay`,
        minutes: 4,
        blocks: [
          text(
            msg`Connect your eBay account once on the Account page. eBay asks you to sign in and approve Blocklot; you can disconnect at any time.`,
          ),
          list(
            msg`Finish the selling setup: shipping, payment and return policies (yours, or ones Blocklot creates) and the address items ship from.`,
            msg`On each item, pick an eBay category and fill in its required item specifics.`,
            msg`Before anything goes to eBay, each item is checked: a title of 80 characters or less, a description, a price, a quantity, a category and a photo.`,
            msg`Publish from Listing Management; each item shows its state and its eBay link, and orders appear when items sell.`,
          ),
          tip(msg`Withdraw a listing when an item sells elsewhere, so nobody buys what you no longer have.`),
        ],
      },
    },
  },
};

export interface LessonEntry {
  id: string;
  content: LessonContent;
}

/** A course's lessons in the order of ACADEMY_COURSES. */
export function lessonsOf(courseId: CourseId): LessonEntry[] {
  const lessons: Record<string, LessonContent> = COURSES[courseId].lessons;
  return ACADEMY_COURSES[courseId].map((id) => ({ id, content: lessons[id] as LessonContent }));
}
