import type { ReactNode } from "react"
import { Icon, type IconName } from "./Icon"

/** A page-sized message with an icon: outages, errors, missing competitions, coming-soon pages. */
export const MessagePage = ({ icon, children }: { icon: IconName; children: ReactNode }) => (
  <div className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
    <span className="mb-6 inline-flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent">
      <Icon name={icon} className="size-8" />
    </span>
    {children}
  </div>
)
