/**
 * The RPIE articles the seed publishes (issue 17): plain-language guides written for Blocklot's
 * owners, with every figure taken from the rules the product applies (src/domain/rpie, docs/rpie.md),
 * so an article never says something the assessment screen contradicts.
 */
import type { ArticleInput } from "../../../../domain/articles/article";
import { RPIE_PENALTY_BANDS } from "../../../../domain/rpie/penalties";

const usd = (n: number) => `$${n.toLocaleString("en-US")}`;

/** The 19 RCNY § 33-03(a)(1) schedule as a Markdown table, lowest band first. */
function penaltyTable(): string {
  const bands = [...RPIE_PENALTY_BANDS].sort((a, b) => a[0] - b[0]);
  const rows = bands.map(([from, penalty], i) => {
    const next = bands[i + 1];
    const range = next ? `${usd(from)} to ${usd(next[0] - 1)}` : `${usd(from)} and above`;
    return `| ${range} | ${usd(penalty)} |`;
  });
  return ["| Final actual assessed value | Penalty |", "|---|---:|", ...rows].join("\n");
}

const AUTHOR = "Blocklot filing team";

export const SEED_ARTICLES: ArticleInput[] = [
  {
    slug: "what-is-rpie-and-who-must-file",
    title: "What is the RPIE statement, and who must file it?",
    summary:
      "The Real Property Income and Expense statement in plain words: what it is for, which properties must file, and which form applies.",
    tags: ["RPIE", "basics"],
    author: AUTHOR,
    coverImage: null,
    bodyMd: `Every year New York City's Department of Finance (DOF) asks the owners of income-producing property for the figures it needs to value their buildings: the rent they collected and what it cost to run the property. That report is the **Real Property Income and Expense statement**, or **RPIE**, required by Administrative Code § 11-208.1.

## Who must file

A property must file when its **actual assessed value (AAV) is over ${usd(40_000)}** for the year, unless an exclusion applies. You find the AAV on the Notice of Property Value DOF sends each January.

- AAV of ${usd(40_000)} or less: nothing to file, not even a Claim of Exclusion.
- AAV over ${usd(40_000)} and no exclusion: file the full statement.
- AAV over ${usd(40_000)} and an exclusion applies: file a **Claim of Exclusion** instead (see [our article on exclusions](/articles/rpie-exclusions-and-the-claim-of-exclusion)).

## Which form

- **Short form** when the AAV is ${usd(250_000)} or less.
- **Long form** when it is higher.
- A **rent roll** is added when the AAV is ${usd(750_000)} or more.

## What year it covers

The statement filed in a year reports the calendar (or fiscal) year before it: the filing due on June 1, 2026 reports 2025. The [deadline article](/articles/the-rpie-deadline-june-1) explains the date.

## How Blocklot helps

Add the property's BBL and Blocklot reads its assessed value and building class, tells you whether it must file, which form applies and when it is due. Upload your year-end statements and we prepare and file the RPIE for you.`,
  },
  {
    slug: "rpie-exclusions-and-the-claim-of-exclusion",
    title: "RPIE exclusions: when you file a Claim of Exclusion instead",
    summary:
      "Ten situations excuse a property from the full RPIE statement. Most of them still require a Claim of Exclusion by the deadline.",
    tags: ["RPIE", "exclusions"],
    author: AUTHOR,
    coverImage: null,
    bodyMd: `Some properties with an assessed value over ${usd(40_000)} do not need to report their income and expenses. They are **excluded**, and tell the Department of Finance so with a **Claim of Exclusion**, filed through the same online system by the same deadline.

## The exclusions

The rules (19 RCNY Chapter 33) exclude a property that is:

1. exclusively residential with 10 or fewer units;
2. mixed use with 6 or fewer residential units and no more than 1 commercial unit;
3. a co-operative with no commercial space, or with 2,500 square feet of commercial space or less;
4. an individual residential condominium unit;
5. rented only to related parties;
6. wholly occupied by its owner, unless it is a hotel, a department store or a garage;
7. fully exempt from real property tax;
8. vacant or uninhabitable, with no leases;
9. vacant land;
10. not owned for the whole reporting year.

## The claim is not optional

An exclusion changes *what* you file, not *whether* you file. A property with an AAV over ${usd(40_000)} that qualifies for an exclusion but files nothing can be penalised: up to ${usd(100)} for one year, ${usd(500)} for two consecutive years and ${usd(1_000)} for three or more.

## When an exclusion is not clear-cut

Mixed-use buildings and co-ops with shops are where owners most often guess wrong. Count commercial units and commercial floor area as they were during the reporting year. When Blocklot lacks a figure it needs (a co-op's commercial square footage, for example), it does not assume the exclusion: it tells you what is missing.`,
  },
  {
    slug: "the-rpie-deadline-june-1",
    title: "The RPIE deadline: June 1, and what moves it",
    summary:
      "The statement is due on June 1 every year. Here is what happens when that date falls on a weekend or holiday, and how to plan for it.",
    tags: ["RPIE", "deadline"],
    author: AUTHOR,
    coverImage: null,
    bodyMd: `The RPIE statement and the Claim of Exclusion are due on **June 1** each year, for the year before.

## Weekends and holidays

When June 1 falls on a Saturday, a Sunday or a New York public holiday, the deadline moves to the **next business day**. Blocklot counts this for you: each property shows its current filing year, the exact due date and the days left.

## Why not leave it to the last week

- The online filing system is busiest in the last days of May, and a statement that is not *submitted* by the deadline is late, whatever the reason.
- Your accountant's year-end statements usually arrive in the spring. Mapping them to the RPIE lines takes time when the chart of accounts does not match the form.
- A property you bought during the year may be excluded, but only a claim filed on time shows it.

## A simple calendar

- **January**: DOF's Notice of Property Value shows the assessed value that decides whether you file and which form applies.
- **March–April**: collect the year's income and expense statements (and the rent roll when the AAV is ${usd(750_000)} or more).
- **May**: review and file. With Blocklot, upload the statements and we prepare the filing for your review.
- **June 1**: the deadline.

Missing it brings a penalty set by the property's value; see [RPIE penalties explained](/articles/rpie-penalties-explained).`,
  },
  {
    slug: "rpie-penalties-explained",
    title: "RPIE penalties explained",
    summary:
      "What a late or missing RPIE statement or Claim of Exclusion costs, and what to do if you were penalised.",
    tags: ["RPIE", "penalties"],
    author: AUTHOR,
    coverImage: null,
    bodyMd: `Missing the RPIE deadline is expensive. The penalty is a fixed amount set by the property's **final actual assessed value** for the year the statement was due, under 19 RCNY § 33-03.

## The penalty schedule

${penaltyTable()}

## Repeated failures

- **Three consecutive years** without a statement: the penalty can be **5% of the final actual assessed value** instead of the amount in the table.
- A **Claim of Exclusion** that was required but not filed costs up to ${usd(100)} for one year, ${usd(500)} for two consecutive years and ${usd(1_000)} for three or more.

## Why it matters beyond the fine

Unpaid penalties are added to the property's charges and can hold up a sale or a refinancing. Without your figures, the Department of Finance also values the property from its own estimates, which rarely favour the owner.

## If you have already been penalised

Penalties are sometimes charged in error: the statement was filed, the property was excluded, or the penalty belongs to a previous owner. In those cases a removal request can succeed. Blocklot prepares these requests for owners ([penalty removal](/penalty-removal)); the Department of Finance makes the decision.`,
  },
  {
    slug: "tc201-vs-tc203-in-plain-words",
    title: "TC201 vs TC203, in plain words",
    summary:
      "Two Tax Commission income and expense schedules: which one your property uses when you challenge its assessment, and how they relate to the RPIE.",
    tags: ["Tax Commission", "TC201", "TC203"],
    author: AUTHOR,
    coverImage: null,
    bodyMd: `The RPIE goes to the Department of Finance. The **TC201** and **TC203** go somewhere else: to the **New York City Tax Commission**, the body that reviews an owner's challenge to the assessed value. If you believe your property is over-assessed, the application you file with the Tax Commission includes the property's income and expenses on one of these two schedules.

## TC201: rent-producing property

The TC201 is the income and expense schedule for **income-producing property**: apartment buildings, stores, offices, mixed-use buildings. It lists the rent and other income by type, then the operating expenses (fuel, utilities, payroll, repairs, insurance, management and so on), and arrives at the net operating income the Commission weighs against the assessment.

## TC203: co-ops and condominiums

The TC203 is the schedule for **co-operatives and condominiums**. Their income is mostly what the owners pay (maintenance or common charges), so the form asks for that first, then any commercial income (from the sponsor, a master lease or direct leases), then the building's operating expenses.

## How they relate to the RPIE

The figures are the same year's income and expenses, arranged differently. Blocklot maps your statements once and can produce the RPIE lines and the matching TC201 or TC203 schedule from the same mapping, so the numbers you give the city agree with each other.

## In short

- Filing the RPIE: **required** every year when the AAV is over ${usd(40_000)} and no exclusion applies.
- Filing a TC201 or TC203: **only when you challenge the assessment**, with the Tax Commission application, by the Commission's deadline for that year.
- TC201 for rent-producing property, TC203 for co-ops and condos.`,
  },
];
