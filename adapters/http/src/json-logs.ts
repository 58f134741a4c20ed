import { format } from "node:util"
import {
  Cause,
  Context,
  FiberRef,
  FiberRefs,
  HashMap,
  type Layer,
  Logger,
  Option,
  Tracer,
} from "effect"

/** Where a finished line goes: stdout in the server, an array in a test. */
export type LineWriter = (line: string) => void

export const stdoutLines: LineWriter = (line) => {
  process.stdout.write(`${line}\n`)
}

/** What every line has; the rest are the event's own fields. */
interface LogLine {
  readonly time: string
  readonly level: string
  readonly msg: string
  readonly requestId?: string
  readonly traceId?: string
  readonly spanId?: string
  readonly [field: string]: unknown
}

/** A value as JSON takes it: an Error as its name, message and stack, never `{}`. */
const plain = (value: unknown): unknown =>
  value instanceof Error
    ? { name: value.name, message: value.message, stack: value.stack }
    : typeof value === "bigint"
      ? value.toString()
      : value

const stringify = (line: LogLine): string => {
  try {
    return JSON.stringify(line, (_key, value) => plain(value))
  } catch {
    // A circular value: the message alone, rather than losing the line.
    return JSON.stringify({ time: line.time, level: line.level, msg: line.msg })
  }
}

/**
 * Effect's logs as one JSON object a line (docs/decisions/0088): the
 * message, its level, the log annotations (the API's requestId among them)
 * as fields, and the trace and span ids when a span is current, so a line
 * leads to its trace. A failure's cause is pretty-printed into `cause`.
 */
export const jsonLogger = (write: LineWriter) =>
  Logger.make(({ annotations, cause, context, date, logLevel, message }) => {
    const parts = Array.isArray(message) ? message : [message]
    const text = parts.filter((p) => typeof p === "string").join(" ")
    const data = parts.filter((p) => typeof p !== "string")
    const fields: Record<string, unknown> = {}
    for (const [key, value] of HashMap.toEntries(annotations)) fields[key] = value
    const span = Context.getOption(
      FiberRefs.getOrDefault(context, FiberRef.currentContext),
      Tracer.ParentSpan,
    )
    const line: LogLine = {
      time: date.toISOString(),
      level: logLevel.label.toLowerCase(),
      msg: text,
      ...fields,
      ...(data.length === 1 ? { data: data[0] } : data.length > 1 ? { data } : {}),
      ...(Option.isSome(span) ? { traceId: span.value.traceId, spanId: span.value.spanId } : {}),
      ...(Cause.isEmpty(cause) ? {} : { cause: Cause.pretty(cause) }),
    }
    write(stringify(line))
  })

/** Replaces Effect's default logger with JSON lines, for a runtime's layer. */
export const jsonLoggerLayer = (write: LineWriter): Layer.Layer<never> =>
  Logger.replace(Logger.defaultLogger, jsonLogger(write))

const CONSOLE_LEVELS = [
  ["debug", "debug"],
  ["log", "info"],
  ["info", "info"],
  ["warn", "warn"],
  ["error", "error"],
] as const

/** An argument whose fields join the line's: `{ requestId }` and the like, not an array or an Error. */
const isFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Error) &&
  Object.getPrototypeOf(value) === Object.prototype

/**
 * The edge's and the libraries' console lines as JSON too, installed once
 * by the server's entry point when LOG_FORMAT=json; answers how to undo it.
 * Strings and numbers make the message, an Error goes in `error`, and a
 * plain object's fields join the line's: the edge passes `{ requestId }`
 * with a line about a request (app.ts), so the line leads to the request.
 */
export const installJsonConsole = (write: LineWriter = stdoutLines): (() => void) => {
  const saved = CONSOLE_LEVELS.map(([method]) => [method, console[method]] as const)
  for (const [method, level] of CONSOLE_LEVELS) {
    console[method] = (...args: unknown[]) => {
      const errors = args.filter((a) => a instanceof Error)
      const fields = Object.assign({}, ...args.filter(isFields))
      write(
        stringify({
          time: new Date().toISOString(),
          level,
          msg: format(...args.filter((a) => !(a instanceof Error) && !isFields(a))),
          ...fields,
          ...(errors.length > 0 ? { error: errors.length === 1 ? errors[0] : errors } : {}),
        }),
      )
    }
  }
  return () => {
    for (const [method, original] of saved) console[method] = original
  }
}
