import { makeDatabase } from "../database"
import { staffCustomersSuite } from "./staff-customers.suite"

staffCustomersSuite("staff's customer writes on PGlite (in memory)", () => makeDatabase({}))
