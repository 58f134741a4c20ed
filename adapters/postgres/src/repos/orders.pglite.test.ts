import { makeDatabase } from "../database"
import { ordersSuite } from "./orders.suite"

ordersSuite("orders and ticket allocation on PGlite (in memory)", () => makeDatabase({}))
