import { openPglite } from "./harness"
import { siteContentContract } from "./site-content.contract"
import { siteContentOnDatabase } from "./site-content.database"

siteContentContract("the site's content on PGlite", () => siteContentOnDatabase(openPglite))
