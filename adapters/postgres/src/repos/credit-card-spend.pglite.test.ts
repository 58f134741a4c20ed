import { makeDatabase } from "../database"
import { creditCardSpendSuite } from "./credit-card-spend.suite"

creditCardSpendSuite("credit-card spend on PGlite (in memory)", () => makeDatabase({}))
