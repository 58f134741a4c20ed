import { AuditLog, AuditLogReader } from "@howzat/core/ports/audit-log"
import { Transactions } from "@howzat/core/ports/transactions"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  makeAuditLog,
  makeAuditLogReader,
  makeTransactions,
  migrateToLatest,
} from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { AuditLogWorld } from "./audit-log.contract"

/** The audit log contract's world on a real database (PGlite or PostgreSQL). */
export const auditLogOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<AuditLogWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    return {
      layer: Layer.mergeAll(
        Layer.succeed(AuditLog, makeAuditLog(db)),
        Layer.succeed(AuditLogReader, makeAuditLogReader(db)),
        Layer.succeed(Transactions, makeTransactions(db)),
      ),
      close,
    }
  }
