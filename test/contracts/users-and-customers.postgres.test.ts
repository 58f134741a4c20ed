import { openPostgres } from "./harness"
import { usersAndCustomersContract } from "./users-and-customers.contract"
import { usersAndCustomersOnDatabase } from "./users-and-customers.database"

usersAndCustomersContract("users and customers on PostgreSQL", () =>
  usersAndCustomersOnDatabase(openPostgres),
)
