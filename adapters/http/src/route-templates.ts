import { HttpApi } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"

/** The label of an /api path that no endpoint declares: one value however many are tried. */
export const UNMATCHED_ROUTE = "unmatched"

interface Node {
  readonly statics: Map<string, Node>
  param: Node | undefined
  /** The endpoint's declared path ending here, e.g. /api/Competitions/:competitionId. */
  template: string | undefined
}

const node = (): Node => ({ statics: new Map(), param: undefined, template: undefined })

const walk = (at: Node, segments: readonly string[], index: number): string | undefined => {
  if (index === segments.length) return at.template
  const segment = segments[index] as string
  const exact = at.statics.get(segment)
  // A declared word wins over a parameter, as the API's own router decides
  // (/api/Draws/NextLiveDraw before /api/Draws/:drawId); backtrack if it leads nowhere.
  const found = exact && walk(exact, segments, index + 1)
  if (found) return found
  return segment !== "" && at.param ? walk(at.param, segments, index + 1) : undefined
}

/**
 * The declared path an /api request matched, for a metric's label: a raw
 * path holds ids, one label value per competition or order, which no
 * metrics store should keep. Built once from the contracts, so it knows
 * exactly the endpoints the API answers; a lookup is a split and a walk
 * of a few map entries, nothing per endpoint.
 */
export const makeRouteTemplates = (
  paths: Iterable<string> = declaredPaths(),
): ((path: string) => string) => {
  const root = node()
  for (const path of paths) {
    let at = root
    for (const segment of path.split("/")) {
      if (segment.startsWith(":")) {
        at.param ??= node()
        at = at.param
      } else {
        let next = at.statics.get(segment)
        if (!next) {
          next = node()
          at.statics.set(segment, next)
        }
        at = next
      }
    }
    at.template = path
  }
  return (path) => walk(root, path.split("/"), 0) ?? UNMATCHED_ROUTE
}

/** Every endpoint's path in the contracts. */
export const declaredPaths = (): string[] => {
  const paths = new Set<string>()
  HttpApi.reflect(HowzatApi, {
    onGroup: () => {},
    onEndpoint: ({ endpoint }) => {
      paths.add(endpoint.path)
    },
  })
  return [...paths]
}
