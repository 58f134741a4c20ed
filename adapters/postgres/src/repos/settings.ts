import type { Kysely } from "kysely"
import type { Database } from "../schema"

/**
 * A shared setting, created once: the first process to start stores `make()`
 * and every process (that one included) reads back what is stored, so
 * several servers on one database agree (e.g. the JWT signing secret).
 */
export const settingOrCreate = async (
  db: Kysely<Database>,
  key: string,
  make: () => string,
): Promise<string> => {
  await db
    .insertInto("settings")
    .values({ key, value: make() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute()
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirstOrThrow()
  return row.value
}
