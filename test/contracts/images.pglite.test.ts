import { oneDatabasePerFile, openPglite } from "./harness"
import { imagesContract } from "./images.contract"
import { imagesDatabaseFacts, imagesOnDatabase } from "./images.database"

const database = oneDatabasePerFile(openPglite)

imagesContract("images on PGlite (the ImageStore adapter)", imagesOnDatabase(database))
imagesDatabaseFacts("images through staff's use case on PGlite", database)
