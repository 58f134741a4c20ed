import {
  Images,
  ImageUploadPolicy,
  ImageVariantFiles,
  makeImageVariantFiles,
} from "@howzat/core/images"
import { FileStore } from "@howzat/core/ports"
import { SettlementReports } from "@howzat/core/reports"
import { BackOfficeDashboard, SiteContent, StaffClubs, StaffPromotions } from "@howzat/core/staff"
import { localFolderFileStore, s3FileStore } from "@howzat/files"
import { fileUrl } from "@howzat/http"
import { sharpImageVariants } from "@howzat/images"
import {
  AuditLogLive,
  BackOfficeFiguresLive,
  ClubStoreLive,
  ImageStoreLive,
  PromotionStoreLive,
  ResourceWriterLive,
  RichTextSanitiserLive,
  SettlementRecordsLive,
  TransactionsLive,
} from "@howzat/postgres"
import { Layer } from "effect"
import type { FileStoreConfig, ServerConfig } from "../config"
import type { DbLayer } from "./brand"
import type { competitionServices } from "./catalogue"

/** The back office's own screens: the dashboard, settlements, site content, promotions, clubs. */
export const backOfficeServices = (
  db: DbLayer,
  draws: ReturnType<typeof competitionServices>["draws"],
) =>
  Layer.mergeAll(
    BackOfficeDashboard.Default.pipe(
      Layer.provide(Layer.merge(BackOfficeFiguresLive.pipe(Layer.provide(db)), draws)),
    ),
    SettlementReports.Default.pipe(Layer.provide(SettlementRecordsLive.pipe(Layer.provide(db)))),
    Layer.mergeAll(SiteContent.Default, StaffPromotions.Default, StaffClubs.Default).pipe(
      Layer.provide(
        Layer.mergeAll(
          ResourceWriterLive,
          PromotionStoreLive,
          ClubStoreLive,
          AuditLogLive,
          TransactionsLive,
        ).pipe(Layer.provide(db), Layer.merge(RichTextSanitiserLive)),
      ),
    ),
  )

const openFileStore = (config: FileStoreConfig) =>
  config.store === "s3" ? s3FileStore(config.s3) : localFolderFileStore(config.dir)

/** Staff's images: rows in the database, bytes in the file store, served at /files/*. */
export const imageServices = (db: DbLayer, config: ServerConfig) => {
  const fileStore = openFileStore(config.files)
  // AVIF/WebP copies of uploaded photographs, made at upload or on first request (decision 0049).
  const variantFiles = makeImageVariantFiles(fileStore, sharpImageVariants())
  const images = Images.Default.pipe(
    Layer.provide(
      Layer.mergeAll(ImageStoreLive, TransactionsLive, AuditLogLive).pipe(
        Layer.provide(db),
        Layer.merge(Layer.succeed(FileStore, fileStore)),
        Layer.merge(Layer.succeed(ImageVariantFiles, variantFiles)),
      ),
    ),
    Layer.provideMerge(
      Layer.succeed(ImageUploadPolicy, { maxBytes: config.imageMaxBytes, urlOf: fileUrl }),
    ),
  )
  return { fileStore, variantFiles, images }
}
