import { activeSocials, type SocialNetwork } from "../brand"
import { Icon, type IconName } from "./Icon"

const icons: Record<SocialNetwork, IconName> = {
  Facebook: "facebook",
  Instagram: "instagram",
  YouTube: "youtube",
  WhatsApp: "whatsapp",
  X: "x",
  Threads: "threads",
  TikTok: "tiktok",
}

export const SocialLinks = ({ className = "" }: { className?: string }) => (
  <ul className={`flex flex-wrap gap-2 ${className}`}>
    {activeSocials().map((social) => (
      <li key={social.network}>
        <a
          href={social.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${social.network} (opens in a new tab)`}
          title={social.network}
          className="inline-flex size-10 items-center justify-center rounded-full border border-line text-muted transition-colors hover:border-accent hover:text-accent"
        >
          <Icon name={icons[social.network]} />
        </a>
      </li>
    ))}
  </ul>
)
