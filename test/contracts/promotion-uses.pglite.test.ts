import { openPglite } from "./harness"
import { promotionUsesContract } from "./promotion-uses.contract"
import { promotionUsesOnDatabase } from "./promotion-uses.database"

promotionUsesContract("voucher uses on PGlite (the PromotionUses adapter)", () =>
  promotionUsesOnDatabase(openPglite),
)
