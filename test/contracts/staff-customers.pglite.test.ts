import { openPglite } from "./harness"
import { staffCustomersContract } from "./staff-customers.contract"
import { staffCustomersOnDatabase } from "./staff-customers.database"

staffCustomersContract("staff customer writes on PGlite (the StaffCustomerRepo adapter)", () =>
  staffCustomersOnDatabase(openPglite),
)
