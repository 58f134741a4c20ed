import type { DrawType, VisibilityStatus } from "@howzat/core/competitions"
import {
  chooseDistinctTicketNumbers,
  competitionSecrets,
  drawFromEntryList,
  drawRecordOf,
  readEntryList,
} from "@howzat/core/draws"
import type { NewCompetition, NewInstantWinGroup } from "@howzat/core/ports"
import { nextLiveDrawSlot, ordinalDateTime, pence } from "@howzat/core/rules"
import { Effect } from "effect"
import { type Kysely, sql, type Transaction } from "kysely"
import { insertCompetition } from "../repos/competition-writer"
import { recordDraw, soldEntries, ticketHolder } from "../repos/draw-records"
import type { Database } from "../schema"
import { NodeSecureRandomLive } from "../secure-random-node"
import { CHARITY_BANNER, HERO_SUB, HOW_IT_WORKS, prizeDescription, SITE_STYLES } from "./content"
import { STATIC_PAGES } from "./pages"

/**
 * The order every demo sale belongs to. Real orders don't exist yet, so a
 * sold demo ticket points at this marker; tickets_sold counts them like any other.
 */
export const DEMO_SOLD_ORDER_ID = "de000000-0000-4000-8000-000000000001"

const HOUR = 3_600_000
const DAY = 24 * HOUR

const image = (slug: string) => `/images/prizes/${slug}.svg`

const CATEGORIES = [
  {
    key: "kit",
    name: "Cricket Kit",
    description: "Bats, balls, pads and helmets from the best makers.",
  },
  { key: "cash", name: "Cash", description: "Tax-free cash, paid straight to your bank." },
  { key: "tech", name: "Tech", description: "Laptops, consoles, watches and gadgets." },
  { key: "cars", name: "Cars", description: "Drive away a new car, or take the cash alternative." },
  {
    key: "experiences",
    name: "Experiences",
    description: "Hospitality, tours and days out at the cricket.",
  },
] as const
type CategoryKey = (typeof CATEGORIES)[number]["key"]

interface DemoInstantWinGroup {
  readonly name: string
  readonly image: string
  readonly count: number
  /** How many of its numbers were already bought and won (by nobody who can sign in). */
  readonly won: number
  /** A prize of site credit, credited the moment a winning order is paid. */
  readonly siteCreditPence?: number
}

interface DemoCompetition {
  readonly name: string
  readonly description: string
  readonly categories: readonly CategoryKey[]
  readonly images: readonly string[]
  readonly ticketPricePence: number
  readonly totalTickets: number
  readonly sold: number
  readonly maxTicketsPerCustomer: number
  readonly defaultTicketSaleQuantity: number
  readonly cashAlternativePence: number | null
  readonly start: Date
  readonly close: Date
  readonly draw: Date | null
  readonly drawType: DrawType
  readonly visibilityStatus?: VisibilityStatus
  readonly competitionOrder?: number
  readonly instantWins?: readonly DemoInstantWinGroup[]
  /** Drawn by the seed on its draw date (in the past), so the demo has winners with proofs. */
  readonly drawnBeforeToday?: true
  /** Customers may pick their numbers (docs/decisions/0080); never with instant wins. */
  readonly pickYourNumbers?: true
}

/** The demo competition where every ticket wins (README, Demo data). */
export const LUCKY_DIP = "Lucky Dip: Every Ticket Wins"

const INSTANT_WINNERS = [
  "Sarah W.",
  "Tom B.",
  "Priya K.",
  "Dan H.",
  "Megan L.",
  "Chris P.",
  "Aisha M.",
  "Rob S.",
  "Ellie J.",
  "Gareth O.",
]

/** About a dozen competitions placed around `now` so that every phase shows up. */
export const demoCompetitions = (now: Date): DemoCompetition[] => {
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs)
  const live = (close: Date) => nextLiveDrawSlot(close)

  const tesla = { start: at(3 * DAY), close: at(33 * DAY) }
  const bat = { start: at(-5 * DAY), close: at(25 * DAY) }
  const lords = { start: at(-2 * DAY), close: at(12 * DAY) }
  const tour = { start: at(-1 * DAY), close: at(40 * DAY) }
  const cash = { start: at(-12 * DAY), close: at(2 * DAY) }
  const laptop = { start: at(-20 * DAY), close: at(6 * HOUR) }
  const bigInstant = { start: at(-9 * DAY), close: at(5 * DAY) }
  const ps5 = { start: at(-10 * DAY), close: at(3 * DAY) }
  const helmet = { start: at(-21 * DAY), close: at(-1 * DAY) }
  // Closed over a week ago: its Thursday stream has come, so the host may draw it now.
  const stumps = { start: at(-16 * DAY), close: at(-8 * DAY) }
  const watch = { start: at(-30 * DAY), close: at(-10 * DAY) }
  const car = { start: at(-45 * DAY), close: at(-20 * DAY) }
  const shirt = { start: at(10 * DAY), close: at(40 * DAY) }
  const luckyDip = { start: at(-1 * DAY), close: at(20 * DAY) }

  return [
    {
      name: "Gray-Nicolls Legend Cricket Bat + £250 Kit Voucher",
      description: prizeDescription(
        "Hand-picked Grade 1 English willow, pressed and knocked in by the Gray-Nicolls bat makers, with a £250 voucher to finish the kit bag.",
        [
          "Gray-Nicolls Legend short-handle bat (2lb 9oz – 2lb 11oz)",
          "Professional knocking-in and anti-scuff sheet",
          "£250 kit voucher",
          "Instant wins: 10 Kookaburra match balls and 20 × £25 site credit",
        ],
      ),
      categories: ["kit"],
      images: [image("cricket-bat"), image("cricket-ball")],
      ticketPricePence: 99,
      totalTickets: 2_500,
      sold: 1_180,
      maxTicketsPerCustomer: 100,
      defaultTicketSaleQuantity: 10,
      cashAlternativePence: 35_000,
      ...bat,
      draw: live(bat.close),
      drawType: "Live",
      competitionOrder: 1,
      instantWins: [
        { name: "Kookaburra Match Ball", image: image("cricket-ball"), count: 10, won: 2 },
        {
          name: "£25 Site Credit",
          image: image("site-credit"),
          count: 20,
          won: 3,
          siteCreditPence: 2_500,
        },
      ],
    },
    {
      name: "£10,000 Tax-Free Cash",
      description: prizeDescription(
        "Ten thousand pounds, paid by bank transfer within 48 hours of the draw. Spend it on a new kit bag, a holiday or the mortgage.",
        ["£10,000 tax-free cash", "Paid by bank transfer", "Drawn when the competition closes"],
      ),
      categories: ["cash"],
      images: [image("cash-stack")],
      ticketPricePence: 149,
      totalTickets: 19_999,
      sold: 16_400,
      maxTicketsPerCustomer: 250,
      defaultTicketSaleQuantity: 25,
      cashAlternativePence: null,
      ...cash,
      draw: cash.close,
      drawType: "Automatic",
      competitionOrder: 2,
    },
    {
      name: 'Apple MacBook Pro 14" M4',
      description: prizeDescription(
        "The laptop for scoring, streaming and spreadsheets: Apple's 14-inch MacBook Pro in space black.",
        ["MacBook Pro 14-inch, M4, 16GB, 512GB SSD", "AppleCare+ for three years"],
        "Closing tonight — last chance.",
      ),
      categories: ["tech"],
      images: [image("laptop")],
      ticketPricePence: 79,
      totalTickets: 4_999,
      sold: 4_310,
      maxTicketsPerCustomer: 50,
      defaultTicketSaleQuantity: 10,
      cashAlternativePence: 150_000,
      ...laptop,
      draw: laptop.close,
      drawType: "Automatic",
    },
    {
      name: "The Big Instant Win: £5,000 Cash + 300 Instant Prizes",
      description: prizeDescription(
        "A £5,000 main prize and 300 instant wins hidden among 100,000 tickets. If your number matches one, that prize is yours.",
        [
          "Main prize: £5,000 tax-free cash",
          "50 × £100 cash instant wins",
          "200 × £10 site credit instant wins",
          "50 × Kookaburra match ball instant wins",
        ],
      ),
      categories: ["cash", "kit"],
      images: [image("trophy"), image("cash-stack")],
      ticketPricePence: 49,
      totalTickets: 100_000,
      sold: 61_250,
      maxTicketsPerCustomer: 1_000,
      defaultTicketSaleQuantity: 50,
      cashAlternativePence: null,
      ...bigInstant,
      draw: live(bigInstant.close),
      drawType: "Live",
      competitionOrder: 3,
      instantWins: [
        { name: "£100 Cash", image: image("cash-stack"), count: 50, won: 12 },
        {
          name: "£10 Site Credit",
          image: image("site-credit"),
          count: 200,
          won: 40,
          siteCreditPence: 1_000,
        },
        { name: "Kookaburra Match Ball", image: image("cricket-ball"), count: 50, won: 9 },
      ],
    },
    {
      name: "Lord's Test Match Hospitality for Two",
      description: prizeDescription(
        "Two seats in a private box at the Home of Cricket for day one of the summer Test, with lunch, afternoon tea and a pavilion tour.",
        [
          "Two hospitality tickets, day one",
          "Three-course lunch and afternoon tea",
          "Guided tour of the Pavilion and Long Room",
        ],
      ),
      categories: ["experiences"],
      images: [image("stumps")],
      ticketPricePence: 2_500,
      totalTickets: 99,
      sold: 37,
      maxTicketsPerCustomer: 5,
      defaultTicketSaleQuantity: 1,
      cashAlternativePence: 150_000,
      ...lords,
      draw: live(lords.close),
      drawType: "Live",
      // The demo's pick-your-numbers competition (docs/decisions/0080): 99 seats' worth of numbers.
      pickYourNumbers: true,
    },
    {
      name: "Caribbean Cricket Tour for Two",
      description: prizeDescription(
        "Follow England in the Caribbean: ten nights in Barbados and Antigua with tickets to two Tests.",
        [
          "Return flights for two",
          "Ten nights, four-star, half board",
          "Tickets to two Test matches",
        ],
      ),
      categories: ["experiences"],
      images: [image("holiday")],
      ticketPricePence: 349,
      totalTickets: 9_999,
      sold: 1_024,
      maxTicketsPerCustomer: 250,
      defaultTicketSaleQuantity: 10,
      cashAlternativePence: 700_000,
      ...tour,
      draw: live(tour.close),
      drawType: "Live",
    },
    {
      name: "PlayStation 5 Pro Bundle",
      description: prizeDescription("A PS5 Pro with two controllers and a year of online play.", [
        "PlayStation 5 Pro console",
        "Two DualSense controllers",
        "12 months PlayStation Plus Premium",
      ]),
      categories: ["tech"],
      images: [image("console")],
      ticketPricePence: 99,
      totalTickets: 999,
      sold: 999,
      maxTicketsPerCustomer: 25,
      defaultTicketSaleQuantity: 5,
      cashAlternativePence: 60_000,
      ...ps5,
      draw: live(ps5.close),
      drawType: "Live",
      competitionOrder: 4,
    },
    {
      name: "Signed Ashes Stumps, Framed",
      description: prizeDescription(
        "A set of match stumps signed by both Ashes squads, framed behind glass with a certificate.",
        ["Signed by both squads", "Framed with a certificate of authenticity"],
        "Closed: its Thursday stream has come, and the host draws it live.",
      ),
      categories: ["kit"],
      images: [image("stumps")],
      ticketPricePence: 99,
      totalTickets: 500,
      sold: 463,
      maxTicketsPerCustomer: 25,
      defaultTicketSaleQuantity: 5,
      cashAlternativePence: 40_000,
      ...stumps,
      draw: live(stumps.close),
      drawType: "Live",
    },
    {
      name: "Masuri Test Helmet & Pads Bundle",
      description: prizeDescription(
        "The protection the professionals wear: a Masuri titanium-grille helmet with matching pads and gloves.",
        ["Masuri T-Line titanium helmet", "Test-weight batting pads", "Batting gloves"],
      ),
      categories: ["kit"],
      images: [image("helmet")],
      ticketPricePence: 69,
      totalTickets: 1_500,
      sold: 1_212,
      maxTicketsPerCustomer: 10,
      defaultTicketSaleQuantity: 3,
      cashAlternativePence: null,
      ...helmet,
      draw: at(4 * DAY),
      drawType: "Automatic",
      instantWins: [
        {
          name: "£5 Site Credit",
          image: image("site-credit"),
          count: 15,
          won: 11,
          siteCreditPence: 500,
        },
      ],
    },
    {
      // Every ticket is an instant-win number: whoever buys one sees WON! at once.
      name: LUCKY_DIP,
      description: prizeDescription(
        "Fifty tickets and fifty prizes: every ticket is an instant win. Buy one and see what you've won the moment your order is paid.",
        [
          "40 × £1 site credit, added to your account the moment you pay",
          "10 × Kookaburra match ball, posted to you",
          "No main draw: every prize is an instant win",
        ],
      ),
      categories: ["kit"],
      images: [image("cricket-ball"), image("site-credit")],
      ticketPricePence: 49,
      totalTickets: 50,
      sold: 0,
      maxTicketsPerCustomer: 10,
      defaultTicketSaleQuantity: 1,
      cashAlternativePence: null,
      ...luckyDip,
      draw: null,
      drawType: "None",
      instantWins: [
        {
          name: "£1 Site Credit",
          image: image("site-credit"),
          count: 40,
          won: 0,
          siteCreditPence: 100,
        },
        { name: "Kookaburra Match Ball", image: image("cricket-ball"), count: 10, won: 0 },
      ],
    },
    {
      name: "Luxury Chronograph Watch",
      description: prizeDescription(
        "A Swiss automatic chronograph in steel with a green dial, boxed with papers.",
        ["Swiss automatic chronograph", "Steel bracelet and spare leather strap"],
      ),
      categories: ["tech"],
      images: [image("watch")],
      ticketPricePence: 199,
      totalTickets: 5_000,
      sold: 4_870,
      maxTicketsPerCustomer: 100,
      defaultTicketSaleQuantity: 10,
      cashAlternativePence: 600_000,
      ...watch,
      draw: at(-8 * DAY),
      drawType: "Automatic",
      drawnBeforeToday: true,
    },
    {
      name: "Range Rover Evoque or £35,000 Cash",
      description: prizeDescription(
        "A brand-new Range Rover Evoque, delivered to your door, or £35,000 cash if you'd rather.",
        [
          "Range Rover Evoque Dynamic SE",
          "Delivered anywhere in mainland UK",
          "£35,000 cash alternative",
        ],
      ),
      categories: ["cars"],
      images: [image("car")],
      ticketPricePence: 299,
      totalTickets: 19_999,
      sold: 18_642,
      maxTicketsPerCustomer: 500,
      defaultTicketSaleQuantity: 20,
      cashAlternativePence: 3_500_000,
      ...car,
      draw: live(car.close),
      drawType: "Live",
      drawnBeforeToday: true,
    },
    {
      name: "Tesla Model 3 or £30,000 Cash",
      description: prizeDescription(
        "Go electric: a Tesla Model 3 Long Range in pearl white, or £30,000 cash.",
        ["Tesla Model 3 Long Range", "Home charger fitted", "£30,000 cash alternative"],
        // Its opening date, and nothing the shop cannot do: there are no reminders to set.
        `Opens ${ordinalDateTime(tesla.start)}.`,
      ),
      categories: ["cars"],
      images: [image("electric-car")],
      ticketPricePence: 249,
      totalTickets: 29_999,
      sold: 0,
      maxTicketsPerCustomer: 500,
      defaultTicketSaleQuantity: 20,
      cashAlternativePence: 3_000_000,
      ...tesla,
      draw: live(tesla.close),
      drawType: "Live",
    },
    {
      name: "Signed England Test Shirt",
      description: prizeDescription("A framed England Test shirt signed by the squad.", [
        "Framed, signed England Test shirt",
        "Certificate of authenticity",
      ]),
      categories: ["kit"],
      images: [image("shirt")],
      ticketPricePence: 99,
      totalTickets: 500,
      sold: 0,
      maxTicketsPerCustomer: 10,
      defaultTicketSaleQuantity: 5,
      cashAlternativePence: null,
      ...shirt,
      draw: null,
      drawType: "None",
      visibilityStatus: "Hidden",
    },
  ]
}

const chooseInstantWinNumbers = (total: number, groups: readonly DemoInstantWinGroup[]) =>
  Effect.runPromise(
    chooseDistinctTicketNumbers(
      total,
      groups.reduce((sum, g) => sum + g.count, 0),
    ).pipe(Effect.provide(NodeSecureRandomLive)),
  )

/** Splits one list of distinct numbers into consecutive runs, one per group. */
const splitByGroup = (numbers: readonly number[], groups: readonly DemoInstantWinGroup[]) => {
  let offset = 0
  return groups.map((g) => {
    const slice = numbers.slice(offset, offset + g.count)
    offset += g.count
    return slice
  })
}

/**
 * Marks tickets as bought by the demo marker, each held by one of the demo
 * players so a draw has a winner to name, and keeps tickets_sold equal to
 * the pool.
 */
const sellTickets = async (
  trx: Transaction<Database>,
  competitionId: string,
  soldAt: Date,
  players: readonly string[],
  choose: { readonly numbers: readonly number[] } | { readonly randomCount: number },
) => {
  const holder = sql<string>`(${[...players]}::uuid[])[1 + ticket_number % ${players.length}]`
  if ("numbers" in choose) {
    if (choose.numbers.length === 0) return
    await trx
      .updateTable("tickets")
      .set({ orderId: DEMO_SOLD_ORDER_ID, allocatedAt: soldAt, customerId: holder })
      .where("competitionId", "=", competitionId)
      .where("ticketNumber", "in", [...choose.numbers])
      .where("orderId", "is", null)
      .execute()
  } else if (choose.randomCount > 0) {
    // The same claim the checkout makes: free tickets in their pre-shuffled
    // order, chosen once in a materialised CTE. (An `in (select ... limit)`
    // may be planned as a nested loop that re-runs the sorted subquery for
    // every row: on a fresh Postgres without statistics that hung the seed.)
    await sql`
      with claimed as materialized (
        select ticket_number from tickets
        where competition_id = ${competitionId}::uuid and order_id is null
        order by sort_key
        limit ${choose.randomCount}
        for update skip locked
      )
      update tickets t set order_id = ${DEMO_SOLD_ORDER_ID}::uuid, allocated_at = ${soldAt},
        customer_id = (${[...players]}::uuid[])[1 + t.ticket_number % ${players.length}]
      from claimed
      where t.competition_id = ${competitionId}::uuid and t.ticket_number = claimed.ticket_number
    `.execute(trx)
  }
}

const seedCompetition = async (
  trx: Transaction<Database>,
  demo: DemoCompetition,
  categoryIds: ReadonlyMap<CategoryKey, string>,
  players: readonly string[],
  now: Date,
) => {
  const groups = demo.instantWins ?? []
  const numbersByGroup = splitByGroup(
    await chooseInstantWinNumbers(demo.totalTickets, groups),
    groups,
  )
  const secrets = await Effect.runPromise(
    competitionSecrets.pipe(Effect.provide(NodeSecureRandomLive)),
  )
  const competition: NewCompetition = {
    name: demo.name,
    description: demo.description,
    ticketPrice: pence(demo.ticketPricePence),
    totalTickets: demo.totalTickets,
    maxTicketsPerCustomer: demo.maxTicketsPerCustomer,
    defaultTicketSaleQuantity: demo.defaultTicketSaleQuantity,
    cashAlternativeValue:
      demo.cashAlternativePence === null ? null : pence(demo.cashAlternativePence),
    startDateTimeUtc: demo.start,
    closeDateTimeUtc: demo.close,
    drawDateTimeUtc: demo.draw,
    drawType: demo.drawType,
    visibilityStatus: demo.visibilityStatus ?? "Visible",
    categoryIds: demo.categories.flatMap((key) => categoryIds.get(key) ?? []),
    attributes:
      demo.competitionOrder === undefined
        ? {}
        : { competitionOrder: String(demo.competitionOrder) },
    imageUrls: demo.images,
    secrets,
    instantWinGroups: groups.map(
      (g, i): NewInstantWinGroup => ({
        name: g.name,
        imageUrls: [g.image],
        ticketNumbers: numbersByGroup[i] ?? [],
        prizeSiteCredit: g.siteCreditPence === undefined ? undefined : pence(g.siteCreditPence),
      }),
    ),
  }
  const id = await insertCompetition(trx, competition)
  if (demo.pickYourNumbers === true)
    await trx
      .updateTable("competitions")
      .set({ pickYourNumbers: true })
      .where("id", "=", id)
      .execute()
  if (demo.sold === 0) return id
  // Fresh statistics before claiming from the new pool. Autovacuum cannot see
  // rows this transaction has not committed, and a table once truncated keeps
  // its old statistics: planned on those, the claim below re-scanned the pool
  // for every ticket it sold, minutes for 100,000 tickets (reproduced by
  // seeding after a 100,000-ticket pool was analysed and truncated, as the
  // repository suite does). ANALYZE in the transaction counts its own rows.
  await sql`analyze tickets`.execute(trx)

  // Sales happened while the competition was open: halfway between opening and now (or close).
  const soldAt = new Date(
    (demo.start.getTime() + Math.min(now.getTime(), demo.close.getTime())) / 2,
  )
  // Some instant-win numbers were bought on purpose so the demo shows "WON!"; the
  // rest of the sales are random and may land on more of them.
  const wonOnPurpose = groups.flatMap((g, i) => (numbersByGroup[i] ?? []).slice(0, g.won))
  await sellTickets(trx, id, soldAt, players, { numbers: wonOnPurpose })
  await sellTickets(trx, id, soldAt, players, { randomCount: demo.sold - wonOnPurpose.length })
  await sql`delete from competition_tickets_sold where competition_id = ${id}::uuid`.execute(trx)
  await sql`
    insert into competition_tickets_sold (competition_id, shard, sold)
    select ${id}::uuid, 0, count(*) from tickets
    where competition_id = ${id}::uuid and order_id is not null
  `.execute(trx)

  // Every instant-win number that was sold has been won.
  const won = await trx
    .selectFrom("instantWinTickets as w")
    .innerJoin("tickets as t", (join) =>
      join
        .onRef("t.competitionId", "=", "w.competitionId")
        .onRef("t.ticketNumber", "=", "w.ticketNumber"),
    )
    .select(["w.id", "t.allocatedAt"])
    .where("w.competitionId", "=", id)
    .where("t.orderId", "is not", null)
    .orderBy("w.ticketNumber")
    .execute()
  for (const [i, ticket] of won.entries()) {
    await trx
      .updateTable("instantWinTickets")
      .set({
        wonAt: ticket.allocatedAt ?? soldAt,
        winnerDisplayName: INSTANT_WINNERS[i % INSTANT_WINNERS.length] ?? null,
      })
      .where("id", "=", ticket.id)
      .execute()
  }

  if (demo.drawnBeforeToday === true && demo.draw !== null) {
    // Drawn by the published procedure, as staff or the job would have on
    // the day, with no beacon (the demo shop has no internet): its proof checks.
    const entries = await soldEntries(trx, id)
    const outcome = drawFromEntryList({
      seed: secrets.drawSeed,
      competitionId: id,
      beacon: "",
      entries: readEntryList(entries),
    })
    const winner =
      "winningTicketNumber" in outcome
        ? await ticketHolder(trx, id, outcome.winningTicketNumber)
        : null
    await recordDraw(
      trx,
      drawRecordOf({
        competitionId: id,
        drawType: demo.drawType,
        at: demo.draw,
        beacon: { source: "none", value: "" },
        outcome,
        winner,
      }),
      entries,
    )
  }
  return id
}

/** The other people in the demo shop: they hold the tickets the seed sells. */
const DEMO_PLAYERS = [
  ["James", "Anderson"],
  ["Heather", "Knight"],
  ["Sarah", "Walker"],
  ["Tom", "Baker"],
  ["Priya", "Kaur"],
  ["Dan", "Hughes"],
  ["Megan", "Lloyd"],
  ["Chris", "Patel"],
  ["Aisha", "Malik"],
  ["Rob", "Stevens"],
  ["Ellie", "Jones"],
  ["Gareth", "Owen"],
] as const

/**
 * Customers with no way to sign in: their password hash is not a hash at
 * all, so no password ever matches, and their addresses are example.com's.
 */
const createDemoPlayers = async (trx: Transaction<Database>): Promise<string[]> => {
  const ids: string[] = []
  for (const [firstName, lastName] of DEMO_PLAYERS) {
    const { id: userId } = await trx
      .insertInto("users")
      .values({
        email: `${firstName}.${lastName}@players.howzat.example`.toLowerCase(),
        emailVerified: true,
        passwordHash: "!demo-player-cannot-sign-in",
        firstName,
        lastName,
        role: "Customer",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    const { id } = await trx
      .insertInto("customers")
      .values({ userId, dateOfBirth: "1990-01-01", telephoneNumber: "07700900000" })
      .returning("id")
      .executeTakeFirstOrThrow()
    ids.push(id)
  }
  return ids
}

export interface DemoSeedResult {
  /** False when the database already had competitions and nothing was written. */
  readonly seeded: boolean
  readonly competitionIds: readonly string[]
}

/**
 * Fills an empty shop with a cricket-themed catalogue so `npm start` shows
 * something. Does nothing if any competition exists; runs in one
 * transaction under an advisory lock, so two servers starting together
 * seed once.
 */
export const seedDemoData = (db: Kysely<Database>, now: Date): Promise<DemoSeedResult> =>
  db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
    const existing = await trx.selectFrom("competitions").select("id").limit(1).executeTakeFirst()
    if (existing) return { seeded: false, competitionIds: [] }

    const categoryIds = new Map<CategoryKey, string>()
    for (const category of CATEGORIES) {
      const { id } = await trx
        .insertInto("categories")
        .values({ name: category.name, description: category.description })
        .returning("id")
        .executeTakeFirstOrThrow()
      categoryIds.set(category.key, id)
    }

    const players = await createDemoPlayers(trx)
    const competitionIds: string[] = []
    for (const demo of demoCompetitions(now)) {
      competitionIds.push(await seedCompetition(trx, demo, categoryIds, players, now))
    }

    const resources: Record<string, string> = {
      "config-site-styles": SITE_STYLES,
      "content-article-how-it-works": HOW_IT_WORKS,
      "content-banner-charity-support": CHARITY_BANNER,
      "content-banner-hero-sub": HERO_SUB,
      ...STATIC_PAGES,
    }
    await trx
      .insertInto("resources")
      .values(Object.entries(resources).map(([key, value]) => ({ key, value })))
      .onConflict((oc) => oc.column("key").doNothing())
      .execute()

    return { seeded: true, competitionIds }
  })

// An arbitrary constant that names "the demo seed" among advisory locks.
const SEED_LOCK = 7_201_926_001
