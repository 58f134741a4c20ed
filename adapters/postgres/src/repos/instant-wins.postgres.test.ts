import { instantWinsSuite } from "./instant-wins.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

instantWinsSuite(
  "instant wins and their site credit on PostgreSQL",
  openSuiteDatabaseOnPostgres,
  // Only a server has more than one connection for completions to race on.
  { concurrent: true },
)
