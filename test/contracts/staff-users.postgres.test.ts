import { openSuiteDatabaseOnPostgres } from "./harness"
import { staffUsersContract } from "./staff-users.contract"
import { staffUsersOnDatabase } from "./staff-users.database"

staffUsersContract(
  "staff users on PostgreSQL (the StaffUserRepo adapter)",
  staffUsersOnDatabase(openSuiteDatabaseOnPostgres),
)
