import { oneDatabasePerFile, openPglite } from "./harness"
import { staffCustomersContract } from "./staff-customers.contract"
import { staffCustomersInTheDatabase, staffCustomersOnDatabase } from "./staff-customers.database"

const database = oneDatabasePerFile(openPglite)

staffCustomersContract("staff customer writes on PGlite (the StaffCustomerRepo adapter)", () =>
  staffCustomersOnDatabase(database),
)
staffCustomersInTheDatabase("staff customer writes in PGlite's tables", database)
