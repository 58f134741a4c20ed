import { openPglite } from "./harness"
import { promotionStoreContract } from "./promotion-store.contract"
import { promotionStoreOnDatabase } from "./promotion-store.database"

promotionStoreContract("vouchers on PGlite (the PromotionStore adapter)", () =>
  promotionStoreOnDatabase(openPglite),
)
