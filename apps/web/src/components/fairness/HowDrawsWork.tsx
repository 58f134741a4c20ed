import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { brand } from "../../brand"
import { shellWord } from "../../lib/fairness"

const Step = ({ n, title, children }: { n: number; title: string; children: ReactNode }) => (
  <li className="card p-5 sm:p-6">
    <h2 className="mb-3 flex items-baseline gap-3 text-xl font-extrabold">
      <span
        aria-hidden="true"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-base text-accent-fg"
      >
        {n}
      </span>
      {title}
    </h2>
    <div className="space-y-3 leading-relaxed">{children}</div>
  </li>
)

const Code = ({ children }: { children: ReactNode }) => (
  <code className="rounded bg-sunken px-1.5 py-0.5 font-mono text-[0.9em] break-all">
    {children}
  </code>
)

/**
 * The draw procedure of docs/fairness.md in plain English: what we fix
 * before sales, what the draw reads, and how anyone re-derives a winner.
 * The exact byte-level rules live in that document and in verify-draw.
 */
export const HowDrawsWork = () => (
  <div className="space-y-6">
    <p className="max-w-3xl text-lg leading-relaxed">
      Every winner at {brand.shortName} can be checked by anyone, after the draw, from what we
      publish. Nobody, us included, can choose who wins: not before the competition opens, not while
      tickets sell, and not at the draw. Here is how.
    </p>
    <ol className="space-y-4">
      <Step n={1} title="Before the first ticket is sold, we fix a secret">
        <p>
          When we create a competition, a secure random number generator picks a 32-byte secret, the
          seed. We publish its fingerprint, the <strong>draw commitment</strong> (SHA-256 of the
          seed), on the competition page from the moment the competition appears. Changing the seed
          later would change the fingerprint, so the seed is fixed before anyone can enter.
        </p>
      </Step>
      <Step n={2} title="At the draw, we list every entry">
        <p>
          The entries are every sold ticket number of the competition: tickets of paid orders and
          free postal entries alike, in ascending order, one per line. We publish the SHA-256 of
          that list (the <strong>entries hash</strong>) and how many entries there are, and after
          the draw anyone can download the list itself: ticket numbers only, no names.
        </p>
        <p>
          Free postal entries have exactly the same chance as paid entries: each is one line of the
          same list.
        </p>
      </Step>
      <Step n={3} title="We add public randomness nobody could know in advance">
        <p>
          The draw also uses a value from <strong>drand</strong>, a public randomness beacon run by
          the League of Entropy (a group of independent organisations). We use the first value
          published after the competition closed, so neither we nor anyone else could know it while
          tickets were on sale, and anyone can look it up afterwards. A shop running without
          internet uses no beacon, and its proof says so plainly.
        </p>
      </Step>
      <Step n={4} title="The seed, the entries and the beacon pick the winner">
        <p>
          We compute HMAC-SHA256 with the seed as the key over the text{" "}
          <Code>competition id|entries hash|beacon|k</Code>, starting with <Code>k = 0</Code>, and
          read its first 8 bytes as a number. Dividing by the number of entries, the remainder is
          the winning position in the list. If the number falls in the small range at the very top
          that would favour the first entries, we try the next <Code>k</Code> instead, so every
          entry has exactly the same chance.
        </p>
        <p>
          Then we publish the proof on the competition page: the seed, the entries hash and count,
          the beacon value and where it came from, the <Code>k</Code> used, the winning ticket and
          the time of the draw.
        </p>
      </Step>
      <Step n={5} title="Instant wins are fixed before sales too">
        <p>
          Instant-win ticket numbers are picked by a secure random number generator when the prizes
          are set up, before the competition opens, never two prizes on one number. We publish a
          fingerprint of the list (with a secret salt) as the{" "}
          <strong>instant-win commitment</strong>, and reveal the salt and the list when the
          competition closes, so you can check nothing moved while tickets sold.
        </p>
      </Step>
      <Step n={6} title="When draws happen">
        <p>
          Live draws happen on our stream every Thursday at 8:30pm:{" "}
          <Link to="/Live" className="font-semibold text-accent hover:underline">
            watch them live
          </Link>
          . Other competitions are drawn by the shop itself at their draw time. Either way the draw
          is made once: asking again gives the same winner, never a new one. A competition that
          closes with no entries has no winner, and its proof says that too.
        </p>
      </Step>
      <Step n={7} title="Check any draw yourself">
        <p>
          Our checker is one command, run with Node.js in a copy of the shop's software: it
          downloads a draw's proof and entry list from this shop and re-derives the winner, printing
          every check: that the seed matches its commitment, that the entries match their hash, and
          that together with the beacon they pick the published winning ticket.
        </p>
        <p className="rounded-lg bg-sunken px-3 py-2 font-mono text-sm break-all">
          npm run verify-draw -- {shellWord(window.location.origin)} &lt;competition id&gt;
        </p>
        <p>
          Each competition's page shows the command with its own id, ready to copy, under{" "}
          <strong>Draw &amp; Fairness</strong>. Or write your own checker: the steps above, with the
          published values, are all it needs.
        </p>
      </Step>
    </ol>
  </div>
)
