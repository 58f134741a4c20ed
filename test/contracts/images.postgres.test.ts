import { openSuiteDatabaseOnPostgres } from "./harness"
import { imagesContract } from "./images.contract"
import { imagesOnDatabase } from "./images.database"

imagesContract(
  "images on PostgreSQL (the ImageStore adapter)",
  imagesOnDatabase(openSuiteDatabaseOnPostgres),
)
