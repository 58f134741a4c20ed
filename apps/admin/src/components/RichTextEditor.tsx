import { escapeHtml } from "@howzat/core/rules"
import { useEffect, useId, useRef, useState } from "react"
import { safeLink } from "../lib/rich-text"

/**
 * A small rich-text editor over contentEditable, writing HTML: bold,
 * italic, headings, lists and links, the tags the server's allow-list keeps
 * (decision 0015). The server sanitises on save; the screen shows what it
 * kept. execCommand is old but is still what every browser's editing does,
 * and it keeps undo (Ctrl+Z) working.
 *
 * Each button's accessible name holds the words it shows (WCAG 2.5.3,
 * "label in name"): someone using speech input says what they see ("click
 * H2"), and the name, led by that text, still says what the button does.
 * The tooltip keeps the plain description.
 */
export const TOOLBAR_COMMANDS = [
  { name: "Bold", title: "Bold", text: "B", run: () => document.execCommand("bold") },
  { name: "Italic", title: "Italic", text: "I", run: () => document.execCommand("italic") },
  {
    name: "H2 heading",
    title: "Heading",
    text: "H2",
    run: () => document.execCommand("formatBlock", false, "h2"),
  },
  {
    name: "H3 subheading",
    title: "Subheading",
    text: "H3",
    run: () => document.execCommand("formatBlock", false, "h3"),
  },
  {
    name: "Paragraph",
    title: "Paragraph",
    text: "¶",
    run: () => document.execCommand("formatBlock", false, "p"),
  },
  {
    name: "Bulleted list",
    title: "Bulleted list",
    text: "• List",
    run: () => document.execCommand("insertUnorderedList"),
  },
  {
    name: "1. List, numbered",
    title: "Numbered list",
    text: "1. List",
    run: () => document.execCommand("insertOrderedList"),
  },
] as const

/** How rich text reads in the editor and in the saved preview alike. */
export const RICH_TEXT =
  "space-y-2 [&_a]:text-primary-700 [&_a]:underline [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"

export function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
}: {
  readonly label: string
  readonly value: string
  readonly onChange: (html: string) => void
  readonly onBlur?: () => void
  readonly error?: string
  readonly hint?: string
}) {
  const id = useId()
  const editor = useRef<HTMLDivElement>(null)
  const savedRange = useRef<Range | null>(null)
  const [linking, setLinking] = useState(false)
  const [linkText, setLinkText] = useState("")
  const [linkError, setLinkError] = useState<string>()

  // Only write the HTML in when it changed from outside (a reset after a
  // save): rewriting on every keystroke would throw the caret to the start.
  useEffect(() => {
    const el = editor.current
    if (el && el.innerHTML !== value) el.innerHTML = value
  }, [value])

  const changed = () => onChange(editor.current?.innerHTML ?? "")
  const apply = (run: () => unknown) => {
    editor.current?.focus()
    run()
    changed()
  }
  const startLink = () => {
    const selection = window.getSelection()
    savedRange.current =
      selection && selection.rangeCount > 0 && editor.current?.contains(selection.anchorNode)
        ? selection.getRangeAt(0).cloneRange()
        : null
    setLinkText("https://")
    setLinkError(undefined)
    setLinking(true)
  }
  const finishLink = () => {
    const href = safeLink(linkText)
    if (!href) {
      setLinkError("Enter a web address, such as https://example.com")
      return
    }
    editor.current?.focus()
    const selection = window.getSelection()
    if (savedRange.current && selection) {
      selection.removeAllRanges()
      selection.addRange(savedRange.current)
    }
    if (selection && !selection.isCollapsed) document.execCommand("createLink", false, href)
    else
      document.execCommand(
        "insertHTML",
        false,
        `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`,
      )
    changed()
    setLinking(false)
  }

  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className="space-y-1">
      <span id={`${id}-label`} className="label">
        {label}
      </span>
      <div className="rounded-md border border-slate-300 bg-white focus-within:ring-2 focus-within:ring-primary-600">
        <div
          role="toolbar"
          aria-label={`${label} formatting`}
          className="flex flex-wrap gap-1 border-b border-slate-200 p-1"
        >
          {TOOLBAR_COMMANDS.map((command) => (
            <button
              key={command.name}
              type="button"
              className="rounded px-2 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2"
              aria-label={command.name}
              title={command.title}
              // Keep the selection in the editor while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => apply(command.run)}
            >
              {command.text}
            </button>
          ))}
          <button
            type="button"
            className="rounded px-2 py-1 text-sm hover:bg-slate-100"
            onMouseDown={(event) => event.preventDefault()}
            onClick={startLink}
          >
            Link
          </button>
        </div>
        {linking && (
          <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 p-2">
            <label className="grow text-sm">
              <span className="label">Link address</span>
              <input
                className="input"
                value={linkText}
                // biome-ignore lint/a11y/noAutofocus: the staff member just asked to type the address
                autoFocus
                aria-invalid={linkError ? true : undefined}
                onChange={(event) => setLinkText(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault()
                    finishLink()
                  }
                  if (event.key === "Escape") setLinking(false)
                }}
              />
            </label>
            <button type="button" className="btn btn-primary" onClick={finishLink}>
              Add link
            </button>
            <button type="button" className="btn" onClick={() => setLinking(false)}>
              Cancel
            </button>
            {linkError && (
              <p role="alert" className="w-full text-xs text-red-700">
                {linkError}
              </p>
            )}
          </div>
        )}
        {/* biome-ignore lint/a11y/useSemanticElements: a rich-text area has no native element */}
        <div
          ref={editor}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
          aria-invalid={error ? true : undefined}
          contentEditable
          suppressContentEditableWarning
          className={`${RICH_TEXT} min-h-40 p-3 text-sm outline-none`}
          onInput={changed}
          onBlur={onBlur}
          // New lines as <p>, which the server keeps; Chromium's default <div> it would strip.
          onFocus={() => document.execCommand("defaultParagraphSeparator", false, "p")}
        />
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
