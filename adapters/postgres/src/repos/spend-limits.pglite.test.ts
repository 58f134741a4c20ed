import { makeDatabase } from "../database"
import { spendLimitsSuite } from "./spend-limits.suite"

spendLimitsSuite("spend limits on PGlite (in memory)", () => makeDatabase({}))
