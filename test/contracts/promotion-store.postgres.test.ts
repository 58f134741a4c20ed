import { openPostgres } from "./harness"
import { promotionStoreContract } from "./promotion-store.contract"
import { promotionStoreOnDatabase } from "./promotion-store.database"

promotionStoreContract("vouchers on PostgreSQL (the PromotionStore adapter)", () =>
  promotionStoreOnDatabase(openPostgres),
)
