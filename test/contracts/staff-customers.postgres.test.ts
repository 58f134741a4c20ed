import { oneDatabasePerFile, openPostgres } from "./harness"
import { staffCustomersContract } from "./staff-customers.contract"
import { staffCustomersInTheDatabase, staffCustomersOnDatabase } from "./staff-customers.database"

const database = oneDatabasePerFile(openPostgres)

staffCustomersContract("staff customer writes on PostgreSQL (the StaffCustomerRepo adapter)", () =>
  staffCustomersOnDatabase(database),
)
staffCustomersInTheDatabase("staff customer writes in PostgreSQL's tables", database)
