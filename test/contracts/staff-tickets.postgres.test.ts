import { openSuiteDatabaseOnPostgres } from "./harness"
import { staffTicketsContract } from "./staff-tickets.contract"
import { staffTicketsOnDatabase } from "./staff-tickets.database"

staffTicketsContract(
  "staff ticket reads on PostgreSQL (the StaffTicketReads adapter)",
  staffTicketsOnDatabase(openSuiteDatabaseOnPostgres),
)
