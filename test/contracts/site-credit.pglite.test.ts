import { openPglite } from "./harness"
import { siteCreditContract } from "./site-credit.contract"
import { siteCreditOnDatabase } from "./site-credit.database"

siteCreditContract("site credit on PGlite (the SiteCreditLedger adapter)", () =>
  siteCreditOnDatabase(openPglite),
)
