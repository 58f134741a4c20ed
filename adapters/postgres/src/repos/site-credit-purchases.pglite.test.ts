import { openMigratedPglite } from "../../../../test/support/suite-database"
import { siteCreditPurchasesSuite } from "./site-credit-purchases.suite"

siteCreditPurchasesSuite("site credit purchases on PGlite (in memory)", openMigratedPglite)
