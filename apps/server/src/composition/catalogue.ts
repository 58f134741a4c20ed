import { ClubPerks, ShopIdentitySettings } from "@howzat/core/clubs"
import {
  Catalogue,
  CatalogueAdmin,
  CompetitionAdmin,
  CompetitionPolicy,
  CompetitionTickets,
  InstantWinGroups,
} from "@howzat/core/competitions"
import { Draws } from "@howzat/core/draws"
import { ShopLinks } from "@howzat/core/ports"
import { CompetitionWinners } from "@howzat/core/winners"
import { PdfClubDocumentsLive } from "@howzat/pdf"
import {
  AuditLogLive,
  NodeSecureRandomLive,
  OutboxMailerLive,
  PostgresCatalogueAdminLive,
  PostgresCatalogueLive,
  PostgresInstantWinsLive,
  TransactionsLive,
  WinnerRecordsLive,
} from "@howzat/postgres"
import { Layer } from "effect"
import { beaconLayer } from "../beacon"
import type { ServerConfig } from "../config"
import type { CoreBrandLayer, DbLayer, ShopBrand, shopIdentityOf } from "./brand"
import type { ShopObservability } from "./observability"

/**
 * The competitions and what happens to them: the public catalogue, the
 * draws, club perks, winners, instant wins, and staff's competition admin.
 */
export const competitionServices = (
  db: DbLayer,
  config: ServerConfig,
  brand: ShopBrand,
  identity: ReturnType<typeof shopIdentityOf>,
  shopMetrics: ShopObservability["shopMetrics"],
  coreBrand: CoreBrandLayer,
) => {
  const catalogue = Catalogue.Default.pipe(Layer.provide(PostgresCatalogueLive), Layer.provide(db))
  const draws = Draws.Default.pipe(
    Layer.provide(
      Layer.mergeAll(PostgresCatalogueLive, OutboxMailerLive, TransactionsLive, AuditLogLive).pipe(
        Layer.provide(db),
        Layer.merge(beaconLayer(config.beacon)),
        // The winner's email links to the competition at the configured origin.
        Layer.merge(Layer.succeed(ShopLinks, { origin: config.linkOrigin })),
        Layer.merge(shopMetrics),
        Layer.merge(coreBrand),
      ),
    ),
  )

  const clubPerks = ClubPerks.Default.pipe(
    Layer.provide(Layer.merge(PostgresCatalogueLive.pipe(Layer.provide(db)), PdfClubDocumentsLive)),
    Layer.provide(Layer.succeed(ShopLinks, { origin: config.linkOrigin })),
    Layer.provide(Layer.succeed(ShopIdentitySettings, identity)),
  )

  const competitionWinners = CompetitionWinners.Default.pipe(
    Layer.provide(Layer.mergeAll(WinnerRecordsLive, TransactionsLive, AuditLogLive)),
    Layer.provide(db),
  )
  const instantWins = Layer.mergeAll(InstantWinGroups.Default, CompetitionTickets.Default).pipe(
    Layer.provide(
      Layer.mergeAll(PostgresInstantWinsLive, TransactionsLive, AuditLogLive).pipe(
        Layer.provide(db),
        Layer.merge(NodeSecureRandomLive),
      ),
    ),
  )

  const catalogueAdmin = Layer.mergeAll(CompetitionAdmin.Default, CatalogueAdmin.Default).pipe(
    Layer.provide(
      Layer.mergeAll(PostgresCatalogueAdminLive, TransactionsLive).pipe(
        Layer.provide(db),
        Layer.merge(NodeSecureRandomLive),
      ),
    ),
    Layer.provide(
      brand.minimumOpenMs === undefined
        ? Layer.empty
        : Layer.succeed(CompetitionPolicy, { minimumOpenMs: brand.minimumOpenMs }),
    ),
  )
  return { catalogue, draws, clubPerks, competitionWinners, instantWins, catalogueAdmin }
}
