import { imagesSuite } from "./images.suite"
import { openSuiteDatabaseOnPostgres } from "./suite-database"

imagesSuite("images and image groups on PostgreSQL", openSuiteDatabaseOnPostgres)
