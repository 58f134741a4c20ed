import type { ContactMessageJson } from "@howzat/contracts/contact"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useCallback, useRef, useState } from "react"
import { api } from "../../../api"
import { Pager } from "../../../components/Pager"
import { Empty, ErrorNote, PageHeader } from "../../../components/PageStates"
import { formatDateTime } from "../../../lib/format"
import { messageSearch, replyLink, statusParam } from "../../../lib/messages"
import { pageTitle } from "../../../lib/page-title"
import { useAction } from "../../../lib/use-action"

export const Route = createFileRoute("/_staff/messages/")({
  head: () => ({ meta: [{ title: pageTitle("Messages") }] }),
  validateSearch: messageSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) =>
    api.contactMessages.list({
      urlParams: { Status: statusParam(deps), PageNumber: deps.page, PageSize: 20 },
    }),
  component: Messages,
})

/**
 * The contact form's messages (decision 0037): those still waiting first
 * (newest first), each with the sender's details, the message, a reply by
 * email and "mark handled". Handled ones stay under "All messages".
 */
function Messages() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const [done, setDone] = useState("")
  const status = useRef<HTMLParagraphElement>(null)
  const mark = useAction(
    useCallback(
      (id: string, handled: boolean) =>
        api.contactMessages.setHandled({ path: { messageId: id }, payload: { handled } }),
      [],
    ),
  )
  const onMark = async (message: ContactMessageJson, handled: boolean) => {
    setDone("")
    const changed = await mark.run(message.id, handled)
    if (changed === undefined) return
    setDone(
      `Message from ${message.firstName} ${message.lastName} marked ${handled ? "handled" : "as waiting"}.`,
    )
    // The message may have left the list: keep the keyboard on the page, at the news.
    status.current?.focus()
  }
  const showingAll = search.show === "all"
  return (
    <>
      <PageHeader title="Messages">
        <nav aria-label="Which messages" className="flex gap-2">
          <Link
            to="/messages"
            search={{}}
            className={`btn ${showingAll ? "" : "btn-primary"}`}
            aria-current={showingAll ? undefined : "page"}
          >
            Waiting
          </Link>
          <Link
            to="/messages"
            search={{ show: "all" }}
            className={`btn ${showingAll ? "btn-primary" : ""}`}
            aria-current={showingAll ? "page" : undefined}
          >
            All messages
          </Link>
        </nav>
      </PageHeader>
      <p
        ref={status}
        tabIndex={-1}
        role="status"
        className="mb-3 text-sm text-green-800 outline-none"
      >
        {done}
      </p>
      <ErrorNote error={mark.error} />
      {data.contactMessages.length === 0 ? (
        <Empty title={showingAll ? "No messages yet." : "Nothing waiting."}>
          {showingAll
            ? "Messages sent with the storefront's contact form appear here."
            : "Every message has been handled. Handled ones are under All messages."}
        </Empty>
      ) : (
        <ol className="space-y-3" aria-label="Messages, newest first">
          {data.contactMessages.map((message) => (
            <MessageCard
              key={message.id}
              message={message}
              busy={mark.pending}
              onMark={(handled) => void onMark(message, handled)}
            />
          ))}
        </ol>
      )}
      {data.totalCount > 0 && (
        <Pager
          page={data}
          onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
        />
      )}
    </>
  )
}

function MessageCard({
  message,
  busy,
  onMark,
}: {
  readonly message: ContactMessageJson
  readonly busy: boolean
  readonly onMark: (handled: boolean) => void
}) {
  const name = `${message.firstName} ${message.lastName}`
  const headingId = `message-${message.id}`
  const reply = replyLink(message)
  return (
    <li>
      <article aria-labelledby={headingId} className="card space-y-3 p-4">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="font-semibold">
              {name}
            </h2>
            <p className="text-sm text-slate-600">
              <span className="break-all">{message.email}</span> · {message.telephoneNumber}
            </p>
          </div>
          <div className="text-right text-sm text-slate-600">
            <p>
              Received <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </p>
            <p>
              {message.handledAt === null ? (
                <span className="font-medium text-amber-800">Waiting</span>
              ) : (
                <>Handled {formatDateTime(message.handledAt)}</>
              )}
            </p>
          </div>
        </header>
        <p className="whitespace-pre-wrap break-words text-slate-900">{message.message}</p>
        <div className="flex flex-wrap gap-2">
          {reply && (
            <a href={reply} className="btn">
              Reply by email
            </a>
          )}
          {message.handledAt === null ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => onMark(true)}
            >
              Mark handled
            </button>
          ) : (
            <button type="button" className="btn" disabled={busy} onClick={() => onMark(false)}>
              Mark as waiting
            </button>
          )}
        </div>
      </article>
    </li>
  )
}
