import { openMigratedPglite } from "../support/suite-database"
import { imagesContract } from "./images.contract"
import { imagesOnDatabase } from "./images.database"

imagesContract("images on PGlite (the ImageStore adapter)", imagesOnDatabase(openMigratedPglite))
