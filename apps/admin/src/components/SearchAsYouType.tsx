import { useEffect, useId, useRef, useState } from "react"

/** How long typing must pause before the list follows: one request a pause, not one a key. */
export const SEARCH_PAUSE_MS = 300

/**
 * A search box that searches as staff type: the tidied text goes to the
 * address (and so to the server) once typing pauses, or at once on Enter.
 * The address is the truth: Back, or a Clear link, puts its text in the
 * box; the echo of what was just typed does not, so a space typed between
 * two words survives the pause.
 */
export function SearchAsYouType({
  label,
  hint,
  value,
  tidy,
  onSearch,
}: {
  readonly label: string
  readonly hint: string
  /** The search the address holds now. */
  readonly value: string | undefined
  /** Typed text as the address would hold it; undefined is no search. */
  readonly tidy: (text: string) => string | undefined
  readonly onSearch: (search: string | undefined) => void
}) {
  const id = useId()
  const [text, setText] = useState(value ?? "")
  const applied = useRef(value)
  const search = useRef(onSearch)
  search.current = onSearch

  useEffect(() => {
    applied.current = value
    setText((typed) => (tidy(typed) === value ? typed : (value ?? "")))
  }, [value, tidy])

  const apply = (typed: string) => {
    const wanted = tidy(typed)
    if (wanted === applied.current) return
    applied.current = wanted
    search.current(wanted)
  }

  useEffect(() => {
    if (tidy(text) === applied.current) return
    const timer = setTimeout(() => apply(text), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  })

  return (
    <search className="card mb-4 block p-4">
      <form
        onSubmit={(event) => {
          event.preventDefault()
          apply(text)
        }}
        className="space-y-1"
      >
        <label htmlFor={id} className="label">
          {label}
        </label>
        <input
          id={id}
          type="search"
          className="input"
          value={text}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      </form>
    </search>
  )
}
