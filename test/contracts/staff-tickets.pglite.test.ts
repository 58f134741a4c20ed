import { openMigratedPglite } from "../support/suite-database"
import { staffTicketsContract } from "./staff-tickets.contract"
import { staffTicketsOnDatabase } from "./staff-tickets.database"

staffTicketsContract(
  "staff ticket reads on PGlite (the StaffTicketReads adapter)",
  staffTicketsOnDatabase(openMigratedPglite),
)
