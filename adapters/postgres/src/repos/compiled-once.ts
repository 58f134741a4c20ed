import { CompiledQuery as Compiled, type CompiledQuery } from "kysely"

/**
 * A statement Kysely builds and compiles once per shape, then only its
 * parameters filled in for each call. The catalogue's list is built from a
 * handful of filters, so a server sees a few dozen shapes, and building and
 * compiling one (expression builders, the camel-case transformer, the
 * compiler) cost more of an uncached list's CPU than anything but the
 * answer's encoding (decision 0096).
 *
 * The shape is compiled with a marker in place of each value (a string
 * nobody sends, a number no page reaches, a `Date` object compared by
 * identity), and each parameter of the result is traced back to the value
 * whose marker it is; a parameter that is no marker is a constant of the
 * shape (a visibility, a regular expression). A value the builder turns
 * into something else (a LIKE pattern made from a name) must be given to
 * it already turned, or it could not be traced: the values are what the
 * statement carries, not what the caller typed.
 */
export const compiledOnce = <Shape, Values extends object>(
  /** The statement for these values: the same builder whether given markers or real values. */
  build: (shape: Shape, values: Values) => CompiledQuery,
  /** A marker for every value: distinct, and equal to nothing a statement holds as a constant. */
  markers: { readonly [K in keyof Values]-?: NonNullable<Values[K]> },
  /** Shapes kept; a shape is which values are present plus its key. */
  maxShapes = 256,
) => {
  type Slot = { readonly value: keyof Values } | { readonly constant: unknown }
  const shapes = new Map<string, { readonly sql: string; readonly slots: readonly Slot[] }>()
  const keys = Object.keys(markers) as (keyof Values)[]
  /** `shapeKey` must tell apart every `shape` the builder would build differently. */
  return (shapeKey: string, shape: Shape, values: Values): CompiledQuery => {
    const present = keys.map((key) => (values[key] === undefined ? "0" : "1")).join("")
    const key = `${present}|${shapeKey}`
    let compiledShape = shapes.get(key)
    if (compiledShape === undefined) {
      const marked = Object.fromEntries(
        keys.map((key) => [key, values[key] === undefined ? undefined : markers[key]]),
      ) as Values
      const compiled = build(shape, marked)
      compiledShape = {
        sql: compiled.sql,
        slots: compiled.parameters.map((parameter): Slot => {
          const from = keys.find((k) => marked[k] !== undefined && marked[k] === parameter)
          return from === undefined ? { constant: parameter } : { value: from }
        }),
      }
      if (shapes.size >= maxShapes) shapes.clear()
      shapes.set(key, compiledShape)
    }
    return Compiled.raw(
      compiledShape.sql,
      compiledShape.slots.map((slot) => ("value" in slot ? values[slot.value] : slot.constant)),
    )
  }
}
