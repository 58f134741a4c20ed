import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from "kysely"

/**
 * Counts every statement executed through the Kysely instance it is plugged
 * into (`db.withPlugin(counter)`), by its result: a statement compiled ahead
 * (CompiledQuery.raw) is never transformed, but its result is. For tests
 * that hold a read to a number of round trips.
 */
export class QueryCounter implements KyselyPlugin {
  count = 0
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node
  }
  async transformResult<R>(args: { result: R }): Promise<R> {
    this.count++
    return args.result
  }
}
