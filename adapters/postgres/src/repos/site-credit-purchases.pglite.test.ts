import { makeDatabase } from "../database"
import { siteCreditPurchasesSuite } from "./site-credit-purchases.suite"

siteCreditPurchasesSuite("site credit purchases on PGlite (in memory)", () => makeDatabase({}))
