import { openPostgres } from "./harness"
import { promotionUsesContract } from "./promotion-uses.contract"
import { promotionUsesOnDatabase } from "./promotion-uses.database"

promotionUsesContract("voucher uses on PostgreSQL (the PromotionUses adapter)", () =>
  promotionUsesOnDatabase(openPostgres),
)
