import { openMigratedPglite } from "../support/suite-database"
import { staffUsersContract } from "./staff-users.contract"
import { staffUsersOnDatabase } from "./staff-users.database"

staffUsersContract(
  "staff users on PGlite (the StaffUserRepo adapter)",
  staffUsersOnDatabase(openMigratedPglite),
)
