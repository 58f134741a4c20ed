import { openPostgres } from "./harness"
import { siteCreditContract } from "./site-credit.contract"
import { siteCreditOnDatabase } from "./site-credit.database"

siteCreditContract("site credit on PostgreSQL (the SiteCreditLedger adapter)", () =>
  siteCreditOnDatabase(openPostgres),
)
