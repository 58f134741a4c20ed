import { type ReactNode, useEffect, useId, useState } from "react"

/**
 * A list's search box: the text is applied when staff press Enter or
 * Search (not on every key, so the URL and the server are not flooded), and
 * follows the URL when Back changes it. Extra filters go beside it.
 */
export function SearchBar({
  label,
  value,
  onSearch,
  children,
}: {
  readonly label: string
  readonly value: string | undefined
  readonly onSearch: (text: string | undefined) => void
  readonly children?: ReactNode
}) {
  const id = useId()
  const [text, setText] = useState(value ?? "")
  useEffect(() => setText(value ?? ""), [value])
  return (
    <form
      className="card flex flex-wrap items-end gap-3 p-3"
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(text.trim() === "" ? undefined : text.trim())
      }}
    >
      <div className="min-w-48 flex-1 space-y-1">
        <label htmlFor={id} className="label">
          {label}
        </label>
        <input
          id={id}
          type="search"
          className="input"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
      {children && <div className="flex flex-wrap items-end gap-2">{children}</div>}
    </form>
  )
}
