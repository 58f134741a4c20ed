import { randomBytes } from "node:crypto"
import { type DatabaseHandle, settingOrCreate } from "@howzat/postgres"

/**
 * JWT_SECRET when configured. Otherwise the first process to start makes a
 * random one and stores it in the settings table, and every process reads
 * that back: several servers on one database verify each other's tokens,
 * and restarting one doesn't log everybody out.
 */
export const jwtSecret = (db: DatabaseHandle["db"], configured: string | undefined) =>
  configured !== undefined
    ? Promise.resolve(configured)
    : settingOrCreate(db, "jwt-signing-secret", () => randomBytes(48).toString("base64url"))
