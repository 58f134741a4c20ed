/**
 * A shop at a real shop's size, for the back office's benchmark and for
 * anyone who wants to click through it (`npm run seed:large`): 50,000
 * customers, 200,000 orders with their baskets, payments, refunds and
 * site-credit ledger lines, 2,000,000 sold tickets in 500 competitions
 * (live, closed awaiting a live draw, and drawn), instant wins, winners and
 * an audit trail, all at SEED_SCALE 1 (docs/decisions/0090).
 *
 * Bulk SQL, not the use cases one by one: generate_series and set-based
 * inserts write the rows inside PostgreSQL, so nothing crosses the wire but
 * the statements. The rows are still the ones the application writes: the
 * pool of every competition as competition-writer.ts lays it out (random
 * sort keys, sold tickets carrying their order and customer), sold counts in
 * competition_tickets_sold, and every drawn competition drawn by core's
 * published procedure over the entries the draw code reads, recorded by the
 * draw code's own recordDraw, so `npm run verify-draw` agrees with them.
 *
 * One transaction: a failed seed leaves the database as it found it. The
 * pseudo-random choices are seeded (setseed), so two runs at one scale make
 * the same shape; identifiers and sort keys still differ.
 */
import { randomBytes } from "node:crypto"
import {
  drawFromEntryList,
  drawRecordOf,
  instantWinCommitment,
  readEntryList,
} from "@howzat/core/draws"
import {
  type Database,
  makeDatabase,
  migrateToLatest,
  recordDraw,
  soldEntries,
  ticketHolder,
} from "@howzat/postgres"
import { hash } from "@node-rs/argon2"
import { type Kysely, sql } from "kysely"

export interface SeedSize {
  readonly customers: number
  readonly orders: number
  /** Sold tickets aimed at; the pools hold more (live competitions are part sold). */
  readonly tickets: number
  readonly competitions: number
}

export const FULL_SIZE: SeedSize = {
  customers: 50_000,
  orders: 200_000,
  tickets: 2_000_000,
  competitions: 500,
}

/** The full size times `scale`, never below a handful of each (five competitions: every kind). */
export const seedSize = (scale: number): SeedSize => {
  if (!(Number.isFinite(scale) && scale > 0 && scale <= 10))
    throw new RangeError(`SEED_SCALE must be a number above 0 and at most 10, not ${scale}`)
  return {
    customers: Math.max(20, Math.round(FULL_SIZE.customers * scale)),
    orders: Math.max(50, Math.round(FULL_SIZE.orders * scale)),
    tickets: Math.max(400, Math.round(FULL_SIZE.tickets * scale)),
    competitions: Math.max(5, Math.round(FULL_SIZE.competitions * scale)),
  }
}

/** The member of staff the seeded refunds and edits are by; they cannot sign in (random password). */
export const SEED_STAFF_EMAIL = "seed.staff@howzat.example"

export class DatabaseNotEmpty extends Error {
  constructor(what: string) {
    super(
      `The database already has ${what}: seed:large fills an empty one (create a new database and point DATABASE_URL at it).`,
    )
  }
}

export interface SeedReport {
  readonly size: SeedSize
  readonly counts: Readonly<Record<string, number>>
  readonly seconds: number
}

const FIRST_NAMES = [
  "Oliver",
  "Amelia",
  "George",
  "Isla",
  "Harry",
  "Ava",
  "Noah",
  "Mia",
  "Jack",
  "Ivy",
  "Leo",
  "Lily",
  "Arthur",
  "Isabella",
  "Muhammad",
  "Rosie",
  "Oscar",
  "Sophia",
  "Charlie",
  "Grace",
  "Henry",
  "Freya",
  "Theo",
  "Florence",
  "Alfie",
  "Evie",
  "Jacob",
  "Poppy",
  "Thomas",
  "Ella",
  "Archie",
  "Willow",
  "Joshua",
  "Emily",
  "James",
  "Sienna",
  "William",
  "Daisy",
  "Freddie",
  "Chloe",
]
const LAST_NAMES = [
  "Smith",
  "Jones",
  "Williams",
  "Taylor",
  "Brown",
  "Davies",
  "Evans",
  "Wilson",
  "Thomas",
  "Johnson",
  "Roberts",
  "Robinson",
  "Thompson",
  "Wright",
  "Walker",
  "White",
  "Edwards",
  "Hughes",
  "Green",
  "Hall",
  "Lewis",
  "Harris",
  "Clarke",
  "Patel",
  "Jackson",
  "Wood",
  "Turner",
  "Martin",
  "Cooper",
  "Hill",
  "Ward",
  "Morris",
  "Moore",
  "Clark",
  "Lee",
  "King",
  "Baker",
  "Harrison",
  "Morgan",
  "Allen",
]
const TOWNS = [
  ["Leeds", "LS1"],
  ["Bristol", "BS1"],
  ["Cardiff", "CF10"],
  ["Norwich", "NR1"],
  ["York", "YO1"],
  ["Derby", "DE1"],
  ["Exeter", "EX1"],
  ["Bath", "BA1"],
  ["Hull", "HU1"],
  ["Durham", "DH1"],
] as const
const PRIZES = [
  "Range Rover Sport",
  "£10,000 Tax Free Cash",
  "Rolex Submariner",
  "Tesla Model 3",
  "PlayStation 5 Bundle",
  "Dream Holiday to the Maldives",
  "Mini Cooper S",
  "Golf Clubs Set",
  "£1,000 Cash",
  "MacBook Pro",
  "Electric Bike",
  "Kitchen Makeover",
  "Harley-Davidson",
  "Hot Tub",
  "iPhone Pro Max",
] as const
const PRICES = [49, 99, 149, 199, 249, 499, 999] as const

const textArray = (values: readonly string[]) => sql`array[${sql.join(values)}]::text[]`

/** Counts of the tables the seed fills, for its report and its test. */
export const tableCounts = async (db: Kysely<Database>): Promise<Record<string, number>> => {
  const tables = [
    "users",
    "customers",
    "competitions",
    "baskets",
    "orders",
    "order_lines",
    "tickets",
    "payments",
    "payment_refunds",
    "site_credit_entries",
    "instant_win_tickets",
    "draws",
    "audit_log",
  ] as const
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const { rows } = await sql<{
      n: string
    }>`select count(*) as n from ${sql.table(table)}`.execute(db)
    counts[table] = Number(rows[0]?.n ?? 0)
  }
  const sold = await sql<{
    n: string
  }>`select count(*) as n from tickets where order_id is not null`.execute(db)
  counts.soldTickets = Number(sold.rows[0]?.n ?? 0)
  return counts
}

/**
 * Seeds the empty, migrated database behind `db`. `now` is the shop's
 * present: live competitions close after it, drawn ones were drawn before.
 */
export const seedLargeShop = async (
  db: Kysely<Database>,
  size: SeedSize,
  options: { readonly now?: Date; readonly log?: (line: string) => void } = {},
): Promise<SeedReport> => {
  const log = options.log ?? (() => {})
  const started = performance.now()
  const now = (options.now ?? new Date()).toISOString()
  const { rows: present } = await sql<{ customers: boolean; competitions: boolean }>`
    select exists (select 1 from customers) as customers,
      exists (select 1 from competitions) as competitions`.execute(db)
  if (present[0]?.customers) throw new DatabaseNotEmpty("customers")
  if (present[0]?.competitions) throw new DatabaseNotEmpty("competitions")

  // One hash for every seeded account, of a password nobody is told: the
  // accounts are real to the sign-in code, and nobody can sign in as them.
  const passwordHash = await hash(randomBytes(24).toString("base64url"), {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  })
  // Tickets per order line, so that the lines add up to the sold tickets aimed at
  // (a quarter of orders have two lines; a tenth of orders give theirs back).
  const lines = size.orders * 1.25
  const meanQuantity = Math.max(1, size.tickets / (lines * 0.93))

  await db.transaction().execute(async (trx) => {
    const step = async (what: string, statement: ReturnType<typeof sql>) => {
      const at = performance.now()
      const result = await statement.execute(trx)
      log(
        `${what}: ${Number(result.numAffectedRows ?? 0n)} rows, ${Math.round(performance.now() - at)} ms`,
      )
    }
    await sql`set local synchronous_commit = off`.execute(trx)
    await sql`set local work_mem = '256MB'`.execute(trx)
    await sql`select setseed(0.4242)`.execute(trx)

    const { rows: staffRows } = await sql<{ id: string }>`
      insert into users (email, email_verified, password_hash, first_name, last_name, role, created_at)
      values (${SEED_STAFF_EMAIL}, true, ${passwordHash}, 'Seed', 'Staff', 'Staff',
        ${now}::timestamptz - interval '400 days')
      returning id`.execute(trx)
    const staffId = staffRows[0]?.id
    if (staffId === undefined) throw new Error("the seed's member of staff was not created")

    // People: a name from 40 x 40 (so a name search finds a realistic crowd),
    // an address in one of ten towns, joined over the last 400 days.
    await step(
      "people",
      sql`create temp table seed_people on commit drop as
        select n, gen_random_uuid() as user_id, gen_random_uuid() as customer_id,
          (${textArray(FIRST_NAMES)})[1 + (n * 7) % ${FIRST_NAMES.length}] as first_name,
          (${textArray(LAST_NAMES)})[1 + ((n * 13) / 3) % ${LAST_NAMES.length}] as last_name,
          (${textArray(TOWNS.map(([town]) => town))})[1 + n % ${TOWNS.length}] as town,
          (${textArray(TOWNS.map(([, area]) => area))})[1 + n % ${TOWNS.length}] as area,
          ${now}::timestamptz - (random() * 400) * interval '1 day' as created_at
        from generate_series(1, ${size.customers}::int) n`,
    )
    await step(
      "users",
      sql`insert into users (id, email, email_verified, password_hash, first_name, last_name, role, created_at)
        select user_id, lower(first_name || '.' || last_name || '.' || n) || '@example.com', true,
          ${passwordHash}, first_name, last_name, 'Customer', created_at
        from seed_people`,
    )
    await step(
      "customers",
      sql`insert into customers (id, user_id, date_of_birth, telephone_number,
          billing_line1, billing_city, billing_post_code, allow_marketing_by_phone, created_at)
        select customer_id, user_id, date '1950-01-01' + (n * 37) % 20000,
          '07' || lpad((n * 7919 % 1000000000)::text, 9, '0'),
          (1 + n % 200) || ' High Street', town, area || ' ' || (1 + n % 9) || 'AB',
          n % 3 = 0, created_at
        from seed_people`,
    )

    // Competitions, one kind in five live, one closed awaiting its live
    // draw, three drawn; the drawn ones spread over the last year.
    await step(
      "competition plan",
      sql`create temp table seed_competitions on commit drop as
        select i, gen_random_uuid() as id,
          case i % 5 when 0 then 'live' when 1 then 'closed' else 'drawn' end as kind,
          (${textArray(PRIZES)})[1 + i % ${PRIZES.length}] || ' #' || i as name,
          (${sql`array[${sql.join(PRICES.map((p) => sql.lit(p)))}]::int[]`})[1 + (i * 3) % ${PRICES.length}] as price,
          encode(sha256(convert_to(random()::text || i, 'UTF8')), 'hex') as seed
        from generate_series(1, ${size.competitions}::int) i`,
    )
    await step(
      "competition dates",
      sql`create temp table seed_windows on commit drop as
        select c.*,
          case kind
            when 'live' then ${now}::timestamptz - (1 + i % 20) * interval '1 day'
            when 'closed' then ${now}::timestamptz - (21 + i % 10) * interval '1 day'
            else ${now}::timestamptz - (30 + (i * 7919) % 330) * interval '1 day'
          end as starts
        from seed_competitions c`,
    )
    await step(
      "competition windows",
      sql`alter table seed_windows add column closes timestamptz, add column draws timestamptz`,
    )
    await step(
      "competition window dates",
      sql`update seed_windows set
          closes = case kind
            when 'live' then ${now}::timestamptz + (3 + i % 25) * interval '1 day'
            when 'closed' then ${now}::timestamptz - (1 + i % 5) * interval '1 day'
            else starts + interval '21 days'
          end,
          draws = case kind
            when 'live' then ${now}::timestamptz + (3 + i % 25) * interval '1 day' + interval '1 hour'
            when 'closed' then ${now}::timestamptz + (1 + i % 3) * interval '1 day'
            else starts + interval '21 days' + interval '1 hour'
          end`,
    )
    await step(
      "competitions",
      sql`insert into competitions (id, name, description, ticket_price_pence, total_tickets,
          max_tickets_per_customer, default_ticket_sale_quantity, cash_alternative_pence,
          start_date_time_utc, close_date_time_utc, draw_date_time_utc, draw_type, visibility_status,
          created_at, draw_seed, draw_seed_commitment, seed_committed_at)
        select id, name, '<p>One lucky winner takes home the ' || name || '.</p>', price, 1,
          500, 5, case when i % 3 = 0 then price * 800 end,
          starts, closes, draws,
          case kind when 'closed' then 'Live' else 'Automatic' end,
          case when kind = 'closed' and i % 4 = 0 then 'Hidden' else 'Visible' end,
          starts - interval '2 days', seed, encode(sha256(decode(seed, 'hex')), 'hex'),
          starts - interval '2 days'
        from seed_windows`,
    )

    // Orders: spread evenly over the year, as a shop's trade is: a day
    // with something on sale, then one of the competitions on sale that
    // day, by a random customer; a quarter add a second competition.
    await step(
      "trading days",
      sql`create temp table seed_days on commit drop as
        select row_number() over (order by d) as k, mid, ids
        from (
          select d, ${now}::timestamptz - (d + 0.5) * interval '1 day' as mid,
            array(select w.i from seed_windows w
              where w.starts <= ${now}::timestamptz - (d + 0.5) * interval '1 day'
                and w.closes > ${now}::timestamptz - (d + 0.5) * interval '1 day') as ids
          from generate_series(0, 364) d
        ) days
        where cardinality(ids) > 0`,
    )
    await step(
      "order plan",
      sql`create temp table seed_orders on commit drop as
        select o.n, gen_random_uuid() as id, gen_random_uuid() as basket_id,
          p.customer_id, w.id as competition_id,
          least(greatest(day.mid + (o.at - 0.5) * interval '1 day', w.starts),
            w.closes - interval '1 minute', ${now}::timestamptz - interval '1 minute') as created_at,
          case
            when o.outcome < 0.93 then 'Completed'
            when o.outcome < 0.95 then 'Cancelled'
            when o.outcome < 0.98 then 'SystemCancelled'
            else 'Refunded'
          end as status
        from (select n, 1 + floor(random() * ${size.customers}::int)::int as person,
                1 + floor(random() * (select count(*) from seed_days))::int as day,
                random() as which, random() as at, random() as outcome
              from generate_series(1, ${size.orders}::int) n) o
        join seed_people p on p.n = o.person
        join seed_days day on day.k = o.day
        join seed_windows w on w.i = day.ids[1 + floor(o.which * cardinality(day.ids))::int]`,
    )
    await step(
      "order line plan",
      sql`create temp table seed_lines on commit drop as
        select o.id as order_id, o.competition_id, w.price,
          1 + floor(random() * random() * ${4 * meanQuantity - 2})::int as quantity
        from seed_orders o join seed_windows w on w.id = o.competition_id
        union all
        select o.id, second.id, second.price,
          1 + floor(random() * random() * ${4 * meanQuantity - 2})::int
        from seed_orders o
        cross join lateral (
          select w.id, w.price from seed_windows w
          where w.starts <= o.created_at and w.closes > o.created_at and w.id <> o.competition_id
            and o.n % 4 = 0
          order by w.i limit 1 offset (o.n / 4) % 3
        ) second`,
    )
    // A twenty-fifth of orders spend a pound of site credit, granted first.
    await step(
      "order totals",
      sql`create temp table seed_totals on commit drop as
        select o.*, sum(l.quantity * l.price)::int as item_total,
          case when o.n % 25 = 0 and sum(l.quantity * l.price) >= 100 then 100 else 0 end as credit
        from seed_orders o join seed_lines l on l.order_id = o.id
        group by o.n, o.id, o.basket_id, o.customer_id, o.competition_id, o.created_at, o.status`,
    )
    await step(
      "baskets",
      sql`insert into baskets (id, customer_id, created_at, updated_at)
        select basket_id, customer_id, created_at - interval '5 minutes', created_at from seed_totals`,
    )
    await step(
      "orders",
      // References as the column default makes them (ten capital hex digits),
      // from the order's number times an odd constant modulo 16^10: a
      // bijection, so 200,000 of them never collide as random ones may.
      sql`insert into orders (id, order_ref, basket_id, customer_id, status, item_total_pence,
          site_credit_debit_pence, order_total_pence, created_at, expires_at, updated_at)
        select id, upper(lpad(to_hex((n::bigint * 2654435761) % 1099511627776), 10, '0')),
          basket_id, customer_id, status, item_total, credit, item_total - credit,
          created_at, created_at + interval '15 minutes', created_at + interval '1 minute'
        from seed_totals`,
    )
    await step(
      "order lines",
      sql`insert into order_lines (order_id, competition_id, quantity_requested, quantity,
          unit_price_pence, pre_discount_total_pence, line_total_pence)
        select order_id, competition_id, quantity, quantity, price, quantity * price, quantity * price
        from seed_lines`,
    )

    // The pools: every competition's numbers 1..total in a random sort
    // order; the tickets of paid orders are the first of that order (as the
    // allocator takes them), in the order the orders came in. Cancelled and
    // refunded orders gave theirs back to the pool.
    await step(
      "sold tickets",
      sql`create temp table seed_sold on commit drop as
        select l.competition_id, o.id as order_id, o.customer_id, o.created_at,
          row_number() over (partition by l.competition_id order by o.created_at, o.id, g) as rank
        from seed_lines l
        join seed_totals o on o.id = l.order_id and o.status = 'Completed'
        cross join generate_series(1, l.quantity) g`,
    )
    await step(
      "pool sizes",
      sql`create temp table seed_pools on commit drop as
        select w.id, w.kind, coalesce(s.sold, 0) as sold,
          greatest(100, ceil(coalesce(s.sold, 0) / case w.kind
            when 'live' then 0.35 + 0.4 * random()
            when 'closed' then 0.8 + 0.2 * random()
            else 0.85 + 0.15 * random() end))::int as total
        from seed_windows w
        left join (select competition_id, count(*) as sold from seed_sold group by competition_id) s
          on s.competition_id = w.id`,
    )
    await step(
      "competition sizes",
      sql`update competitions c set total_tickets = p.total from seed_pools p where p.id = c.id`,
    )
    await step(
      "tickets",
      sql`insert into tickets (competition_id, ticket_number, sort_key, order_id, customer_id, allocated_at)
        select pool.id, pool.n, pool.k, s.order_id, s.customer_id, s.created_at
        from (
          select p.id, n, k, row_number() over (partition by p.id order by k) as rank
          from seed_pools p
          cross join lateral (select n, gen_random_uuid() as k from generate_series(1, p.total) n) numbers
        ) pool
        left join seed_sold s on s.competition_id = pool.id and s.rank = pool.rank
        order by pool.id, pool.k`,
    )
    await step(
      "tickets sold",
      sql`insert into competition_tickets_sold (competition_id, shard, sold)
        select id, 0, sold from seed_pools where sold > 0`,
    )

    // Payments: card for what the order cost after site credit.
    await step(
      "payments",
      sql`insert into payments (order_id, amount_pence, status, provider, provider_reference,
          created_at, updated_at, succeeded_at, card_fingerprint, card_funding)
        select id, item_total - credit,
          case status when 'Completed' then 'Succeeded' when 'Refunded' then 'Refunded' else 'Failed' end,
          'sandbox', 'seed_' || replace(id::text, '-', ''),
          created_at + interval '10 seconds', created_at + interval '1 minute',
          case when status in ('Completed', 'Refunded') then created_at + interval '1 minute' end,
          'fp_' || (n % 40000), case when n % 10 = 0 then 'Credit' else 'Debit' end
        from seed_totals where item_total - credit > 0`,
    )
    await step(
      "refunds",
      sql`insert into payment_refunds (payment_id, order_id, amount_pence, reason, status,
          provider_refund_reference, due_at, retry_at, refunded_at)
        select p.id, p.order_id, p.amount_pence, 'StaffRefund', 'Refunded',
          'seed_refund_' || replace(p.id::text, '-', ''),
          p.created_at + interval '2 days', p.created_at + interval '2 days',
          p.created_at + interval '2 days 1 minute'
        from payments p where p.status = 'Refunded'`,
    )
    await step(
      "site credit",
      sql`insert into site_credit_entries (customer_id, amount_pence, reason, description, order_id, created_at)
        select customer_id, 100, 'Grant', 'Welcome credit', null, created_at - interval '1 day'
        from seed_totals where credit > 0
        union all
        select customer_id, -credit, 'OrderDebit', 'Order', id, created_at
        from seed_totals where credit > 0
        union all
        select customer_id, credit, 'OrderRefund', 'Order refunded', id, created_at + interval '2 days'
        from seed_totals where credit > 0 and status in ('Refunded', 'Cancelled', 'SystemCancelled')`,
    )
    await step(
      "audit",
      sql`insert into audit_log (at, actor_user_id, actor_role, action, subject_type, subject_id, before, after)
        select created_at + interval '2 days', ${staffId}::uuid, 'Staff', 'Order.Refund', 'Order', id::text,
          jsonb_build_object('status', 'Completed'),
          jsonb_build_object('status', 'Refunded', 'cardRefunded', item_total - credit,
            'siteCreditReturned', credit, 'purchasedCreditTakenBack', 0, 'clubCreditReversed', 0,
            'ticketsReturned', 0)
        from seed_totals where status = 'Refunded'
        union all
        select created_at + interval '30 days', ${staffId}::uuid, 'Staff', 'Customer.Update', 'Customer',
          customer_id::text, jsonb_build_object('telephoneNumber', '07000000000'),
          jsonb_build_object('telephoneNumber', '07000000001')
        from seed_people where n % 20 = 0 and created_at + interval '30 days' < ${now}::timestamptz`,
    )

    // Instant wins in one competition in four: ten numbers, won when sold.
    await step(
      "instant win groups",
      sql`insert into instant_win_groups (competition_id, name, sort_order)
        select id, 'Instant £50 Amazon voucher', 0 from seed_windows where i % 4 = 0`,
    )
    await step(
      "instant win numbers",
      sql`insert into instant_win_tickets (instant_win_group_id, competition_id, ticket_number)
        select g.id, g.competition_id, picked.n
        from instant_win_groups g
        join seed_pools p on p.id = g.competition_id
        cross join lateral (
          select distinct 1 + floor(random() * p.total)::int as n from generate_series(1, 10)
        ) picked`,
    )
    await step(
      "instant wins",
      sql`update instant_win_tickets w set won_at = t.allocated_at, order_id = t.order_id,
          winner_customer_id = t.customer_id,
          winner_display_name = u.first_name || ' ' || upper(left(u.last_name, 1)) || '.'
        from tickets t join customers c on c.id = t.customer_id join users u on u.id = c.user_id
        where t.competition_id = w.competition_id and t.ticket_number = w.ticket_number
          and t.order_id is not null`,
    )
    const { rows: salted } = await sql<{ id: string; lines: string[] }>`
      select g.competition_id as id,
        array_agg(g.id::text || ':' || w.ticket_number order by g.id, w.ticket_number) as lines
      from instant_win_groups g join instant_win_tickets w on w.instant_win_group_id = g.id
      group by g.competition_id`.execute(trx)
    for (const { id, lines: groupLines } of salted) {
      const salt = randomBytes(32).toString("hex")
      const commitment = instantWinCommitment(
        salt,
        groupLines.map((line) => {
          const [instantWinGroupId = "", ticketNumber = "0"] = line.split(":")
          return { instantWinGroupId, ticketNumber: Number(ticketNumber) }
        }),
      )
      await sql`update competitions set instant_win_salt = ${salt},
          instant_win_commitment = ${commitment} where id = ${id}::uuid`.execute(trx)
    }
    log(`instant win commitments: ${salted.length}`)

    // The draws, by the published procedure over the entries as the draw
    // code reads them, recorded by its own recordDraw. No beacon: a shop
    // drawn without one, as the development settings do.
    const drawAt = performance.now()
    const { rows: due } = await sql<{ id: string; seed: string; at: Date }>`
      select id, seed, draws as at from seed_windows where kind = 'drawn' order by i`.execute(trx)
    for (const competition of due) {
      const text = await soldEntries(trx, competition.id)
      const outcome = drawFromEntryList({
        seed: new Uint8Array(Buffer.from(competition.seed, "hex")),
        competitionId: competition.id,
        beacon: "",
        entries: readEntryList(text),
      })
      const winner =
        "winningTicketNumber" in outcome
          ? await ticketHolder(trx, competition.id, outcome.winningTicketNumber)
          : null
      await recordDraw(
        trx,
        drawRecordOf({
          competitionId: competition.id,
          drawType: "Automatic",
          at: new Date(competition.at),
          beacon: { source: "none", value: "" },
          outcome,
          winner,
        }),
        text,
      )
    }
    log(`draws: ${due.length}, ${Math.round(performance.now() - drawAt)} ms`)
    // Most winners have had their prize sent; the latest few are still to process.
    await step(
      "winners processed",
      sql`update draws set processed_at = drawn_at + interval '3 days',
          processed_by_user_id = ${staffId}::uuid,
          prize_awarded_as = case when winning_ticket_number % 3 = 0 then 'CashAlternative' else 'Prize' end
        where outcome = 'Winner' and drawn_at < ${now}::timestamptz - interval '30 days'`,
    )
  })
  // As autovacuum leaves a shop that has run a while: statistics for the
  // planner, and visibility maps so that index-only scans skip the heap.
  const vacuumAt = performance.now()
  await sql`vacuum analyze`.execute(db)
  log(`vacuum analyze: ${Math.round(performance.now() - vacuumAt)} ms`)
  return {
    size,
    counts: await tableCounts(db),
    seconds: (performance.now() - started) / 1000,
  }
}

/** Opens DATABASE_URL's database, migrates it as the server would, and seeds it. */
export const seedDatabase = async (
  databaseUrl: string,
  size: SeedSize,
  options: { readonly now?: Date; readonly log?: (line: string) => void } = {},
): Promise<SeedReport> => {
  const handle = await makeDatabase({ databaseUrl, maxConnections: 2 })
  try {
    await migrateToLatest(handle.db)
    return await seedLargeShop(handle.db, size, options)
  } finally {
    await handle.close()
  }
}
