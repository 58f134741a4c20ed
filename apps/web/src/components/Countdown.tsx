import { type CountdownParts, countdownParts } from "@howzat/core/rules"

const units = [
  ["days", "DAYS", "day"],
  ["hours", "HRS", "hour"],
  ["minutes", "MINS", "minute"],
  ["seconds", "SECS", "second"],
] as const

const spoken = (parts: CountdownParts) =>
  units.map(([key, , word]) => `${parts[key]} ${word}${parts[key] === 1 ? "" : "s"}`).join(", ")

/**
 * Days, hrs, mins and secs to a deadline, or a dash when there is none
 * (docs/product/screens.md). A timer role is not announced each second.
 */
export const Countdown = ({
  deadline,
  now,
  size = "sm",
  tone = "plain",
}: {
  deadline: Date | null
  now: Date
  size?: "sm" | "lg"
  /** "inverse" sits on a dark, coloured panel. */
  tone?: "plain" | "inverse"
}) => {
  const inverse = tone === "inverse"
  const parts = countdownParts(deadline, now)
  if (parts === null) {
    return (
      <p className={`text-2xl font-bold ${inverse ? "text-white/80" : "text-muted"}`}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">No deadline</span>
      </p>
    )
  }
  const box =
    size === "lg"
      ? "min-w-16 rounded-xl px-2 py-2.5 sm:min-w-20"
      : "min-w-12 rounded-lg px-1.5 py-1.5"
  const digits = size === "lg" ? "text-3xl sm:text-4xl" : "text-lg"
  return (
    <div role="timer" aria-label={spoken(parts)} className="flex gap-1.5 sm:gap-2">
      {units.map(([key, label]) => (
        <div
          key={key}
          aria-hidden="true"
          className={`flex flex-col items-center ${inverse ? "bg-white/15 text-white" : "bg-sunken"} ${box}`}
        >
          <span className={`font-display font-bold tabular-nums leading-none ${digits}`}>
            {String(parts[key]).padStart(2, "0")}
          </span>
          <span
            className={`mt-1 text-[0.625rem] font-bold tracking-wider ${inverse ? "text-white/75" : "text-muted"}`}
          >
            {label}
          </span>
        </div>
      ))}
    </div>
  )
}
