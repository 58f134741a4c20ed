import { openSuiteDatabaseOnPostgres } from "@howzat/postgres/repos/suite-database"
import { contactMessagesContract } from "./contact-messages.contract"
import { contactMessagesOnDatabase } from "./contact-messages.database"

contactMessagesContract(
  "contact messages on PostgreSQL (the ContactMessageStore adapter)",
  contactMessagesOnDatabase(openSuiteDatabaseOnPostgres),
)
