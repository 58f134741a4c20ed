import { makeDatabase } from "../database"
import { orderRefundsSuite } from "./order-refunds.suite"

orderRefundsSuite("a staff refund's repository on PGlite (in memory)", () => makeDatabase({}))
