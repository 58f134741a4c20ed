/**
 * `npm run seed:large`: fills the empty PostgreSQL database at DATABASE_URL
 * with a large shop (test/bench/large-shop-seed.ts, docs/decisions/0090),
 * to try the back office at a real shop's size. SEED_SCALE (default 1)
 * scales every count, e.g. 0.1 for a tenth.
 *
 * PostgreSQL only: a shop this size runs on it, and the embedded database
 * would take many minutes to write what PostgreSQL writes in a couple.
 */
import { seedDatabase, seedSize } from "./large-shop-seed"

const databaseUrl = process.env.DATABASE_URL
if (!databaseUrl) {
  console.error(
    "seed:large needs DATABASE_URL: a new, empty PostgreSQL database (the embedded one is not for a shop this size).",
  )
  process.exit(2)
}
let size: ReturnType<typeof seedSize>
try {
  size = seedSize(Number(process.env.SEED_SCALE ?? 1))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(2)
}
console.log(
  `Seeding ${size.customers} customers, ${size.orders} orders, about ${size.tickets} sold tickets in ${size.competitions} competitions…`,
)
try {
  const report = await seedDatabase(databaseUrl, size, { log: (line) => console.log(`  ${line}`) })
  console.log(`Seeded in ${report.seconds.toFixed(1)} s:`)
  for (const [table, count] of Object.entries(report.counts)) console.log(`  ${table}: ${count}`)
  console.log(
    'Add someone to sign in to the back office with: npm run staff -- add --email <address> --name "<first> <last>"',
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
