import { paymentsSuite } from "./payments.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

paymentsSuite(
  "payments, site credit, order lists and customer tickets on PostgreSQL",
  openSuiteDatabaseOnPostgres,
  // Only a server has more than one connection for checkouts to race on.
  { concurrent: true },
)
