import { openPostgres } from "./harness"
import { staffCustomersContract } from "./staff-customers.contract"
import { staffCustomersOnDatabase } from "./staff-customers.database"

staffCustomersContract("staff customer writes on PostgreSQL (the StaffCustomerRepo adapter)", () =>
  staffCustomersOnDatabase(openPostgres),
)
